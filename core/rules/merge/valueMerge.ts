import { isRecord, sameValue, type Segment } from './paths';
import { mergeOrder } from './listOrder';

/** A clash found while merging: where, and each side's value (undefined where the side has none). */
export interface Clash {
  path: Segment[];
  base: unknown;
  theirs: unknown;
  mine: unknown;
}

/** A merged value (undefined: absent) and the clashes inside it, each holding mine. */
export interface Merged {
  value: unknown;
  clashes: Clash[];
}

/** Paths merged as one value even when they hold records or lists (a component's name, classes...). */
export type IsWhole = (path: readonly Segment[]) => boolean;

/**
 * The three-way merge of one value at `path`. A change on one side is taken, the same change on both once.
 * Changed two ways: records merge key by key, lists item by item (see mergeList); any other value, or values
 * of different shapes, is a clash that holds mine.
 */
export function mergeValue(base: unknown, theirs: unknown, mine: unknown, path: Segment[], isWhole: IsWhole): Merged {
  if (sameValue(theirs, mine) || sameValue(base, theirs)) return { value: mine, clashes: [] };
  if (sameValue(base, mine)) return { value: theirs, clashes: [] };
  if (!isWhole(path)) {
    if (isRecord(base) && isRecord(theirs) && isRecord(mine)) return mergeRecord(base, theirs, mine, path, isWhole);
    if (Array.isArray(base) && Array.isArray(theirs) && Array.isArray(mine)) {
      return mergeList(base, theirs, mine, path, isWhole);
    }
  }
  return { value: mine, clashes: [{ path, base, theirs, mine }] };
}

/** Key by key; the keys in mine's order, then theirs' new ones. A key merged to undefined is left out. */
function mergeRecord(
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  mine: Record<string, unknown>,
  path: Segment[],
  isWhole: IsWhole,
): Merged {
  const value: Record<string, unknown> = {};
  const clashes: Clash[] = [];
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])) {
    const merged = mergeValue(base[key], theirs[key], mine[key], [...path, key], isWhole);
    if (merged.value !== undefined) value[key] = merged.value;
    clashes.push(...merged.clashes);
  }
  return { value, clashes };
}

/** Keys that give a list item its identity, best first (a component's, a main banner button's). */
const IDENTITY_KEYS = ['_identifier', 'id'] as const;

/**
 * The key by which the items of all three lists are matched: one every item holds as a non-empty text, unique
 * within its list. None: the items are matched by position.
 */
function identityKey(lists: readonly (readonly unknown[])[]): string | null {
  return (
    IDENTITY_KEYS.find((key) =>
      lists.every((list) => {
        const identities = list.map((item) => (isRecord(item) ? item[key] : undefined));
        return (
          identities.every((identity) => typeof identity === 'string' && identity !== '') &&
          new Set(identities).size === identities.length
        );
      }),
    ) ?? null
  );
}

function mergeList(
  base: readonly unknown[],
  theirs: readonly unknown[],
  mine: readonly unknown[],
  path: Segment[],
  isWhole: IsWhole,
): Merged {
  const key = identityKey([base, theirs, mine]);
  if (key !== null) {
    const byKey = (list: readonly unknown[]) => list as readonly Record<string, unknown>[];
    return mergeKeyedList(byKey(base), byKey(theirs), byKey(mine), (item) => item[key] as string, path, isWhole);
  }
  return mergePositionalList(base, theirs, mine, path, isWhole);
}

/**
 * Item by position. An item gone on one side and unchanged on the other is removed; an item only one side has
 * beyond the base's end is added. Should that leave a gap (one side shortened the list, the other lengthened
 * it, or edited an item past one the other removed, which settling for theirs would bring back), positions no
 * longer say which item is which: the whole list is one clash.
 */
