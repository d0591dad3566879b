import type { z } from 'zod';
import { ComponentListSchema, ComponentSchema, type Component } from '../schemas';
import { errorMessage } from './errorMessage';

/**
 * Something wrong with JSON typed by hand, with the text range it is about (UTF-16 offsets, as CodeMirror
 * counts them). A syntax error has no path; a schema problem has the path of the value at fault ([] for the
 * whole document).
 */
export type JsonProblem = { message: string; from: number; to: number; path?: (string | number)[] };

export type JsonCheck<T> = { ok: true; value: T } | { ok: false; problems: JsonProblem[] };

export type JsonPath = readonly (string | number)[];

/** A text range: from inclusive, to exclusive. */
export type TextRange = { from: number; to: number };

/** 1-based line and column of an offset; \r\n, \r and \n each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < end; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x0a || (char === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

// ---------------------------------------------------------------------------------------------------------
// A small JSON scanner. JSON.parse decides whether text is valid and gives the value; the scanner finds where
// a syntax error is (V8's message often has no position, e.g. for "[1,]" or "nope") and builds a tree of
// text ranges so that a schema issue's path can be pointed at.

type JsonNodeBase = { from: number; to: number };
type JsonProperty = { key: string; keyFrom: number; keyTo: number; value: JsonNode | null; to: number };
type JsonNode =
  | (JsonNodeBase & { kind: 'object'; properties: JsonProperty[] })
  | (JsonNodeBase & { kind: 'array'; items: JsonNode[] })
  | (JsonNodeBase & { kind: 'primitive' });

type SyntaxFault = { offset: number; length: number; reason: string };

class JsonSyntaxFault extends Error {
  constructor(readonly fault: SyntaxFault) {
    super(fault.reason);
  }
}

const MAX_DEPTH = 2000;

function describeChar(text: string, offset: number): { shown: string; length: number } {
  const code = text.codePointAt(offset) ?? 0;
  const length = code > 0xffff ? 2 : 1;
  const char = text.slice(offset, offset + length);
  if (code < 0x20 || code === 0x7f) return { shown: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, length };
  if (code === 0xfeff) return { shown: 'U+FEFF (byte order mark)', length };
  if (char === "'") return { shown: `"'" (JSON strings take double quotes)`, length };
  return { shown: `'${char}'`, length };
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isHex = (code: number) => isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);

/** Scans JSON text; stops at the first syntax error. The tree holds whatever was read before it. */
function scanJson(text: string): { root: JsonNode | null; fault: SyntaxFault | null } {
  let pos = 0;
  let root: JsonNode | null = null;

  const fail = (offset: number, reason: string, length = 1): never => {
    throw new JsonSyntaxFault({ offset, length: offset >= text.length ? 0 : length, reason });
  };
  const endOfInput = (): never => fail(text.length, 'Unexpected end of JSON input');
  const unexpected = (offset: number): never => {
    if (offset >= text.length) endOfInput();
    const { shown, length } = describeChar(text, offset);
    return fail(offset, `Unexpected token ${shown}`, length);
  };
  const skipWhitespace = () => {
    while (pos < text.length) {
      const code = text.charCodeAt(pos);
      if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) pos++;
      else break;
    }
  };

  const readString = (): void => {
    // pos is at the opening quote.
    pos++;
    for (;;) {
      if (pos >= text.length) fail(text.length, 'Unterminated string');
      const code = text.charCodeAt(pos);
      if (code === 0x22) {
        pos++;
        return;
      }
      if (code < 0x20)
        fail(
          pos,
          `Bad control character in string literal (${describeChar(text, pos).shown}); write it as an escape such as \\n`,
        );
      if (code === 0x5c) {
        pos++;
        if (pos >= text.length) endOfInput();
        const escape = text[pos]!;
        if (escape === 'u') {
          for (let i = 1; i <= 4; i++) {
            if (pos + i >= text.length) endOfInput();
            if (!isHex(text.charCodeAt(pos + i))) fail(pos + i, 'Bad Unicode escape');
          }
          pos += 5;
        } else if ('"\\/bfnrt'.includes(escape)) {
          pos++;
        } else {
          fail(pos, 'Bad escaped character');
        }
        continue;
      }
      pos++;
    }
  };

  const readNumber = (): void => {
    if (text[pos] === '-') {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) fail(pos, 'No number after minus sign');
    }
    if (text[pos] === '0') {
      pos++;
      if (isDigit(text.charCodeAt(pos))) fail(pos, 'Unexpected number (a number may not start with 0)');
    } else {
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    if (text[pos] === '.') {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) fail(pos, 'Unterminated fractional number');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    if (text[pos] === 'e' || text[pos] === 'E') {
      pos++;
      if (text[pos] === '+' || text[pos] === '-') pos++;
      if (!isDigit(text.charCodeAt(pos))) fail(pos, 'Exponent part is missing a number');
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
  };

  const readLiteral = (word: string): void => {
    for (let i = 0; i < word.length; i++) {
      if (pos + i >= text.length) endOfInput();
      if (text[pos + i] !== word[i]) unexpected(pos + i);
    }
    pos += word.length;
  };

  const readValue = (attach: (node: JsonNode) => void, depth: number): JsonNode => {
    skipWhitespace();
    if (pos >= text.length) endOfInput();
    if (depth > MAX_DEPTH) fail(pos, 'Too deeply nested');
    const from = pos;
    const char = text[pos]!;
    if (char === '{') {
      const node: JsonNode = { kind: 'object', from, to: text.length, properties: [] };
      attach(node);
      pos++;
      skipWhitespace();
      if (text[pos] === '}') {
        pos++;
        node.to = pos;
        return node;
      }
      for (;;) {
        skipWhitespace();
        if (pos >= text.length) endOfInput();
        if (text[pos] !== '"') {
          fail(
            pos,
            node.properties.length === 0 ? "Expected property name or '}'" : 'Expected double-quoted property name',
            describeChar(text, pos).length,
          );
        }
        const keyFrom = pos;
        readString();
        const keyTo = pos;
        const property: JsonProperty = {
          key: JSON.parse(text.slice(keyFrom, keyTo)) as string,
          keyFrom,
          keyTo,
          value: null,
          to: text.length,
        };
        node.properties.push(property);
        skipWhitespace();
        if (pos >= text.length) endOfInput();
        if (text[pos] !== ':') fail(pos, "Expected ':' after property name", describeChar(text, pos).length);
        pos++;
        const value = readValue((child) => (property.value = child), depth + 1);
        property.to = value.to;
        skipWhitespace();
        if (pos >= text.length) fail(pos, "Unexpected end of JSON input (expected ',' or '}' after property value)");
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === '}') {
          pos++;
          node.to = pos;
          return node;
        }
        fail(pos, "Expected ',' or '}' after property value", describeChar(text, pos).length);
      }
    }
    if (char === '[') {
      const node: JsonNode = { kind: 'array', from, to: text.length, items: [] };
      attach(node);
      pos++;
      skipWhitespace();
      if (text[pos] === ']') {
        pos++;
        node.to = pos;
        return node;
      }
      for (;;) {
        readValue((child) => node.items.push(child), depth + 1);
        skipWhitespace();
        if (pos >= text.length) fail(pos, "Unexpected end of JSON input (expected ',' or ']' after array element)");
        if (text[pos] === ',') {
          pos++;
          continue;
        }
        if (text[pos] === ']') {
          pos++;
          node.to = pos;
          return node;
        }
        fail(pos, "Expected ',' or ']' after array element", describeChar(text, pos).length);
      }
    }
    if (char === '"') readString();
    else if (char === '-' || isDigit(text.charCodeAt(pos))) readNumber();
    else if (char === 't') readLiteral('true');
    else if (char === 'f') readLiteral('false');
    else if (char === 'n') readLiteral('null');
    else unexpected(pos);
    const node: JsonNode = { kind: 'primitive', from, to: pos };
    attach(node);
    return node;
  };

  try {
    readValue((node) => (root = node), 0);
    skipWhitespace();
    if (pos < text.length) fail(pos, 'Unexpected non-whitespace character after JSON', describeChar(text, pos).length);
    return { root, fault: null };
  } catch (error) {
    if (error instanceof JsonSyntaxFault) return { root, fault: error.fault };
    // A stack overflow on absurd nesting: say so at the start rather than crash the editor.
    return { root, fault: { offset: 0, length: 0, reason: errorMessage(error) } };
  }
}

