/** How a content field is edited, inferred from its key and value by the conventions of editor spec §3. */
export type FieldKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'selectBox'
  | 'richText'
  | 'date'
  | 'dateTime'
  | 'pluDetails'
  | 'object'
  | 'array'
  | 'null';

export interface SelectBoxValue {
  selectBox: { current: string; options: string };
}
export interface RichTextValue {
  html: { value: string };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isSelectBox(value: unknown): value is SelectBoxValue {
  return (
    isRecord(value) &&
    isRecord(value.selectBox) &&
    typeof value.selectBox.options === 'string' &&
    (typeof value.selectBox.current === 'string' || typeof value.selectBox.current === 'number')
  );
}

export function isRichText(value: unknown): value is RichTextValue {
  return isRecord(value) && isRecord(value.html) && typeof value.html.value === 'string';
}

export function fieldKind(key: string, value: unknown): FieldKind {
  if (key === 'pluDetails' && isRecord(value)) return 'pluDetails';
  if (isSelectBox(value)) return 'selectBox';
  if (isRichText(value)) return 'richText';
  // DateTime first: every DateTime key also contains Date.
  if (key.includes('DateTime') && typeof value === 'string') return 'dateTime';
  if (key.includes('Date') && typeof value === 'string') return 'date';
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isRecord(value)) return 'object';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  return 'string';
}

/** A field label from its key: fontSize -> "Font size", cta_text -> "Cta text", 2 -> "Item 3". */
export function labelFromKey(key: string | number): string {
  if (typeof key === 'number') return `Item ${key + 1}`;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An empty value shaped like `sample`, for a new array item "shaped like its siblings": texts emptied,
 * numbers zeroed, lists emptied, select boxes keep their option list, rich text keeps its wrapper.
 */
export function blankLike(sample: unknown): unknown {
  if (isSelectBox(sample)) return { selectBox: { ...sample.selectBox } };
  if (isRichText(sample)) return { html: { value: '' } };
  if (Array.isArray(sample)) return [];
  if (isRecord(sample)) return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, blankLike(value)]));
  if (typeof sample === 'number') return 0;
  if (typeof sample === 'boolean') return false;
  if (typeof sample === 'string') return '';
  return null;
}
