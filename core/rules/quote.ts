/**
 * How a value someone sent appears inside an error message: at most MAX_QUOTED_CHARS characters of it. A
 * 10 MB field must not come back whole in the answer that refuses it (nor fill a log line).
 */
export const MAX_QUOTED_CHARS = 100;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A BigInt, a cycle, or nesting deep enough to overflow the stack (String() would recurse as deep).
    if (typeof value === 'bigint') return String(value);
    return Array.isArray(value) ? '[…]' : '{…}';
  }
}

/** The value as text, cut to MAX_QUOTED_CHARS characters with a note of its full length when longer. */
export function quote(value: unknown): string {
  const text = textOf(value);
  if (text.length <= MAX_QUOTED_CHARS) return text;
  let head = text.slice(0, MAX_QUOTED_CHARS);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return `${head}… (${text.length} characters)`;
}