/** V8 sometimes names a position ("... in JSON at position 12"); used only if the scanner found nothing. */
function v8Position(message: string): number | null {
  const match = /at position (\d+)/.exec(message);
  return match ? Number(match[1]) : null;
}

function syntaxProblem(text: string, offset: number, length: number, reason: string): JsonProblem {
  const { line, column } = lineColumn(text, offset);
  return {
    message: `Invalid JSON at line ${line}, column ${column}: ${reason}`,
    from: offset,
    to: Math.min(text.length, offset + length),
  };
}

/** Parses JSON; a syntax error comes back as one problem with its exact offset, line and column. */
export function parseJsonWithProblems(text: string): JsonCheck<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const { fault } = scanJson(text);
    if (fault) return { ok: false, problems: [syntaxProblem(text, fault.offset, fault.length, fault.reason)] };
    const message = errorMessage(error);
    const offset = Math.min(v8Position(message) ?? 0, text.length);
    return { ok: false, problems: [syntaxProblem(text, offset, 1, message)] };
  }
}

function childFor(node: JsonNode, segment: string | number): { node: JsonNode | null; range: TextRange } | null {
  if (node.kind === 'object') {
    const key = String(segment);
    // JSON.parse keeps the last of duplicate keys, so the last one is the one at fault.
    for (let i = node.properties.length - 1; i >= 0; i--) {
      const property = node.properties[i]!;
      if (property.key === key) return { node: property.value, range: { from: property.keyFrom, to: property.to } };
    }
    return null;
  }
  if (node.kind === 'array') {
    const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN;
    const item = Number.isInteger(index) ? node.items[index] : undefined;
    return item ? { node: item, range: { from: item.from, to: item.to } } : null;
  }
  return null;
}

