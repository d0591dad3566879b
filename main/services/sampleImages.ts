import { readFile, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { customCrop, parseAspectRatio, previewSize, type FocalPoint } from '../../core/rules/focalPoint';
import { svgSize } from './sampleImageMetadata';
import { HttpError, internalError, methodNotAllowed } from '../../http/errors';

/**
 * The sample image service's point-of-interest crop, so the focal-point tool's Amplience previews show real
 * crops offline (editor spec §2, §7):
 *
 *   GET /sample/images/{file}.svg?poi={x},{y},{w},{h}&scaleFit=poi&sm=aspect&aspect={W}:{H}&w={N}
 *     -> 200 image/svg+xml: an SVG N px wide and round(N × H / W) px high (core previewSize) whose viewBox is
 *        core customCrop's rectangle for that point and ratio (the same function crops the Custom previews, so
 *        both tabs show the same part of the image), wrapping the original SVG as a nested <svg>.
 *
 * The poi is as everywhere else (core/rules/focalPoint.ts): x, y the CENTRE, w, h the SIZE, fractions of the
 * image. An <img> does not load an SVG's external resources, so the original is inlined, not referenced.
 *
 * Which requests are this router's: a GET of an .svg under /sample/images/ whose query has at least one of
 * poi, scaleFit, sm, aspect, w. Anything else gives null, and the shell serves the file as it does today.
 * Once it is ours, parsing is strict: all five parameters once each, nothing else; poi is four decimals in
 * [0, 1] with w, h above 0 (the box is then clamped into the image, as core clampFocalPoint does); scaleFit
 * must be poi, sm aspect; aspect W:H of whole numbers 1-999; w whole pixels 1-4000. A bad query is a 400, a
 * path leaving images/ (also through a symbolic link) or a missing file a 404, a file without a size or too
 * large a 422, another method a 405; error bodies are JSON `{error: {code, message}}` as the sample services'.
 */

/**
 * What the router answers; the integrator sends it so:
 * - `raw` set (a success): send `raw` as the body, as is, with `headers` (they include Content-Type);
 * - `raw` unset (an error): send `body` as JSON (application/json), with `headers` when given (e.g. Allow).
 */
export interface SampleImageReply {
  status: number;
  /** A JSON body; null when `raw` carries the answer. */
  body: unknown;
  headers?: Record<string, string>;
  /** A non-JSON body (the SVG text), sent as is. */
  raw?: string;
}

/**
 * null: not this router's request. `request` needs only a method, so both shells can call it: the browser
 * host with a Node IncomingMessage, the Electron app:// handler with a fetch Request. (The embedded content
 * server answers crops as a Fastify route, with SampleImageCrops.)
 */
export type SampleImageRouter = (
  request: { method?: string | undefined },
  url: URL,
) => Promise<SampleImageReply | null>;

export interface SampleImagesOptions {
  /** The shipped sample folder (resources/sample); images are read from its images/ folder only. */
  sampleDir: string;
}

/** The crop parameters; any one of them in the query makes the request this router's. */
export const CROP_PARAMETERS = ['poi', 'scaleFit', 'sm', 'aspect', 'w'] as const;
/** The widest crop the service renders, in pixels. */
export const MAX_CROP_WIDTH = 4000;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Opened as a document rather than through <img>, the SVG may still run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** The headers of a crop's SVG. */
export const CROP_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'image/svg+xml',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': SVG_CSP,
};

/** 0, 1 or a decimal between them with a leading digit: 0.5, 1.0; not .5, 1e-3 or 0.5000000000001e0. */
const FRACTION = /^(?:0(?:\.\d{1,12})?|1(?:\.0{1,12})?)$/;

const PoiSchema = z.string().transform((text, context): FocalPoint => {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((part) => FRACTION.test(part))) {
    context.addIssue({ code: 'custom', message: 'must be four decimals from 0 to 1: x,y,w,h' });
    return z.NEVER;
  }
  const [x, y, w, h] = parts.map(Number) as [number, number, number, number];
  if (w === 0 || h === 0) {
    context.addIssue({ code: 'custom', message: 'w and h must be above 0' });
    return z.NEVER;
  }
  return { x, y, w, h };
});

const CropQuerySchema = z.strictObject({
  poi: PoiSchema,
  scaleFit: z.literal('poi', { error: 'must be poi' }),
  sm: z.literal('aspect', { error: 'must be aspect' }),
  aspect: z.string().refine((ratio) => parseAspectRatio(ratio) !== null, 'must be W:H, whole numbers from 1 to 999'),
  w: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, `must be whole pixels from 1 to ${MAX_CROP_WIDTH}`)
    .transform(Number)
    .refine((width) => width <= MAX_CROP_WIDTH, `must be whole pixels from 1 to ${MAX_CROP_WIDTH}`),
});
type CropQuery = z.output<typeof CropQuerySchema>;

function readCropQuery(params: URLSearchParams): CropQuery {
  const single: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(single, name)) throw badCropQuery(`'${name}' is given more than once.`);
    single[name] = value;
  }
  const parsed = CropQuerySchema.safeParse(single);
  if (!parsed.success) throw badCropQuery(describeIssues(parsed.error));
  return parsed.data;
}

function badCropQuery(message: string): HttpError {
  return new HttpError(400, 'invalid-input', `Invalid image crop query: ${message}`);
}

