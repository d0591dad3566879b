import { describePlace, may, type Action, type Permissions, type Place } from '../permissions';
import type { Component, PageContent } from '../schemas';

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
 * The changes from base (null: the page is new) to next, each once, in the order of SaveChange. The pages'
 * `hash` is not trusted (a client sends its own): components are compared one by one.
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
  for (const change of componentChanges(base.content, next.content)) changes.add(change);
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
    if (!sameValue(old, component, 'hidden')) changes.push('change field values');
  }
  return changes;
}

function differs(a: unknown, b: unknown): boolean {
  return !sameValue(a, b);
}

/**
 * Whether a and b are the same JSON value as contentHash sees it (object keys in any order, a key whose value
 * is undefined as absent), `ignoredKey` of a and b themselves left out. Stops at the first difference, and
 * hashes nothing: the server compares every save of a 300-component page with this.
 */
function sameValue(a: unknown, b: unknown, ignoredKey?: string): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => sameValue(item ?? null, other[index] ?? null));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keysOf = (record: Record<string, unknown>) =>
    Object.keys(record).filter((key) => key !== ignoredKey && record[key] !== undefined);
  const keys = keysOf(left);
  if (keys.length !== keysOf(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
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