/**
 * The text range of the value at a path (a zod issue's path): for an object property, its key and value;
 * for an array item, the item. When the path leads to something that is not there (a missing key, an index
 * past the end, a path into a string), the range of the deepest value that is there.
 */
export function locateJsonPath(text: string, path: JsonPath): TextRange {
  return locateInTree(scanJson(text).root, text, path);
}

function locateInTree(root: JsonNode | null, text: string, path: JsonPath): TextRange {
  if (!root) return { from: 0, to: text.length };
  let node: JsonNode = root;
  let range: TextRange = { from: root.from, to: root.to };
  for (const segment of path) {
    const child = childFor(node, segment);
    if (!child) return { from: node.from, to: node.to };
    range = child.range;
    if (!child.node) return range;
    node = child.node;
  }
  return range;
}

function pathOf(issue: z.core.$ZodIssue): (string | number)[] {
  return issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}

function formatPath(path: JsonPath): string {
  return path.length ? path.join('.') : '(root)';
}

/** Maps each zod issue to a problem at the text of the value it is about, its path leading the message. */
export function schemaProblems(text: string, issues: readonly z.core.$ZodIssue[]): JsonProblem[] {
  const { root } = scanJson(text);
  return issues.map((issue) => {
    const path = pathOf(issue);
    return { message: `${formatPath(path)}: ${issue.message}`, ...locateInTree(root, text, path), path };
  });
}

/** A whole component list typed as JSON: syntax, then ComponentListSchema (which also refuses duplicate ids). */
export function checkComponentList(text: string): JsonCheck<Component[]> {
  const parsed = parseJsonWithProblems(text);
  if (!parsed.ok) return parsed;
  const result = ComponentListSchema.safeParse(parsed.value);
  if (!result.success) return { ok: false, problems: schemaProblems(text, result.error.issues) };
  return { ok: true, value: result.data };
}

/**
 * One component typed as JSON. With expectedIdentifier, its _identifier may not change: identifiers are
 * stable (the preview, the open row and saved links refer to them).
 */
export function checkComponent(text: string, expectedIdentifier?: string): JsonCheck<Component> {
  const parsed = parseJsonWithProblems(text);
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const result = ComponentSchema.safeParse(raw);
  const problems = result.success ? [] : schemaProblems(text, result.error.issues);
  if (expectedIdentifier !== undefined && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const identifier = (raw as Record<string, unknown>)._identifier;
    if (identifier !== expectedIdentifier) {
      const path = ['_identifier'];
      const stable: JsonProblem = {
        message: `_identifier: identifiers are stable and cannot be changed here; it must stay ${JSON.stringify(expectedIdentifier)}`,
        ...locateJsonPath(text, path),
        path,
      };
      // This says more than "a component needs an identifier", so it replaces the schema's word on the key.
      const others = problems.filter((problem) => !(problem.path?.length === 1 && problem.path[0] === '_identifier'));
      return { ok: false, problems: [stable, ...others] };
    }
  }
  if (!result.success) return { ok: false, problems };
  return { ok: true, value: result.data };
}