const ROOT_TAG = /<svg\b(?:[^>"']|"[^"]*"|'[^']*')*>/i;
const PLACED_ATTRIBUTES = /\s(?:x|y|width|height)\s*=\s*(?:"[^"]*"|'[^']*')/gi;

/** A number for an SVG attribute: JavaScript's shortest exact form, so the viewBox is customCrop's own. */
const svgNumber = (value: number): string => (Object.is(value, -0) ? '0' : String(value));

/**
 * The original SVG ready to nest: its prolog (XML declaration, comments, a doctype) dropped, and its root
 * element placed at 0,0 at its own size, so its user units are image pixels in the outer viewBox.
 */
function nestable(svg: string, size: { width: number; height: number }): string | null {
  const text = svg.replace(/^\uFEFF/, '');
  const root = ROOT_TAG.exec(text);
  if (!root) return null;
  // A doctype's internal subset may declare entities the body uses; such a file cannot be nested as is.
  if (/<!DOCTYPE[^>]*\[/i.test(text.slice(0, root.index))) return null;
  const tag = root[0].replace(PLACED_ATTRIBUTES, '');
  const placed = `<svg x="0" y="0" width="${svgNumber(size.width)}" height="${svgNumber(size.height)}"${tag.slice('<svg'.length)}`;
  return placed + text.slice(root.index + root[0].length);
}

export interface SampleImageCrops {
  /**
   * The image path (still percent-encoded) of a crop request: an .svg under /sample/images/ whose query has at
   * least one crop parameter; null: not a crop.
   */
  cropPathOf(url: URL): string | null;
  /** The crop's SVG (sent with CROP_HEADERS); an HttpError when it cannot be made. */
  crop(encodedPath: string, url: URL): Promise<string>;
}

export function createSampleImageCrops(options: SampleImagesOptions): SampleImageCrops {
  const imagesRoot = join(resolve(options.sampleDir), 'images');

  async function readImage(encodedPath: string): Promise<{ text: string; size: { width: number; height: number } }> {
    let relativePath: string;
    try {
      relativePath = decodeURIComponent(encodedPath);
    } catch {
      throw new HttpError(400, 'invalid-input', 'The image path is not validly percent-encoded.');
    }
    const noSuchImage = () => new HttpError(404, 'not-found', `There is no sample image '${relativePath}'.`);
    if (relativePath.includes('\0') || relativePath.includes('\\')) throw noSuchImage();
    const file = resolve(imagesRoot, relativePath);
    if (!file.startsWith(imagesRoot + sep) || !/\.svg$/i.test(file)) throw noSuchImage();
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(file), realpath(imagesRoot)]);
    } catch {
      throw noSuchImage();
    }
    // A link inside the folder must not lead out of it.
    if (!real.startsWith(realRoot + sep)) throw noSuchImage();
    const info = await stat(real);
    if (!info.isFile()) throw noSuchImage();
    if (info.size > MAX_IMAGE_BYTES)
      throw new HttpError(422, 'unprocessable', `'${relativePath}' is too large to crop.`);
    const text = await readFile(real, 'utf8');
    const size = svgSize(text);
    if (!size) throw new HttpError(422, 'unprocessable', `'${relativePath}' has no width and height or viewBox.`);
    return { text, size };
  }

  async function crop(encodedPath: string, url: URL): Promise<string> {
    const query = readCropQuery(url.searchParams);
    const { text, size } = await readImage(encodedPath);
    const inner = nestable(text, size);
    if (inner === null) throw new HttpError(422, 'unprocessable', 'The image cannot be nested in a crop.');
    const rect = customCrop(size, query.poi, query.aspect);
    const out = previewSize(query.aspect, query.w);
    const viewBox = [rect.x, rect.y, rect.width, rect.height].map(svgNumber).join(' ');
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${out.width}" height="${out.height}" ` +
      `viewBox="${viewBox}" preserveAspectRatio="none">\n${inner}\n</svg>\n`
    );
  }

  return {
    cropPathOf(url) {
      const image = /^\/sample\/images\/(.+\.svg)$/i.exec(url.pathname);
      return image && CROP_PARAMETERS.some((name) => url.searchParams.has(name)) ? (image[1] ?? '') : null;
    },
    crop,
  };
}

/** The crops as a router for the shells, which answer them before serving /sample/ as files. */
export function createSampleImages(options: SampleImagesOptions): SampleImageRouter {
  const crops = createSampleImageCrops(options);
  return async (request, url) => {
    const path = crops.cropPathOf(url);
    if (path === null) return null;
    try {
      if (request.method !== 'GET') {
        throw methodNotAllowed(url.pathname, ['GET']);
      }
      return { status: 200, body: null, raw: await crops.crop(path, url), headers: { ...CROP_HEADERS } };
    } catch (error) {
      return errorReply(error);
    }
  };
}

/** A failure's reply (http/errors.ts HttpError): its own status, message and headers, or a logged 500. */
function errorReply(error: unknown): SampleImageReply {
  if (!(error instanceof HttpError)) console.error('sample image service: unexpected failure', error);
  const http = error instanceof HttpError ? error : internalError('sample image service', error);
  const reply: SampleImageReply = {
    status: http.status,
    body: { error: { code: http.code, message: http.message } },
  };
  if (Object.keys(http.headers).length > 0) reply.headers = http.headers;
  return reply;
}
