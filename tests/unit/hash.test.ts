import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash, stableStringify } from '../../core/rules/hash';

/** Hashes computed once with the current algorithm; a change would orphan saved hashes and draft file names. */
const PINNED_PAGE_HASH = 'b146d9c13d4dd1a4';
const PINNED_BOOKMARK_HASH = 'a6ef51b386c004eb';

describe('stableStringify', () => {
  it('sorts keys at the top level', () => {
    expect(stableStringify({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
  });

  it('sorts keys at every depth, including objects inside arrays', () => {
    const value = { z: { y: { x: 1, w: 2 }, v: [{ u: 1, t: 2 }] }, a: null };
    expect(stableStringify(value)).toBe('{"a":null,"z":{"v":[{"t":2,"u":1}],"y":{"w":2,"x":1}}}');
  });

  it('gives the same text whatever the insertion order', () => {
    const one = { a: 1, b: { c: [1, 2], d: 'x' } };
    const two = { b: { d: 'x', c: [1, 2] }, a: 1 };
    expect(stableStringify(one)).toBe(stableStringify(two));
  });

  it('keeps array order', () => {
    expect(stableStringify([3, 1, 2])).toBe('[3,1,2]');
    expect(stableStringify([3, 1, 2])).not.toBe(stableStringify([1, 2, 3]));
  });

  it('drops undefined properties at every depth', () => {
    expect(stableStringify({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(stableStringify({ b: { c: undefined, d: { e: undefined, f: 2 } } })).toBe('{"b":{"d":{"f":2}}}');
    expect(stableStringify([{ a: undefined, b: 1 }])).toBe('[{"b":1}]');
  });

  it('treats an object with an undefined property like one without it', () => {
    expect(stableStringify({ a: 1, b: undefined })).toBe(stableStringify({ a: 1 }));
  });

  it('writes undefined array items as null, as JSON does', () => {
    expect(stableStringify([1, undefined, 2])).toBe('[1,null,2]');
  });

  it('serialises primitives as JSON', () => {
    expect(stableStringify('a"b')).toBe('"a\\"b"');
    expect(stableStringify(12.5)).toBe('12.5');
    expect(stableStringify(true)).toBe('true');
    expect(stableStringify(null)).toBe('null');
  });

  it('escapes keys as JSON', () => {
    expect(stableStringify({ 'a"b': 1 })).toBe('{"a\\"b":1}');
  });

  it('is valid JSON that reads back to the same value', () => {
    const value = { b: [1, { d: 'x', c: null }], a: { 'k"ey': 'é\n' }, n: -0.5 };
    expect(JSON.parse(stableStringify(value))).toEqual(value);
  });
});

function buildPage(order: 'forward' | 'reverse') {
  if (order === 'forward') {
    return {
      title: 'Summer sale',
      components: [{ _component: 'Banner', content: { text: 'Hi', size: 12, on: true, tags: ['a', 'b'] } }],
      meta: { category: 'Trainers', links: { uat: 'u', live: 'l' } },
    };
  }
  return {
    meta: { links: { live: 'l', uat: 'u' }, category: 'Trainers' },
    components: [{ content: { tags: ['a', 'b'], on: true, size: 12, text: 'Hi' }, _component: 'Banner' }],
    title: 'Summer sale',
  };
}

describe('contentHash', () => {
  it('is the two-lane hash of the stableStringify text, for any value', () => {
    // The definition the pinned hashes were made with; contentHash walks the value instead of building the text.
    const hashOfText = (text: string): string => {
      let h1 = 0xdeadbeef;
      let h2 = 0x41c6ce57;
      for (let i = 0; i < text.length; i++) {
        h1 = Math.imul(h1 ^ text.charCodeAt(i), 2654435761);
        h2 = Math.imul(h2 ^ text.charCodeAt(i), 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
    };
    const anything = fc.anything({
      withNullPrototype: true,
      withSparseArray: true,
      key: fc.string({ unit: 'binary' }),
      values: [fc.string({ unit: 'binary' }), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined)],
    });
    fc.assert(
      fc.property(anything, (value) => {
        expect(contentHash(value)).toBe(hashOfText(stableStringify(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('is 16 lowercase hex characters', () => {
    for (const value of [null, '', 0, {}, [], 'x'.repeat(10_000), buildPage('forward'), { a: 'é😀' }]) {
      expect(contentHash(value)).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('is stable across key order', () => {
    expect(contentHash(buildPage('forward'))).toBe(contentHash(buildPage('reverse')));
  });

  it('is equal for equal content built separately', () => {
    expect(contentHash(buildPage('forward'))).toBe(contentHash(buildPage('forward')));
    expect(contentHash(structuredClone(buildPage('reverse')))).toBe(contentHash(buildPage('forward')));
  });

  it('ignores undefined properties, like the JSON that is saved', () => {
    expect(contentHash({ a: 1, b: undefined })).toBe(contentHash({ a: 1 }));
  });

  it('changes on any value change', () => {
    const base = contentHash(buildPage('forward'));
    const variants: ((page: ReturnType<typeof buildPage>) => void)[] = [
      (p) => (p.title = 'Summer Sale'),
      (p) => (p.title = 'Summer sale '),
      (p) => (p.components[0]!._component = 'Banners'),
      (p) => (p.components[0]!.content.text = 'Ho'),
      (p) => (p.components[0]!.content.size = 13),
      (p) => (p.components[0]!.content.on = false),
      (p) => (p.components[0]!.content.tags = ['b', 'a']),
      (p) => (p.components[0]!.content.tags = ['a', 'b', 'c']),
      (p) => (p.meta.category = ''),
      (p) => (p.meta.links.live = 'L'),
      (p) => ((p.meta as Record<string, unknown>).extra = null),
      (p) => ((p.components[0]!.content as Record<string, unknown>).size = '12'),
    ];
    const hashes = variants.map((change) => {
      const page = buildPage('forward');
      change(page);
      return contentHash(page);
    });
    for (const hash of hashes) expect(hash).not.toBe(base);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('distinguishes a key rename with the same value', () => {
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ b: 1 }));
  });

  it('distinguishes values that differ by one character anywhere', () => {
    const text = 'x'.repeat(500);
    const base = contentHash(text);
    for (const index of [0, 1, 250, 498, 499]) {
      const changed = `${text.slice(0, index)}y${text.slice(index + 1)}`;
      expect(contentHash(changed)).not.toBe(base);
    }
  });

  it('keeps the same value across runs', () => {
    const computedOnce = contentHash(buildPage('forward'));
    expect(contentHash(buildPage('reverse'))).toBe(computedOnce);
    expect(contentHash(JSON.parse(JSON.stringify(buildPage('forward'))))).toBe(computedOnce);
  });

  it('keeps its pinned values (saved hashes and draft file names depend on them)', () => {
    expect(contentHash(buildPage('forward'))).toBe(PINNED_PAGE_HASH);
    expect(contentHash('jd~gb~app~ios~home')).toBe(PINNED_BOOKMARK_HASH);
  });
});
