import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkJsonLimits,
  checkJsonTextLimits,
  JsonLimitError,
  MAX_JSON_DEPTH,
  parseJsonWithLimits,
} from '../../core/rules/jsonLimits';

function nestedArray(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function nestedObjectText(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe('checkJsonLimits (values in memory)', () => {
  it('accepts a value exactly at the depth limit and refuses one level more, naming the limit', () => {
    expect(checkJsonLimits(nestedArray(MAX_JSON_DEPTH))).toBeNull();
    const problem = checkJsonLimits(nestedArray(MAX_JSON_DEPTH + 1));
    expect(problem).toEqual({ limit: 'depth', message: 'nested more than 64 levels deep (the limit is 64)' });
  });

  it('refuses a draft nested 3,500 levels deep without overflowing the stack', () => {
    let draft: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 3500; i++) draft = { children: [draft] };
    expect(checkJsonLimits(draft)?.limit).toBe('depth');
  });

  it('treats a cycle as too deep instead of looping', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkJsonLimits(cyclic)?.limit).toBe('depth');
  });

  it('counts the size in UTF-8 bytes and names the limit', () => {
    expect(checkJsonLimits({ text: 'a'.repeat(80) }, { maxDepth: 64, maxBytes: 100 })).toBeNull();
    // 40 three-byte characters are 120 bytes though only 40 UTF-16 units.
    expect(checkJsonLimits({ text: '€'.repeat(40) }, { maxDepth: 64, maxBytes: 100 })).toEqual({
      limit: 'size',
      message: 'larger than 100 bytes (the limit)',
    });
    expect(checkJsonLimits('x'.repeat(2048), { maxDepth: 64, maxBytes: 1024 })?.message).toBe(
      'larger than 1 KB (the limit)',
    );
  });

  it('stops early on a huge sparse array instead of walking every slot', () => {
    const huge = new Array(1_000_000_000);
    expect(checkJsonLimits(huge, { maxDepth: 64, maxBytes: 1000 })?.limit).toBe('size');
  });

  it('never undercounts: a value it accepts serialises within the byte limit', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }),
        fc.integer({ min: 2, max: 4000 }),
        (value, maxBytes) => {
          const text = JSON.stringify(value);
          const bytes = new TextEncoder().encode(text).length;
          if (checkJsonLimits(value, { maxDepth: 64, maxBytes }) === null) expect(bytes).toBeLessThanOrEqual(maxBytes);
        },
      ),
    );
  });

  it('counts a string exactly as JSON.stringify writes it: escapes, control characters, lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const bytes = new TextEncoder().encode(JSON.stringify(text)).length;
        expect(checkJsonLimits(text, { maxDepth: 64, maxBytes: bytes })).toBeNull();
        expect(checkJsonLimits(text, { maxDepth: 64, maxBytes: bytes - 1 })?.limit).toBe('size');
      }),
    );
    // Quotes double when escaped; a control character becomes \u0000.
    expect(checkJsonLimits('"'.repeat(50), { maxDepth: 64, maxBytes: 102 })).toBeNull();
    expect(checkJsonLimits('"'.repeat(50), { maxDepth: 64, maxBytes: 101 })?.limit).toBe('size');
    expect(checkJsonLimits('\u0000', { maxDepth: 64, maxBytes: 8 })).toBeNull();
    expect(checkJsonLimits('\u0000', { maxDepth: 64, maxBytes: 7 })?.limit).toBe('size');
  });

  it('counts the text of a file exactly as UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const bytes = new TextEncoder().encode(text).length;
        expect(checkJsonTextLimits(text, { maxDepth: 64, maxBytes: bytes })).toBeNull();
        if (bytes > 0) expect(checkJsonTextLimits(text, { maxDepth: 64, maxBytes: bytes - 1 })?.limit).toBe('size');
      }),
    );
  });

  it('agrees with the text check on depth for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, maxDepth) => {
        const limits = { maxDepth, maxBytes: 10_000_000 };
        expect(checkJsonLimits(value, limits)?.limit).toBe(checkJsonTextLimits(JSON.stringify(value), limits)?.limit);
      }),
    );
  });
});

describe('checkJsonTextLimits and parseJsonWithLimits (text)', () => {
  it('finds the depth of any text, valid JSON or not, as a scan of every quote, backslash and bracket does', () => {
    // The plain rule: outside strings brackets count; inside, a backslash escapes the next character.
    const depthOver = (text: string, maxDepth: number): boolean => {
      let depth = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const char = text[i];
        if (inString) {
          if (char === '\\') i++;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === '[' || char === '{') {
          if (++depth > maxDepth) return true;
        } else if (char === ']' || char === '}') depth--;
      }
      return false;
    };
    const structural = fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',');
    fc.assert(
      fc.property(fc.array(structural, { maxLength: 60 }), fc.integer({ min: 1, max: 6 }), (chars, maxDepth) => {
        const text = chars.join('');
        const limits = { maxDepth, maxBytes: 1000 };
        expect(checkJsonTextLimits(text, limits)?.limit === 'depth').toBe(depthOver(text, maxDepth));
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ text: '[[[[{{{{\\"[[[[' });
    expect(checkJsonTextLimits(text, { maxDepth: 1, maxBytes: 1000 })).toBeNull();
  });

  it('refuses text one level past the limit before parsing it', () => {
    expect(checkJsonTextLimits(nestedObjectText(MAX_JSON_DEPTH))).toBeNull();
    expect(() => parseJsonWithLimits(nestedObjectText(3500))).toThrow(
      new JsonLimitError({ limit: 'depth', message: 'nested more than 64 levels deep (the limit is 64)' }),
    );
  });

  it('refuses text over the byte limit, counting multi-byte characters', () => {
    expect(() => parseJsonWithLimits(`"${'é'.repeat(60)}"`, { maxDepth: 64, maxBytes: 100 })).toThrow(
      'larger than 100 bytes (the limit)',
    );
    expect(parseJsonWithLimits(`"${'e'.repeat(60)}"`, { maxDepth: 64, maxBytes: 100 })).toBe('e'.repeat(60));
  });

  it('leaves syntax errors to JSON.parse', () => {
    expect(() => parseJsonWithLimits('{"a":')).toThrow(SyntaxError);
  });

  it('parses JSON within the limits exactly as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        const text = JSON.stringify(value);
        expect(parseJsonWithLimits(text)).toEqual(JSON.parse(text));
      }),
    );
  });
});