function mergePositionalList(
  base: readonly unknown[],
  theirs: readonly unknown[],
  mine: readonly unknown[],
  path: Segment[],
  isWhole: IsWhole,
): Merged {
  const items: unknown[] = [];
  const clashes: Clash[] = [];
  /** Whether each place may hold an item once settled: merged to one, or a clash either way. */
  const held: boolean[] = [];
  for (let index = 0; index < Math.max(base.length, theirs.length, mine.length); index++) {
    const merged = mergeValue(base[index], theirs[index], mine[index], [...path, index], isWhole);
    items.push(merged.value);
    held.push(merged.value !== undefined || merged.clashes.length > 0);
    clashes.push(...merged.clashes);
  }
  if (hasGap(held) || hasGap(items.map((item) => item !== undefined))) {
    return { value: mine, clashes: [{ path, base, theirs, mine }] };
  }
  // A clash holding mine where mine has no item ends the list there (settling for theirs brings it back).
  const end = items.indexOf(undefined);
  return { value: end === -1 ? items : items.slice(0, end), clashes };
}

/** A place without an item before one with an item. */
const hasGap = (present: readonly boolean[]): boolean => {
  const end = present.indexOf(false);
  return end !== -1 && present.slice(end).some(Boolean);
};

/** One item of a keyed list, matched across the three sides, in the merged order. */
export interface KeyedEntry<T> {
  key: string;
  base: T | undefined;
  theirs: T | undefined;
  mine: T | undefined;
  /** Removed on one side and edited on the other: a clash of the whole item, which holds mine. */
  removedAndEdited: boolean;
}

/**
 * The items of three keyed lists, matched by key, in the merged order (listOrder.ts), present and clashing ones:
 * an item removed on one side and unchanged on the other, or removed on both, is left out. A clashing item mine
 * removed is listed too (so paths count it: resolving it for theirs puts it back there) but is absent from the
 * merged list until resolved.
 */
export function matchKeyed<T>(
  base: readonly T[],
  theirs: readonly T[],
  mine: readonly T[],
  keyOf: (item: T) => string,
): KeyedEntry<T>[] {
  const index = (list: readonly T[]) => new Map(list.map((item) => [keyOf(item), item]));
  const [baseByKey, theirsByKey, mineByKey] = [index(base), index(theirs), index(mine)];
  const entries = new Map<string, KeyedEntry<T>>();
  for (const key of new Set([...baseByKey.keys(), ...theirsByKey.keys(), ...mineByKey.keys()])) {
    const entry = { key, base: baseByKey.get(key), theirs: theirsByKey.get(key), mine: mineByKey.get(key) };
    const gone = entry.base !== undefined && (entry.theirs === undefined || entry.mine === undefined);
    const other = entry.theirs ?? entry.mine;
    if (gone && (other === undefined || sameValue(entry.base, other))) continue;
    entries.set(key, { ...entry, removedAndEdited: gone });
  }
  return mergeOrder(base.map(keyOf), theirs.map(keyOf), mine.map(keyOf), new Set(entries.keys())).map(
    (key) => entries.get(key) as KeyedEntry<T>,
  );
}

/** A list whose items have an identity: matched by it, and each item merged field by field at its place. */
function mergeKeyedList(
  base: readonly Record<string, unknown>[],
  theirs: readonly Record<string, unknown>[],
  mine: readonly Record<string, unknown>[],
  keyOf: (item: Record<string, unknown>) => string,
  path: Segment[],
  isWhole: IsWhole,
): Merged {
  const items: unknown[] = [];
  const clashes: Clash[] = [];
  matchKeyed(base, theirs, mine, keyOf).forEach((entry, index) => {
    const merged = entry.removedAndEdited
      ? { value: entry.mine, clashes: [{ path: [...path, index], ...sides(entry) }] }
      : mergeValue(entry.base ?? addedOnBoth(entry), entry.theirs, entry.mine, [...path, index], isWhole);
    if (merged.value !== undefined) items.push(merged.value);
    clashes.push(...merged.clashes);
  });
  return { value: items, clashes };
}

/** The values of a keyed entry, for a clash. */
export function sides<T>(entry: KeyedEntry<T>): { base: T | undefined; theirs: T | undefined; mine: T | undefined } {
  return { base: entry.base, theirs: entry.theirs, mine: entry.mine };
}

/** The base of an item both sides added under one key: nothing, so equal fields merge and others clash. */
export function addedOnBoth<T>(entry: KeyedEntry<T>): Record<string, unknown> | undefined {
  return entry.theirs !== undefined && entry.mine !== undefined ? {} : undefined;
}
