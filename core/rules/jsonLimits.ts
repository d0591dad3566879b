/**
 * Limits on the depth and size of JSON crossing a boundary (IPC and HTTP payloads, files read from disk).
 * A value nested thousands of levels deep would otherwise overflow the stack of every recursive walk that
 * meets it later (hashing, zod, stringify). The checks themselves never recurse: they walk with an explicit
 * stack and stop as soon as a limit is passed.
 */

/** How many arrays and objects may be nested inside each other; `[]` is depth 1, `[[1]]` depth 2. */
export const MAX_JSON_DEPTH = 64;
/** The largest JSON text accepted, in UTF-8 bytes; the same bound as the content server's request bodies. */
export const MAX_JSON_BYTES = 20 * 1024 * 1024;

export interface JsonLimits {
  maxDepth: number;
  maxBytes: number;
}

export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: MAX_JSON_DEPTH, maxBytes: MAX_JSON_BYTES };

export type JsonLimitKind = 'depth' | 'size';

/** Which limit was passed, with a message that names it. */
export interface JsonLimitProblem {
  limit: JsonLimitKind;
  message: string;
}

/** Thrown by parseJsonWithLimits when text passes a limit; `limit` says which. */
export class JsonLimitError extends Error {
  readonly limit: JsonLimitKind;
  constructor(problem: JsonLimitProblem) {
    super(problem.message);
    this.name = 'JsonLimitError';
    this.limit = problem.limit;
  }
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function depthProblem({ maxDepth }: Pick<JsonLimits, 'maxDepth'>): JsonLimitProblem {
  return { limit: 'depth', message: `nested more than ${maxDepth} levels deep (the limit is ${maxDepth})` };
}

function sizeProblem(limits: JsonLimits): JsonLimitProblem {
  return { limit: 'size', message: `larger than ${describeBytes(limits.maxBytes)} (the limit)` };
}

const NON_ASCII = /[\u0080-\uffff]/;
const NEEDS_COUNTING_IN_JSON = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Bytes one character at `index` takes: as UTF-8, or (`escaped`) as JSON.stringify writes it inside a string
 * (quote and backslash escaped, control characters as \n or \u0000, lone surrogates as \ud800). Answers the
 * bytes and how many UTF-16 units it read.
 */
function charBytes(text: string, index: number, escaped: boolean): [bytes: number, units: number] {
  const code = text.charCodeAt(index);
  if (code < 0x20) return [escaped ? ('\b\t\n\f\r'.includes(text[index]!) ? 2 : 6) : 1, 1];
  if (code === 0x22 || code === 0x5c) return [escaped ? 2 : 1, 1];
  if (code < 0x80) return [1, 1];
  if (code < 0x800) return [2, 1];
  if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) return [4, 2];
  if (isHighSurrogate(code) || isLowSurrogate(code)) return [escaped ? 6 : 3, 1];
  return [3, 1];
}

/** Counts bytes as charBytes does, only as far as `stopAbove` (answers a value > stopAbove when over). */
function countBytes(text: string, stopAbove: number, escaped: boolean): number {
  if (text.length > stopAbove) return text.length;
  if (!(escaped ? NEEDS_COUNTING_IN_JSON : NON_ASCII).test(text)) return text.length;
  return escaped ? countEscapedBytes(text, stopAbove) : countUtf8Bytes(text, stopAbove);
}

/** UTF-8 bytes of text, as far as `stopAbove`: one tight loop, as request bodies of megabytes go through it. */
function countUtf8Bytes(text: string, stopAbove: number): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= stopAbove; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function countEscapedBytes(text: string, stopAbove: number): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= stopAbove;) {
    const [charLength, units] = charBytes(text, i, true);
    bytes += charLength;
    i += units;
  }
  return bytes;
}

