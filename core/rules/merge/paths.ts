import { stableStringify } from '../hash';

/** One step into a value: a record's key or a list's index. */
export type Segment = string | number;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Key order does not count; a missing value differs from null (stableStringify spells both 'null'). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return a !== undefined && b !== undefined && stableStringify(a) === stableStringify(b);
}

/** A key spelled bare after a dot; any other key is spelled as a quoted string in brackets, so paths parse back. */
const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `content.slides[2].title`, as versionDiff spells paths; an unusual key reads `content["a.b"]`. */
export function formatPath(path: readonly Segment[]): string {
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    if (!PLAIN_KEY.test(segment)) return `${text}[${JSON.stringify(segment)}]`;
    return text === '' ? segment : `${text}.${segment}`;
  }, '');
}

const SEGMENT = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The segments of a path formatPath wrote; throws on anything else. */
export function parsePath(text: string): Segment[] {
  const path: Segment[] = [];
  let rest = text;
  while (rest !== '') {
    const match = SEGMENT.exec(rest);
    const dotted = rest.startsWith('.');
    if (!match || (match[1] !== undefined && dotted !== path.length > 0)) {
      throw new Error(`Not a merge path: ${JSON.stringify(text)}`);
    }
    if (match[1] !== undefined) path.push(match[1]);
    else if (match[2] !== undefined) path.push(Number(match[2]));
    else path.push(JSON.parse(match[3] as string) as string);
    rest = rest.slice(match[0].length);
  }
  return path;
}
