import { describePlace, may, type Action, type Permissions, type Place } from '../permissions';
import type { Component, PageContent } from '../schemas';
import { contentHash } from './hash';

/**
 * What a save changes compared with the version it replaces, as the permission each change needs (issue 22):
 * field values of existing components need `edit`; adding, removing, reordering, hiding or showing components,
 * a new page and the page's options need `structure`; custom styles and scripts need `scripts`.
 */

export type SaveChange =
  | 'create the page'
  | 'add or remove components'
  | 'reorder components'
  | 'hide or show components'
  | 'change the page options'
  | 'change custom styles or scripts'
  | 'change field values';

export const ACTION_OF_CHANGE: Record<SaveChange, Action> = {
  'create the page': 'structure',
  'add or remove components': 'structure',
  'reorder components': 'structure',
  'hide or show components': 'structure',
  'change the page options': 'structure',
  'change custom styles or scripts': 'scripts',
  'change field values': 'edit',
};

/** Page fields that run code on the storefront. */
const SCRIPT_FIELDS = ['customStyles', 'customScripts', 'stylesheets', 'scripts'] as const;

/** The script fields of a page that runs nothing of its own (core/schemas.ts emptyPageMeta). */
const NO_SCRIPTS: Pick<PageContent, (typeof SCRIPT_FIELDS)[number]> = { customStyles: '', customScripts: '' };

/**
 * Page fields that change with every save or with the saving desktop, not by an editor's choice: the key,
 * the save's own stamp, the components (compared one by one) and the addresses derived from settings.
 */
const NOT_OPTIONS = new Set<string>([
  'fascia',
  'country',
  'page',
  'source',
  'platform',
  'author',
  'timestamp',
  'hash',
  'commitMessage',
  'status',
  'content',
  'apiUrl',
  's3JsonUrl',
  ...SCRIPT_FIELDS,
]);

/**
 * The changes from base (null: the page is new) to next, each once, in the order of SaveChange. Both must
 * carry the hash the server computed for their components (core/store.ts stampSave): equal hashes skip the
 * component by component comparison.
 */
export function changesOfSave(base: PageContent | null, next: PageContent): SaveChange[] {
  const changes = new Set<SaveChange>();
  // A new page's styles and scripts run on the storefront as any change of them would: they need `scripts`.
  if (!base) {
    changes.add('create the page');
    if (SCRIPT_FIELDS.some((field) => differs(NO_SCRIPTS[field], next[field])))
      changes.add('change custom styles or scripts');
    return ORDER.filter((change) => changes.has(change));
  }
  if (SCRIPT_FIELDS.some((field) => differs(base[field], next[field]))) changes.add('change custom styles or scripts');
  const fields = new Set([...Object.keys(base), ...Object.keys(next)]);
  for (const field of fields) {
    if (NOT_OPTIONS.has(field)) continue;
    if (differs((base as Record<string, unknown>)[field], (next as Record<string, unknown>)[field])) {
      changes.add('change the page options');
      break;
    }
  }
  if (base.hash !== next.hash) for (const change of componentChanges(base.content, next.content)) changes.add(change);
  return ORDER.filter((change) => changes.has(change));
}

const ORDER = Object.keys(ACTION_OF_CHANGE) as SaveChange[];

function componentChanges(base: readonly Component[], next: readonly Component[]): SaveChange[] {
  const changes: SaveChange[] = [];
  const before = new Map(base.map((component) => [component._identifier, component]));
  const after = new Set(next.map((component) => component._identifier));
  const kept = next.filter((component) => before.has(component._identifier));
  // By identifiers, not counts: a list with one component dropped and another doubled has the same length.
  const removed = [...before.keys()].some((identifier) => !after.has(identifier));
  if (removed || kept.length !== next.length || after.size !== next.length) changes.push('add or remove components');
  const keptIds = new Set(kept.map((component) => component._identifier));
  const baseOrder = base.filter((component) => keptIds.has(component._identifier));
  if (baseOrder.some((component, index) => component._identifier !== kept[index]?._identifier))
    changes.push('reorder components');
  for (const component of kept) {
    const old = before.get(component._identifier)!;
    // Another type under the same identifier replaces the component: its fields are the new one's.
    if (old._component !== component._component) {
      changes.push('add or remove components');
      continue;
    }
    if (old.hidden !== component.hidden) changes.push('hide or show components');
    if (differs({ ...old, hidden: undefined }, { ...component, hidden: undefined }))
      changes.push('change field values');
  }
  return changes;
}

function differs(a: unknown, b: unknown): boolean {
  if (a === b) return false;
  if (a === undefined || b === undefined) return true;
  return contentHash(a) !== contentHash(b);
}

/** How a refusal names what the user may do at the place. */
function whatTheyMay(permissions: Permissions, place: Place): string {
  const where = describePlace(place);
  if (may(permissions, 'structure', place)) return `change ${where} pages`;
  if (may(permissions, 'edit', place)) return `edit ${where} text`;
  if (may(permissions, 'view', place)) return `view ${where} pages`;
  return `do nothing with ${where} pages`;
}

/** The first of the changes whose action the permissions do not allow at the place, or null. */
export function firstRefusedChange(
  permissions: Permissions,
  place: Place,
  changes: readonly SaveChange[],
): SaveChange | null {
  return changes.find((change) => !may(permissions, ACTION_OF_CHANGE[change], place)) ?? null;
}

/**
 * The refusal of a save, or null when the permissions allow every change at the place. It names the first
 * missing action and what it would have allowed, e.g. "Your roles let you edit JD DE text, not add or remove
 * components (structure)."
 */
export function refusalOfSave(permissions: Permissions, place: Place, changes: readonly SaveChange[]): string | null {
  const refused = firstRefusedChange(permissions, place, changes);
  if (!refused) return null;
  return `Your roles let you ${whatTheyMay(permissions, place)}, not ${refused} (${ACTION_OF_CHANGE[refused]}).`;
}

/** The refusal of any other request that needs one action at a place (a bookmark, presence), or null. */
export function refusalOf(permissions: Permissions, place: Place, action: Action, what: string): string | null {
  if (may(permissions, action, place)) return null;
  return `Your roles let you ${whatTheyMay(permissions, place)}, not ${what} (${action}).`;
}
