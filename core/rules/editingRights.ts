import type { CountryCode } from '../countries';
import { may, type Action, type Place } from '../permissions';
import type { PageMeta } from '../schemas';
import type { UserPermissions } from '../team';
import { refusalOf } from './saveChanges';

/**
 * What the editor lets the user do with a page (issue 22 §2), from the permissions main read from the team
 * server's GET /me (the `permissions` channel). The server still decides every save; these only disable
 * what it would refuse, each control saying why in the words of the server's own refusal.
 */

/** The actions the editor shows: editing field values, the page's structure and options, custom code, bookmarks. */
export type EditingAction = Extract<Action, 'edit' | 'structure' | 'scripts' | 'bookmark'>;

/** For each action, why the user may not do it on this page, or null where they may. */
export type EditingRefusals = Readonly<Record<EditingAction, string | null>>;

/** The embedded store, or a team server whose answer is not known yet: nothing is refused here. */
export const NOTHING_REFUSED: EditingRefusals = { edit: null, structure: null, scripts: null, bookmark: null };

/** What each action changes, as a refusal names it ("not add, remove or reorder components (structure)"). */
const WHAT_ACTION_DOES: Record<EditingAction, string> = {
  edit: 'change field values',
  structure: 'add, remove or reorder components, or change the page options',
  scripts: 'change custom styles or scripts',
  bookmark: 'save bookmarks',
};

export function editingRefusals(permissions: UserPermissions, place: Place): EditingRefusals {
  if (permissions.mode === 'everything') return NOTHING_REFUSED;
  const refusal = (action: EditingAction) =>
    refusalOf(permissions.permissions, place, action, WHAT_ACTION_DOES[action]);
  return {
    edit: refusal('edit'),
    structure: refusal('structure'),
    scripts: refusal('scripts'),
    bookmark: refusal('bookmark'),
  };
}

/**
 * Multi-country editing: a structural change on the primary reaches every other country of the page
 * (multi-country rules), so the primary needs `structure` in each of them too; the refusal is the first such
 * country's, naming it. Every other action is the place's own.
 */
export function editingRefusalsWithFollowers(
  permissions: UserPermissions,
  place: Place,
  followers: readonly Place[],
): EditingRefusals {
  const own = editingRefusals(permissions, place);
  if (own.structure !== null) return own;
  for (const follower of followers) {
    const structure = editingRefusals(permissions, follower).structure;
    if (structure !== null) return { ...own, structure };
  }
  return own;
}

/** Whether nothing on the page may be changed: it opens read-only, with a banner saying why. */
export const isReadOnly = (refusals: EditingRefusals): boolean =>
  refusals.edit !== null && refusals.structure !== null && refusals.scripts !== null;

/**
 * Whether the desktop offers a page's audit trail: to admins of its place (the server decides, and answers
 * anyone else 403), and while the server's answer about the user is not known yet.
 */
export function mayReadPageAudit(permissions: UserPermissions, place: Place): boolean {
  return permissions.mode === 'everything' || may(permissions.permissions, 'admin', place);
}

/** Whether the user may create a page at the place (a new page needs `structure`, as the server checks). */
export function mayCreatePage(permissions: UserPermissions, place: Place): boolean {
  return permissions.mode === 'everything' || may(permissions.permissions, 'structure', place);
}

/** New Page's choices: the fascias where the user may create a page in some country, each with those countries. */
export function newPagePlaces<F extends string, C extends CountryCode>(
  permissions: UserPermissions,
  fascias: readonly F[],
  countries: readonly C[],
): Map<F, C[]> {
  const places = new Map<F, C[]>();
  for (const fascia of fascias) {
    const allowed = countries.filter((country) => mayCreatePage(permissions, { fascia, country }));
    if (allowed.length > 0) places.set(fascia, allowed);
  }
  return places;
}

const SCRIPT_META: readonly (keyof PageMeta)[] = ['stylesheets', 'customStyles', 'scripts', 'customScripts'];

/** The actions a change of the page's metadata needs: its styles and scripts `scripts`, the rest `structure`. */
export function actionsOfMetaChange(before: PageMeta, after: PageMeta): EditingAction[] {
  const changed = (Object.keys(after) as (keyof PageMeta)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  const actions: EditingAction[] = [];
  if (changed.some((field) => !SCRIPT_META.includes(field))) actions.push('structure');
  if (changed.some((field) => SCRIPT_META.includes(field))) actions.push('scripts');
  return actions;
}

/**
 * Whether the desktop offers Go live and Roll back on a page (issue 24): to users with publish at its place,
 * and with the embedded store, which has no roles. Without it the actions are absent, not disabled.
 */
export function mayPublish(permissions: UserPermissions, place: Place): boolean {
  return permissions.mode === 'everything' || may(permissions.permissions, 'publish', place);
}
