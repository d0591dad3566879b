import { describe, expect, it, vi } from 'vitest';
import {
  IDENTIFIER_ALPHABET,
  IDENTIFIER_SUFFIX_LENGTH,
  newIdentifier,
  type RandomBytes,
} from '../../core/rules/identifier';

/** A RandomBytes that hands out the given bytes in order, as many as asked for each call. */
function byteStream(bytes: number[]): RandomBytes & { calls: number[] } {
  let position = 0;
  const calls: number[] = [];
  const next = (length: number) => {
    calls.push(length);
    if (position + length > bytes.length) throw new Error('byte stream exhausted');
    const chunk = Uint8Array.from(bytes.slice(position, position + length));
    position += length;
    return chunk;
  };
  return Object.assign(next, { calls });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('identifier constants', () => {
  it('uses a 10-character suffix (editor spec §9)', () => {
    expect(IDENTIFIER_SUFFIX_LENGTH).toBe(10);
  });

  it('uses exactly the 62 characters [a-zA-Z0-9]', () => {
    expect(IDENTIFIER_ALPHABET).toHaveLength(62);
    expect(new Set(IDENTIFIER_ALPHABET).size).toBe(62);
    expect(IDENTIFIER_ALPHABET).toMatch(/^[a-zA-Z0-9]+$/);
  });
});

describe('newIdentifier', () => {
  it('is the type name followed by exactly 10 characters of [a-zA-Z0-9]', () => {
    for (let i = 0; i < 200; i++) {
      const id = newIdentifier('MainBanner');
      expect(id.startsWith('MainBanner')).toBe(true);
      const suffix = id.slice('MainBanner'.length);
      expect(suffix).toHaveLength(10);
      expect(suffix).toMatch(/^[a-zA-Z0-9]{10}$/);
    }
  });

  it('keeps the type name verbatim as the prefix', () => {
    const id = newIdentifier('Product-Spotlight_2', byteStream(range(0, 9)));
    expect(id).toBe('Product-Spotlight_2abcdefghij');
  });

  it('is deterministic with an injected randomBytes', () => {
    expect(newIdentifier('Banner', byteStream(range(0, 9)))).toBe('Bannerabcdefghij');
    expect(newIdentifier('Banner', byteStream(range(0, 9)))).toBe(newIdentifier('Banner', byteStream(range(0, 9))));
    // 0 -> a, 25 -> z, 26 -> A, 51 -> Z, 52 -> 0, 61 -> 9, 62 wraps to a, 123 -> 9, 124 -> a, 247 -> 9.
    expect(newIdentifier('Banner', byteStream([0, 25, 26, 51, 52, 61, 62, 123, 124, 247]))).toBe('BannerazAZ09a9a9');
  });

  it('maps every accepted byte onto the alphabet by its remainder', () => {
    for (let byte = 0; byte < 248; byte++) {
      const id = newIdentifier('X', byteStream(Array(10).fill(byte)));
      expect(id).toBe(`X${IDENTIFIER_ALPHABET[byte % 62]!.repeat(10)}`);
    }
  });

  it('rejects bytes 248..255 and uses only the valid bytes that follow', () => {
    const random = byteStream([...range(248, 255), ...range(0, 19)]);
    expect(newIdentifier('Banner', random)).toBe('Bannerabcdefghij');
    // The first batch of 10 held only two usable bytes, so a second batch was asked for.
    expect(random.calls.length).toBe(2);
  });

  it.each(range(248, 255))('rejects byte %i on its own', (byte) => {
    const id = newIdentifier('Banner', byteStream([byte, ...range(0, 8), ...range(9, 18)]));
    expect(id).toBe('Bannerabcdefghij');
  });

  it('accepts byte 247, the highest below the rejection limit', () => {
    expect(newIdentifier('Banner', byteStream([247, ...range(0, 8)]))).toBe('Banner9abcdefghi');
  });

  it('keeps asking while every byte is rejected', () => {
    const random = vi.fn(byteStream([...Array(30).fill(255), ...range(10, 19)]));
    expect(newIdentifier('Banner', random)).toBe('Bannerklmnopqrst');
    expect(random).toHaveBeenCalledTimes(4);
  });

  it('gives distinct identifiers over many calls', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5000; i++) ids.add(newIdentifier('Banner'));
    expect(ids.size).toBe(5000);
  });
});
