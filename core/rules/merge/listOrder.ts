import { diffComponents } from '../versionDiff';

/**
 * The order of a merged list (components, or list items matched by identity), from the base order and each
 * side's order. An anchor merge, symmetric in theirs and mine:
 * - an item a side added, or moved (versionDiff's notion: not in the longest run that kept the base order), is
 *   "placed" by that side; an item both sides moved is placed by mine (the saver's order wins that tie);
 * - every other kept item is "stable" and keeps the base order;
 * - a placed item goes right after its anchor: the nearest item before it in its side's list that is kept and
 *   stable or placed by the same side (never one the other side placed, so anchors form a tree, never a cycle);
 * - items placed after the same anchor by both sides come in the order of their keys, so swapping theirs and
 *   mine gives the same list. Additions from both sides are both kept, and independent moves both apply.
 */
export function mergeOrder(
  base: readonly string[],
  theirs: readonly string[],
  mine: readonly string[],
  kept: ReadonlySet<string>,
): string[] {
  const placedByMine = placedKeys(base, mine);
  const placedByTheirs = placedKeys(base, theirs);
  const placer = (key: string): 'mine' | 'theirs' | null =>
    placedByMine.has(key) ? 'mine' : placedByTheirs.has(key) ? 'theirs' : null;

  const after = new Map<string | null, string[]>();
  for (const [side, list] of [
    ['theirs', theirs],
    ['mine', mine],
  ] as const) {
    let anchor: string | null = null;
    for (const key of list) {
      if (!kept.has(key)) continue;
      const placedBy = placer(key);
      if (placedBy === side) {
        after.set(anchor, [...(after.get(anchor) ?? []), key]);
        anchor = key;
      } else if (placedBy === null) {
        anchor = key;
      }
    }
  }

  const order: string[] = [];
  const emitAfter = (anchor: string | null): void => {
    for (const key of [...(after.get(anchor) ?? [])].sort()) {
      order.push(key);
      emitAfter(key);
    }
  };
  emitAfter(null);
  for (const key of base) {
    if (!kept.has(key) || placer(key) !== null) continue;
    order.push(key);
    emitAfter(key);
  }
  return order;
}

/** The keys a side added or moved against base, as the version difference counts them. */
function placedKeys(base: readonly string[], side: readonly string[]): Set<string> {
  // versionDiff compares components; a key alone, dressed as a component, is all it looks at for order.
  const shell = (key: string) => ({
    _component: '',
    _identifier: key,
    name: '',
    hidden: false,
    classes: [],
    content: {},
  });
  const entries = diffComponents(base.map(shell), side.map(shell));
  return new Set(entries.filter((entry) => entry.status === 'added' || entry.moved).map((entry) => entry.identifier));
}
