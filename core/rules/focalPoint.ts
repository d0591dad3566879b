/**
 * The focal point (point of interest) of an image, and the ratio previews built from it (editor spec §2, §3,
 * §4, §5, §9). Pure: no DOM, no I/O. The editor's focal-point tool and the sample image service
 * (main/services/sampleImages.ts) both use these functions, so the Custom preview (cropped in the app) and the
 * Amplience preview (cropped by the image service) show the same rectangle.
 *
 * The convention everywhere (the image metadata `pointOfInterest`, the `poi` URL parameter, the image field's
 * content): x, y are the CENTRE of the box and w, h its SIZE, all as fractions of the image's width (x, w)
 * and height (y, h). A point is in bounds when w, h are in [MIN_FOCAL_SIZE, 1] and the box
 * [x - w/2, x + w/2] x [y - h/2, y + h/2] lies inside [0, 1]².
 */

export interface FocalPoint {
  /** Centre, as a fraction of the image width. */
  x: number;
  /** Centre, as a fraction of the image height. */
  y: number;
  /** Width, as a fraction of the image width. */
  w: number;
  /** Height, as a fraction of the image height. */
  h: number;
}

/** Editor spec §9: a new point is 12.5% by 28.169% of the image. */
export const DEFAULT_FOCAL_SIZE = { w: 0.125, h: 0.28169 } as const;

/** The smallest box side, as a fraction, so a point can always be seen and grabbed. */
export const MIN_FOCAL_SIZE = 0.02;

/** What one arrow key press moves or resizes the point by (1% of the image). */
export const FOCAL_KEY_STEP = 0.01;

/** Editor spec §9. */
export const PREVIEW_RATIOS = ['2:1', '1:1', '1:2', '3:4', '4:3'] as const;
export type PreviewRatio = (typeof PREVIEW_RATIOS)[number];

/** Editor spec §9: previews are 500 px wide unless the user asks otherwise. */
export const DEFAULT_PREVIEW_WIDTH = 500;
/** The previews width input accepts whole pixels in this range. */
export const MIN_PREVIEW_WIDTH = 50;
export const MAX_PREVIEW_WIDTH = 2000;

/** Digits after the point in URLs and readouts: 5 keeps the spec's 0.28169 exact; 1e-5 of 10,000 px is 0.1 px. */
export const FRACTION_DIGITS = 5;

export interface ImageSize {
  width: number;
  height: number;
}

/** A rectangle in image pixels: left, top, width, height. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const finiteOr = (value: number, fallback: number): number => (Number.isFinite(value) ? value : fallback);

/** The default-sized point, centred on the image. */
export function defaultFocalPoint(): FocalPoint {
  return { x: 0.5, y: 0.5, w: DEFAULT_FOCAL_SIZE.w, h: DEFAULT_FOCAL_SIZE.h };
}

/**
 * The nearest point in bounds: each size clamped to [MIN_FOCAL_SIZE, 1], then the centre moved just enough
 * for the box to lie inside the image (the size is kept, so a box pushed against an edge slides along it).
 * A non-finite size becomes the default size; a non-finite centre becomes 0.5.
 */
export function clampFocalPoint(point: FocalPoint): FocalPoint {
  const w = clamp(finiteOr(point.w, DEFAULT_FOCAL_SIZE.w), MIN_FOCAL_SIZE, 1);
  const h = clamp(finiteOr(point.h, DEFAULT_FOCAL_SIZE.h), MIN_FOCAL_SIZE, 1);
  return {
    x: clamp(finiteOr(point.x, 0.5), w / 2, 1 - w / 2),
    y: clamp(finiteOr(point.y, 0.5), h / 2, 1 - h / 2),
    w,
    h,
  };
}

/** Moves the box by (dx, dy) fractions of the image; it stops at the image's edges. */
export function moveFocalPoint(point: FocalPoint, dx: number, dy: number): FocalPoint {
  return clampFocalPoint({ ...point, x: point.x + dx, y: point.y + dy });
}

/**
 * Grows (or with negative deltas shrinks) the box by (dw, dh) fractions of the image, keeping its top-left
 * corner where it is, as dragging the bottom-right handle does: the size stops at MIN_FOCAL_SIZE and at the
 * image's right and bottom edges, and the box never moves.
 */
export function resizeFocalPoint(point: FocalPoint, dw: number, dh: number): FocalPoint {
  const start = clampFocalPoint(point);
  const left = start.x - start.w / 2;
  const top = start.y - start.h / 2;
  const w = clamp(start.w + finiteOr(dw, 0), MIN_FOCAL_SIZE, 1 - left);
  const h = clamp(start.h + finiteOr(dh, 0), MIN_FOCAL_SIZE, 1 - top);
  return clampFocalPoint({ x: left + w / 2, y: top + h / 2, w, h });
}

