/**
 * Splits a long list into fixed-size groups. Both renderers render big pages as groups of memoised groups:
 * React visits every sibling of an updated element, so 1000 flat siblings cost 1000 checks per keystroke,
 * while 32 groups of 32 cost about 64.
 */
export const CHUNK_SIZE = 32;

export function chunk<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}

/** Whether two lists hold the same items in the same order (a group's memo check). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Groups of a list, each with a key that stays while the group lives (a React key). */
export interface Grouping {
  groups: readonly { key: number; ids: readonly string[] }[];
  /** The key the next new group gets. */
  nextKey: number;
}

export const NO_GROUPS: Grouping = { groups: [], nextKey: 0 };

/**
 * Groups a new order of ids so that ids stay in the group they were in: a delete, an insert or a move changes
 * the group of no other id (fixed-size chunks shift one id per later group, and React remounts an element
 * moved between parents). The ids that kept their relative order (a longest such sequence) keep their groups;
 * the others (new ones, moved ones) join the group they land in, or at a boundary the group before them while
 * it has room, else a new group. A group grown past twice `size` by inserts is split, its first part keeping
 * the key; new groups fill up to `size`.
 */
export function regroup(previous: Grouping, order: readonly string[], size = CHUNK_SIZE): Grouping {
  const groupOf = new Map<string, number>();
  const rank = new Map<string, number>();
  for (const group of previous.groups)
    for (const id of group.ids) {
      groupOf.set(id, group.key);
      rank.set(id, rank.size);
    }
  const stable = longestInOrder(order, rank);
  /** Ids of each group still to come in the walk below. */
  const remaining = new Map<number, number>();
  for (const id of stable) remaining.set(groupOf.get(id)!, (remaining.get(groupOf.get(id)!) ?? 0) + 1);

  const walked: { key: number; ids: string[] }[] = [];
  let nextKey = previous.nextKey;
  let current: { key: number; ids: string[] } | undefined;
  for (const id of order) {
    if (stable.has(id)) {
      const key = groupOf.get(id)!;
      if (current?.key !== key) walked.push((current = { key, ids: [] }));
      current.ids.push(id);
      remaining.set(key, remaining.get(key)! - 1);
    } else if (current && ((remaining.get(current.key) ?? 0) > 0 || current.ids.length < size)) current.ids.push(id);
    else walked.push((current = { key: nextKey++, ids: [id] }));
  }
  const groups = walked.flatMap((group) =>
    group.ids.length <= 2 * size
      ? [group]
      : chunk(group.ids, size).map((ids, index) => ({ key: index === 0 ? group.key : nextKey++, ids })),
  );
  return { groups, nextKey };
}

/** The ids of a longest subsequence of `order` whose ranks increase (ids without a rank are left out). */
function longestInOrder(order: readonly string[], rank: ReadonlyMap<string, number>): Set<string> {
  const ranked = order.filter((id) => rank.has(id));
  /** tails[k]: index in `ranked` of the smallest last rank of an increasing subsequence of length k + 1. */
  const tails: number[] = [];
  const before: number[] = [];
  ranked.forEach((id, index) => {
    const value = rank.get(id)!;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (rank.get(ranked[tails[middle]!]!)! < value) low = middle + 1;
      else high = middle;
    }
    before[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  });
  const kept = new Set<string>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = before[index]!) kept.add(ranked[index]!);
  return kept;
}
