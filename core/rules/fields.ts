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
  // A focal point belongs to its image: emptied addresses keep none (zeros would be no point at all).
  if (isImagesValue(sample) && !isStringPair(sample)) return { desktop: '', mobile: '' };
  if (isRichText(sample)) return { html: { value: '' } };
  if (Array.isArray(sample)) return [];
  if (isRecord(sample))
    return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, blankLike(value)]));
  if (typeof sample === 'number') return 0;
  if (typeof sample === 'boolean') return false;
  if (typeof sample === 'string') return '';
  return null;
}

/*
 * Known shapes: recurring content fields (catalogue spec §3, "Common content fields") that get a dedicated
 * editor. Each is recognised by its key and its value together, so a look-alike under another key (a
 * {desktop, mobile} pair of video files, say) stays a plain object.
 */

/**
 * A field with a dedicated editor: image, aspect-ratio or link pairs, a list of calls to action, a colour,
 * hand-written HTML, a time of day.
 */
export type KnownShape = 'images' | 'aspectRatio' | 'urlPair' | 'ctas' | 'colour' | 'markup' | 'timeOfDay';

/** A desktop and mobile pair of texts, with no other keys. */
export interface StringPair {
  desktop: string;
  mobile: string;
}

/** A call to action; invert is optional (catalogue spec §3). */
export interface CtaValue {
  text: string;
  url: string;
  invert?: boolean;
}

export function isStringPair(value: unknown): value is StringPair {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof value.desktop === 'string' && typeof value.mobile === 'string';
}