/**
 * The point with each number rounded to FRACTION_DIGITS decimals, as written into content (so a dragged point
 * is not saved as 0.53000000000000001); a rounded box may overhang an edge by at most 0.000005.
 */
export function roundFocalPoint(point: FocalPoint): FocalPoint {
  const round = (value: number) => Number(formatFraction(value));
  return { x: round(point.x), y: round(point.y), w: round(point.w), h: round(point.h) };
}

/** Whether the value is a point whose four numbers are finite (not whether it is in bounds). */
export function isFocalPoint(value: unknown): value is FocalPoint {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['x', 'y', 'w', 'h'].every((key) => typeof record[key] === 'number' && Number.isFinite(record[key]));
}

/** A fraction for URLs and readouts: at most FRACTION_DIGITS decimals, no trailing zeros, never "-0" or "1e-7". */
export function formatFraction(value: number): string {
  const rounded = Number(value.toFixed(FRACTION_DIGITS));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** "W:H" with whole W and H from 1 to 999, as {w, h}; null for anything else. */
export function parseAspectRatio(ratio: string): { w: number; h: number } | null {
  const match = /^([1-9]\d{0,2}):([1-9]\d{0,2})$/.exec(ratio);
  return match ? { w: Number(match[1]), h: Number(match[2]) } : null;
}

function requireRatio(ratio: string): { w: number; h: number } {
  const parsed = parseAspectRatio(ratio);
  if (!parsed) throw new RangeError(`'${ratio}' is not an aspect ratio W:H of whole numbers from 1 to 999.`);
  return parsed;
}

/** A preview's size in CSS pixels: `width` wide and width × H / W high, rounded to whole pixels (at least 1). */
export function previewSize(ratio: string, width: number): { width: number; height: number } {
  const { w, h } = requireRatio(ratio);
  const whole = Math.max(1, Math.round(width));
  return { width: whole, height: Math.max(1, Math.round((whole * h) / w)) };
}

/** Splits "path?query#hash" so parameters can be added before the fragment. */
function splitUrl(url: string): { base: string; query: string; hash: string } {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = withoutHash.indexOf('?');
  return queryAt === -1
    ? { base: withoutHash, query: '', hash }
    : { base: withoutHash.slice(0, queryAt), query: withoutHash.slice(queryAt + 1), hash };
}

/**
 * The image service's point-of-interest crop:
 * `{image}?poi={x},{y},{w},{h}&scaleFit=poi&sm=aspect&aspect={ratio}&w={width}`.
 * x, y (centre) and w, h (size) are fractions written by formatFraction (at most 5 decimals, no trailing
 * zeros) after clampFocalPoint; width is rounded to whole pixels (at least 1). An image URL that already has a
 * query gets these parameters after it, joined with `&`; a `#fragment` stays last.
 */
export function amplienceUrl(image: string, point: FocalPoint, ratio: string, width: number): string {
  requireRatio(ratio);
  const p = clampFocalPoint(point);
  const poi = [p.x, p.y, p.w, p.h].map(formatFraction).join(',');
  const params = `poi=${poi}&scaleFit=poi&sm=aspect&aspect=${ratio}&w=${Math.max(1, Math.round(width))}`;
  const { base, query, hash } = splitUrl(image);
  return `${base}?${query === '' ? '' : `${query}&`}${params}${hash}`;
}

/**
 * The crop of the given aspect ratio in image pixels, as large as fits in the image, centred on the point's
 * centre and moved just enough to stay inside the image (so near an edge the point is off-centre). The
 * point's size does not change the crop: the largest crop of that shape already shows as much around the
 * point as the image allows. The numbers are not rounded.
 */
export function customCrop(image: ImageSize, point: FocalPoint, ratio: string): CropRect {
  const { w, h } = requireRatio(ratio);
  if (!(image.width > 0 && image.height > 0 && Number.isFinite(image.width) && Number.isFinite(image.height))) {
    throw new RangeError(`An image size must be positive, not ${image.width} x ${image.height}.`);
  }
  const aspect = w / h;
  const wide = image.height * aspect <= image.width;
  const width = wide ? image.height * aspect : image.width;
  const height = wide ? image.height : image.width / aspect;
  const p = clampFocalPoint(point);
  return {
    x: clamp(p.x * image.width - width / 2, 0, image.width - width),
    y: clamp(p.y * image.height - height / 2, 0, image.height - height),
    width,
    height,
  };
}

/**
 * Editor spec §7: the image's metadata, `{image}.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4`.
 * The metadata belongs to the image file, so a query (say `?w=300`) or fragment on the image URL is left out.
 */
export function metadataUrl(image: string): string {
  return `${splitUrl(image).base}.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4`;
}
