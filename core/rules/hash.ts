/** JSON with object keys sorted, so that equal content always serialises to the same text. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => stableStringify(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`);
  return `{${entries.join(',')}}`;
}

/**
 * A stable 64-bit hash of the content (two 32-bit multiply-xorshift lanes over the UTF-16 code units of its
 * stableStringify text), as 16 hex digits. Pure (no Node crypto) so renderer, main and the team server compute
 * the same value; it detects change and names versions, it is not a security measure.
 *
 * The text is fed to the lanes piece by piece as the value is walked, never built: the team server hashes every
 * save, and building the text of a 300-component page cost it about 1 ms and as much garbage.
 */
export function contentHash(value: unknown): string {
  const lanes = { h1: 0xdeadbeef, h2: 0x41c6ce57 };
  feedValue(lanes, value);
  let { h1, h2 } = lanes;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

interface Lanes {
  h1: number;
  h2: number;
}

function feedCode(lanes: Lanes, code: number): void {
  lanes.h1 = Math.imul(lanes.h1 ^ code, 2654435761);
  lanes.h2 = Math.imul(lanes.h2 ^ code, 1597334677);
}

function feedText(lanes: Lanes, text: string): void {
  let { h1, h2 } = lanes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  lanes.h1 = h1;
  lanes.h2 = h2;
}

/** Text JSON.stringify writes as it is between quotes: no quote, backslash, control character or surrogate. */
const PLAIN_STRING = /^[\u0020\u0021\u0023-\u005b\u005d-\ud7ff\ue000-\uffff]*$/;

/** Feeds what JSON.stringify writes for a string, without the call where nothing needs escaping. */
function feedString(lanes: Lanes, text: string): void {
  if (!PLAIN_STRING.test(text)) return feedText(lanes, JSON.stringify(text));
  feedCode(lanes, 0x22);
  feedText(lanes, text);
  feedCode(lanes, 0x22);
}

/** Feeds stableStringify(value), piece by piece, with its rules for undefined and key order. */
function feedValue(lanes: Lanes, value: unknown): void {
  if (typeof value === 'string') return feedString(lanes, value);
  if (value === null || typeof value !== 'object') return feedText(lanes, JSON.stringify(value) ?? 'null');
  if (Array.isArray(value)) {
    feedCode(lanes, 0x5b);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) feedCode(lanes, 0x2c);
      // A hole of a sparse array writes nothing, as stableStringify's map and join do (JSON has no holes).
      if (i in value) feedValue(lanes, value[i] === undefined ? null : value[i]);
    }
    return feedCode(lanes, 0x5d);
  }
  const record = value as Record<string, unknown>;
  // Code-unit order, as stableStringify's comparison: the default sort of strings.
  const keys = Object.keys(record).sort();
  feedCode(lanes, 0x7b);
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (!first) feedCode(lanes, 0x2c);
    first = false;
    feedString(lanes, key);
    feedCode(lanes, 0x3a);
    feedValue(lanes, item);
  }
  feedCode(lanes, 0x7d);
}