/** A focal point as stored in content: x, y the centre, w, h the size, fractions of the image (core/rules/focalPoint). */
export interface PointOfInterestValue {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What an image field keeps about one of its images: the image metadata's pointOfInterest (editor spec §4). */
export interface ImageMetadataValue {
  pointOfInterest: PointOfInterestValue;
}

/**
 * Where an image field keeps each variant's metadata: beside the addresses, one key per variant, because the
 * desktop and the mobile image are different pictures with different points of interest:
 * `{desktop, mobile, desktopMetadata?: {pointOfInterest: {x, y, w, h}}, mobileMetadata?: {...}}`.
 * The value has the shape of the image service's `metadata` (GET {image}.json/?metadata=true...).
 */
export const IMAGE_METADATA_KEYS = { desktop: 'desktopMetadata', mobile: 'mobileMetadata' } as const;

/** An image pair, each image with its optional metadata. */
export interface ImagesValue extends StringPair {
  desktopMetadata?: ImageMetadataValue;
  mobileMetadata?: ImageMetadataValue;
}

const POINT_KEYS = ['x', 'y', 'w', 'h'] as const;
const METADATA_KEYS = new Set<string>(Object.values(IMAGE_METADATA_KEYS));

/** Exactly {x, y, w, h}, finite numbers (not checked against the image: the focal-point tool clamps them). */
export function isPointOfInterest(value: unknown): value is PointOfInterestValue {
  return (
    isRecord(value) &&
    Object.keys(value).length === POINT_KEYS.length &&
    POINT_KEYS.every((key) => typeof value[key] === 'number' && Number.isFinite(value[key]))
  );
}

/** Exactly {pointOfInterest: {x, y, w, h}}: the images editor shows all of it, so it loses nothing. */
export function isImageMetadata(value: unknown): value is ImageMetadataValue {
  return isRecord(value) && Object.keys(value).length === 1 && isPointOfInterest(value.pointOfInterest);
}

/** A desktop and mobile pair of texts, with nothing else but desktopMetadata and mobileMetadata of the shape above. */
export function isImagesValue(value: unknown): value is ImagesValue {
  return (
    isRecord(value) &&
    typeof value.desktop === 'string' &&
    typeof value.mobile === 'string' &&
    Object.keys(value).every(
      (key) => key === 'desktop' || key === 'mobile' || (METADATA_KEYS.has(key) && isImageMetadata(value[key])),
    )
  );
}

const CTA_KEYS = new Set(['text', 'url', 'invert']);

/** {text, url} with an optional boolean invert, and nothing else: an editor showing only those loses nothing. */
export function isCta(value: unknown): value is CtaValue {
  return (
    isRecord(value) &&
    typeof value.text === 'string' &&
    typeof value.url === 'string' &&
    (value.invert === undefined || typeof value.invert === 'boolean') &&
    Object.keys(value).every((key) => CTA_KEYS.has(key))
  );
}

/** Keys naming a colour: containing Color or color (fontColor, backgroundColor, color). */
export const isColourKey = (key: string): boolean => /[Cc]olor/.test(key);

/** Keys naming a time of day: ending Time but not DateTime (launchTime). */
export const isTimeOfDayKey = (key: string): boolean => /Time$/.test(key) && !key.endsWith('DateTime');

/**
 * The known shape of a field, or null for the generic editors.
 * - images: key images or image (also overlayImages...), a {desktop, mobile} pair of texts, optionally with
 *   desktopMetadata / mobileMetadata `{pointOfInterest: {x, y, w, h}}` (isImagesValue).
 * - aspectRatio: key ending aspectRatio (also productAspectRatio), a {desktop, mobile} pair of texts.
 * - urlPair: key url, or ending Url, Link or Links (mainLink), a {desktop, mobile} pair of texts.
 * - ctas: key ending ctas, a list (empty too) of {text, url, invert?}.
 * - colour: a colour key holding a text.
 * - markup: key markup (Custom HTML's hand-written HTML) holding a text.
 * - timeOfDay: a key ending Time but not DateTime (launchTime) holding a text 'HH:mm'.
 * Array items (numeric keys) have no known shape of their own; their fields do.
 */
export function knownShape(key: string | number, value: unknown): KnownShape | null {
  if (typeof key !== 'string') return null;
  // Images may also carry each image's focal point (IMAGE_METADATA_KEYS); the other pairs are two texts only.
  if (/images?$/i.test(key)) return isImagesValue(value) ? 'images' : null;
  if (isStringPair(value)) {
    if (/aspectRatio$/i.test(key)) return 'aspectRatio';
    if (/(url|links?)$/i.test(key)) return 'urlPair';
    return null;
  }
  if (/ctas$/i.test(key) && Array.isArray(value) && value.every(isCta)) return 'ctas';
  if (isColourKey(key) && typeof value === 'string') return 'colour';
  if (key === 'markup' && typeof value === 'string') return 'markup';
  if (isTimeOfDayKey(key) && typeof value === 'string') return 'timeOfDay';
  return null;
}

const RATIO = /^\s*(-?\d+(?:\.\d+)?)\s*:\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * Why `text` is not a 'width:height' aspect ratio, or null when it is one. Two positive numbers (decimals
 * allowed) around a colon; spaces around them are tolerated and dropped when stored (see
 * normaliseAspectRatio). Empty is allowed: the preview then uses the default ratio.
 */
export function aspectRatioError(text: string): string | null {
  if (text.trim() === '') return null;
  const match = RATIO.exec(text);
  if (!match) return 'Use width:height, e.g. 16:9.';
  if (!(Number(match[1]) > 0) || !(Number(match[2]) > 0)) return 'Width and height must both be greater than 0.';
  return null;
}

/** The stored form of a valid aspect ratio: ' 16 : 09 ' -> '16:9', '' -> ''; null when it is not valid. */
export function normaliseAspectRatio(text: string): string | null {
  if (aspectRatioError(text) !== null) return null;
  if (text.trim() === '') return '';
  const [, width, height] = RATIO.exec(text) as RegExpExecArray;
  return `${Number(width)}:${Number(height)}`;
}

/** #rgb or #rrggbb. */
export const isHexColour = (text: string): boolean => /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text.trim());

/** #rrggbb only: what a native colour picker (input type=color) can show. */
export const isHex6 = (text: string): boolean => /^#[0-9a-f]{6}$/i.test(text);

/** A hex colour as #rrggbb lower case, what a native colour picker shows ('#ABC' -> '#aabbcc'); null if not one. */
export function asHex6(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  if (!isHexColour(trimmed)) return null;
  return trimmed.length === 4 ? `#${[...trimmed.slice(1)].map((digit) => digit + digit).join('')}` : trimmed;
}

/**
 * Why `text` is not a hex colour, or null when it is one (#rgb or #rrggbb, any case, surrounding spaces
 * dropped when stored). Empty is allowed: it clears the colour, so the template's own applies.
 */
export function hexColourError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || isHexColour(trimmed)) return null;
  if (/^(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return 'Start the colour with #, e.g. #1a2b3c.';
  return 'Use a hex colour: # and 3 or 6 digits 0-9 or a-f, e.g. #1a2b3c.';
}

/** A new, empty call to action, for a list with no sibling to copy the shape of. */
export const blankCta = (): CtaValue => ({ text: '', url: '', invert: false });