/**
 * How deep the arrays and objects of JSON text nest, stopping once past `maxDepth` (brackets inside strings do
 * not count). A plain loop over char codes, skipping strings with indexOf: about three times the speed of a
 * regular-expression scan on a page of 300 components.
 */
function textDepthOver(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      i = closingQuote(text, i + 1);
      if (i < 0) return false; // an unterminated string: JSON.parse says what is wrong
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** The index of the quote that ends a string whose text starts at `from`; -1 when it never ends. */
function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

/**
 * Checks JSON text before it is parsed: its UTF-8 size, and how deep its arrays and objects nest (brackets
 * inside strings do not count). Returns null when the text is within the limits; syntax is left to JSON.parse.
 */
export function checkJsonTextLimits(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonLimitProblem | null {
  if (countBytes(text, limits.maxBytes, false) > limits.maxBytes) return sizeProblem(limits);
  return textDepthOver(text, limits.maxDepth) ? depthProblem(limits) : null;
}

/** Bytes a primitive takes in JSON text (undefined and functions count as `null`). */
function primitiveBytes(value: unknown, stopAbove: number): number {
  if (typeof value === 'string') return countBytes(value, stopAbove, true) + 2;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4; // NaN is written null
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value).length;
  return 4;
}

/**
 * Checks a value already in memory (an IPC payload, a parsed body): how deep its arrays and objects nest, and
 * how many bytes its JSON text would take (counted generously: never fewer than JSON.stringify writes). Cycles
 * count as endless depth. Returns null when the value is within the limits.
 */
export function checkJsonLimits(value: unknown, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonLimitProblem | null {
  if (value === null || typeof value !== 'object') {
    return primitiveBytes(value, limits.maxBytes) > limits.maxBytes ? sizeProblem(limits) : null;
  }
  if (limits.maxDepth < 1) return depthProblem(limits);
  // Only containers go on the stack; primitives are counted where they are met.
  const stack: { container: object; depth: number }[] = [{ container: value, depth: 1 }];
  let bytes = 0;
  const visit = (child: unknown, depth: number): JsonLimitProblem | null => {
    if (child !== null && typeof child === 'object') {
      if (depth + 1 > limits.maxDepth) return depthProblem(limits);
      stack.push({ container: child, depth: depth + 1 });
    } else {
      bytes += primitiveBytes(child, limits.maxBytes - bytes);
    }
    return bytes > limits.maxBytes ? sizeProblem(limits) : null;
  };
  while (stack.length > 0) {
    const { container, depth } = stack.pop()!;
    bytes += 2; // the brackets
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        bytes += 1; // the comma
        const problem = visit(container[i], depth);
        if (problem) return problem;
      }
    } else {
      for (const key in container) {
        if (!Object.prototype.hasOwnProperty.call(container, key)) continue;
        bytes += countBytes(key, limits.maxBytes, true) + 4; // quotes, colon, comma
        const problem = visit((container as Record<string, unknown>)[key], depth);
        if (problem) return problem;
      }
    }
    if (bytes > limits.maxBytes) return sizeProblem(limits);
  }
  return null;
}

/**
 * JSON.parse behind the text limits: throws JsonLimitError (naming the limit) before parsing text that is too
 * large or too deep, and JSON.parse's SyntaxError for text that is not JSON.
 */
export function parseJsonWithLimits(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  const problem = checkJsonTextLimits(text, limits);
  if (problem) throw new JsonLimitError(problem);
  return JSON.parse(text) as unknown;
}

/**
 * parseJsonWithLimits for text whose bytes were counted as they arrived (an HTTP server's body limit): only
 * the depth is checked, as counting the bytes of every request body again cost the team server about 0.1 ms
 * of its 4 ms per save of a 300-component page.
 */
export function parseJsonWithDepthLimit(text: string, maxDepth: number): unknown {
  if (textDepthOver(text, maxDepth)) throw new JsonLimitError(depthProblem({ maxDepth }));
  return JSON.parse(text) as unknown;
}
