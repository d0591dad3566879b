/**
 * Readers for component content. A missing field reads as empty; a field of the wrong type throws, so the
 * block shows its inline error box instead of rendering nonsense.
 */
export type Content = Record<string, unknown>;

export class ContentError extends Error {}

const describe = (value: unknown): string => (Array.isArray(value) ? 'a list' : value === null ? 'null' : typeof value);

export function text(content: Content, key: string): string {
  const value = content[key];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new ContentError(`“${key}” should be text but is ${describe(value)}`);
}

export function flag(content: Content, key: string): boolean {
  const value = content[key];
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  throw new ContentError(`“${key}” should be true or false but is ${describe(value)}`);
}

export function num(content: Content, key: string, fallback: number): number {
  const value = content[key];
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'number' ? value : Number(value);
  if (Number.isFinite(parsed)) return parsed;
  throw new ContentError(`“${key}” should be a number but is ${describe(value)}`);
}

export function record(content: Content, key: string): Content {
  const value = content[key];
  if (value === undefined || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Content;
  throw new ContentError(`“${key}” should be a group of fields but is ${describe(value)}`);
}

export function list(content: Content, key: string): Content[] {
  const value = content[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ContentError(`“${key}” should be a list but is ${describe(value)}`);
  return value.map((item, index) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) return item as Content;
    throw new ContentError(`item ${index + 1} of “${key}” should be a group of fields`);
  });
}

/** The chosen value of a select box field ({selectBox: {current}}), or a plain value. */
export function choice(content: Content, key: string, fallback = ''): string {
  const value = content[key];
  if (value && typeof value === 'object' && 'selectBox' in value) {
    const current = (value as { selectBox: { current?: unknown } }).selectBox?.current;
    return current === undefined || current === null ? fallback : String(current);
  }
  return text(content, key) || fallback;
}

/** The HTML of a rich text field ({html: {value}}), or a plain string. */
export function html(content: Content, key: string): string {
  const value = content[key];
  if (value && typeof value === 'object' && 'html' in value) return text(record(value as Content, 'html'), 'value');
  return text(content, key);
}
