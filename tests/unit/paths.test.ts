import { describe, expect, it } from 'vitest';
import { applyItemAction, moveItem, setIn } from '../../core/rules/paths';

const doc = () => ({
  title: 'Page',
  meta: { category: 'Trainers', links: { uat: 'u', live: 'l' } },
  components: [
    { name: 'A', content: { title: 'a', items: [{ image: 'a1' }, { image: 'a2' }] } },
    { name: 'B', content: { title: 'b' } },
  ],
});

describe('setIn', () => {
  it('sets the value at a path and returns a new root', () => {
    const before = doc();
    const after = setIn(before, ['meta', 'links', 'live'], 'L');
    expect(after.meta.links.live).toBe('L');
    expect(after).not.toBe(before);
    expect(after.meta).not.toBe(before.meta);
    expect(after.meta.links).not.toBe(before.meta.links);
  });

  it('does not mutate the original', () => {
    const before = doc();
    const snapshot = structuredClone(before);
    setIn(before, ['components', 0, 'content', 'items', 1, 'image'], 'changed');
    setIn(before, ['meta', 'category'], 'Other');
    expect(before).toEqual(snapshot);
  });

  it('copies only along the path: unchanged siblings keep their identity', () => {
    const before = doc();
    const after = setIn(before, ['meta', 'links', 'live'], 'L');
    expect(after.components).toBe(before.components);
    expect(after.meta.category).toBe(before.meta.category);
    const afterComponent = setIn(before, ['components', 0, 'content', 'title'], 'z');
    expect(afterComponent.meta).toBe(before.meta);
    expect(afterComponent.components).not.toBe(before.components);
    expect(afterComponent.components[1]).toBe(before.components[1]);
    expect(afterComponent.components[0]!.content.items).toBe(before.components[0]!.content.items);
  });

  it('works through arrays, keeping them arrays', () => {
    const before = doc();
    const after = setIn(before, ['components', 0, 'content', 'items', 1, 'image'], 'a2-new');
    expect(Array.isArray(after.components)).toBe(true);
    expect(Array.isArray(after.components[0]!.content.items)).toBe(true);
    expect(after.components[0]!.content.items).toEqual([{ image: 'a1' }, { image: 'a2-new' }]);
    expect(after.components[0]!.content.items![0]).toBe(before.components[0]!.content.items![0]);
    expect(after.components[0]!.content.items![1]).not.toBe(before.components[0]!.content.items![1]);
  });

  it('replaces a whole array item', () => {
    const after = setIn([1, 2, 3], [1], 20);
    expect(after).toEqual([1, 20, 3]);
  });

  it('creates missing objects along the path', () => {
    expect(setIn({}, ['a', 'b', 'c'], 1)).toEqual({ a: { b: { c: 1 } } });
    expect(setIn(undefined, ['a'], 1)).toEqual({ a: 1 });
    const before = doc();
    const after = setIn(before, ['components', 1, 'content', 'link', 'url'], '/x');
    expect(after.components[1]).toEqual({ name: 'B', content: { title: 'b', link: { url: '/x' } } });
  });

  it('replaces a primitive in the way with an object', () => {
    expect(setIn({ a: 'text' }, ['a', 'b'], 1)).toEqual({ a: { b: 1 } });
  });

  it('with an empty path returns the value itself', () => {
    const value = { x: 1 };
    expect(setIn(doc(), [], value)).toBe(value);
  });

  it('keeps the identity of the value it sets', () => {
    const value = { deep: [1] };
    expect(setIn(doc(), ['meta', 'extra'], value).meta).toHaveProperty('extra', value);
    expect((setIn(doc(), ['meta', 'extra'], value).meta as Record<string, unknown>).extra).toBe(value);
  });
});

describe('moveItem', () => {
  const list = () => ['a', 'b', 'c', 'd'];

  it('moves an item forwards and backwards', () => {
    expect(moveItem(list(), 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list(), 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(list(), 1, 1)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps the target index', () => {
    expect(moveItem(list(), 0, 99)).toEqual(['b', 'c', 'd', 'a']);
    expect(moveItem(list(), 3, -5)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('returns an unchanged copy for a source index out of range', () => {
    const original = list();
    for (const from of [-1, 4, 99]) {
      const moved = moveItem(original, from, 0);
      expect(moved).toEqual(['a', 'b', 'c', 'd']);
      expect(moved).not.toBe(original);
    }
  });

  it('does not mutate the list and always returns a new one', () => {
    const original = Object.freeze(list());
    const moved = moveItem(original, 0, 3);
    expect(original).toEqual(['a', 'b', 'c', 'd']);
    expect(moved).not.toBe(original);
    expect(moveItem(original, 2, 2)).not.toBe(original);
  });

  it('keeps every item exactly once', () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const moved = moveItem(items, 2, 0);
    expect(moved).toHaveLength(3);
    expect(moved[0]).toBe(items[2]);
    expect(new Set(moved)).toEqual(new Set(items));
  });

  it('handles an empty list', () => {
    expect(moveItem([], 0, 0)).toEqual([]);
  });
});

describe('applyItemAction', () => {
  const copy = (item: string) => `${item}'`;
  it('moves an item one place up or down, and not past either end', () => {
    expect(applyItemAction(['a', 'b', 'c'], 'up', 1, copy)).toEqual(['b', 'a', 'c']);
    expect(applyItemAction(['a', 'b', 'c'], 'down', 1, copy)).toEqual(['a', 'c', 'b']);
    expect(applyItemAction(['a', 'b', 'c'], 'up', 0, copy)).toEqual(['a', 'b', 'c']);
    expect(applyItemAction(['a', 'b', 'c'], 'down', 2, copy)).toEqual(['a', 'b', 'c']);
  });
  it('puts the copy right after the item, and removes only the item', () => {
    expect(applyItemAction(['a', 'b', 'c'], 'duplicate', 1, copy)).toEqual(['a', 'b', "b'", 'c']);
    expect(applyItemAction(['a', 'b', 'c'], 'remove', 1, copy)).toEqual(['a', 'c']);
  });
  it('keeps values and keys paired when applied to both', () => {
    const values = [{ n: 1 }, { n: 2 }];
    const keys = ['k1', 'k2'];
    const nextValues = applyItemAction(values, 'duplicate', 0, structuredClone);
    const nextKeys = applyItemAction(keys, 'duplicate', 0, () => 'k3');
    expect(nextKeys).toEqual(['k1', 'k3', 'k2']);
    expect(nextValues).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
    expect(nextValues[1]).not.toBe(values[0]);
  });
});
