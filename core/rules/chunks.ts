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
