import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_GROUPS, regroup, type Grouping } from '../../core/rules/chunks';

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `id${from + i}`);
const keyOf = (grouping: Grouping) =>
  new Map(grouping.groups.flatMap((group) => group.ids.map((id) => [id, group.key] as const)));

/** The invariants of any grouping: the order, in groups of at most twice `size`, with distinct keys. */
function expectValid(grouping: Grouping, order: readonly string[], size: number) {
  expect(grouping.groups.flatMap((group) => group.ids)).toEqual(order);
  expect(grouping.groups.every((group) => group.ids.length >= 1 && group.ids.length <= 2 * size)).toBe(true);
  expect(new Set(grouping.groups.map((group) => group.key)).size).toBe(grouping.groups.length);
}

describe('regroup (stable groups of preview blocks)', () => {
  it('fills new groups up to the size', () => {
    const grouping = regroup(NO_GROUPS, ids(70), 32);
    expect(grouping.groups.map((group) => group.ids.length)).toEqual([32, 32, 6]);
  });

  it('a delete or an insert changes the group of no other id, a move that of one id', () => {
    const size = 8;
    const change = fc.oneof(
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.array(change, { maxLength: 25 }), (count, changes) => {
        let order = ids(count);
        let grouping = regroup(NO_GROUPS, order, size);
        let fresh = 1000;
        for (const step of changes) {
          const next = [...order];
          let touched: string | undefined;
          if (step.kind === 'delete' && next.length > 0) [touched] = next.splice(step.at % next.length, 1);
          else if (step.kind === 'insert') next.splice(step.at % (next.length + 1), 0, (touched = `id${fresh++}`));
          else if (step.kind === 'move' && next.length > 0) {
            [touched] = next.splice(step.at % next.length, 1);
            next.splice(step.to % (next.length + 1), 0, touched!);
          }
          const before = keyOf(grouping);
          const after = regroup(grouping, next, size);
          expectValid(after, next, size);
          // Only a group grown past twice the size is split, moving the ids of its later parts.
          const splitting = new Set(grouping.groups.filter((g) => g.ids.length >= 2 * size).flatMap((g) => g.ids));
          const regrouped = next.filter((id) => !splitting.has(id) && before.get(id) !== keyOf(after).get(id));
          // A new id has no group before; a move changes the group of one id (the moved one, or the one it
          // swapped places with: the same order either way).
          if (step.kind === 'move') expect(regrouped.length).toBeLessThanOrEqual(1);
          else expect(regrouped.filter((id) => id !== touched)).toEqual([]);
          order = next;
          grouping = after;
        }
      }),
    );
  });

  it('splits a group grown past twice the size by inserts, the first part keeping its key', () => {
    let order = ids(8);
    let grouping = regroup(NO_GROUPS, order, 8);
    for (let i = 0; i < 9; i++) {
      order = [...order.slice(0, 1), `new${i}`, ...order.slice(1)];
      grouping = regroup(grouping, order, 8);
    }
    expect(grouping.groups.map((group) => [group.key, group.ids.length])).toEqual([
      [0, 8],
      [1, 8],
      [2, 1],
    ]);
  });

  it('keeps the groups of a whole new order with the same ids (a reset of the same page)', () => {
    const order = ids(100);
    const grouping = regroup(NO_GROUPS, order, 32);
    expect(regroup(grouping, order, 32)).toEqual(grouping);
  });
});
