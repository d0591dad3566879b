import { readFile, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { z } from 'zod';
import { HttpError, notFound } from '../../http/errors';
import { readQuery } from './sampleQuery';

/**
 * The sample image metadata service (editor spec §7, focal point), no key:
 *   GET /sample/images/{file}.svg.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4
 *                                                                     -> {width, height, metadata: {pointOfInterest}}
 */

interface PointOfInterest {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Known points of interest by image file name; every other image has none (null). x, y: centre; w, h: size. */
const POINTS_OF_INTEREST: { pattern: RegExp; point: PointOfInterest }[] = [
  // The athlete portraits (600x800) all put the face at the same place.
  { pattern: /^athlete-[a-z0-9-]+\.svg$/, point: { x: 0.5, y: 0.46, w: 0.35, h: 0.34 } },
];

/** width and height of an SVG's root element (px or unitless), else from its viewBox; null when neither. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim();
  const length = (value: string | undefined) => {
    const match = value === undefined ? null : /^(\d+(?:\.\d+)?)(px)?$/.exec(value);
    return match ? Number(match[1]) : null;
  };
  const width = length(attribute('width'));
  const height = length(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) {
    return { width: box[2] as number, height: box[3] as number };
  }
  return null;
}

/** The image a metadata path under /sample/images/ (decoded) names ('x.svg.json/' -> 'x.svg'); null: not one. */
export function metadataImagePath(path: string): string | null {
  return /^(.+\.[a-z0-9]+)\.json\/?$/i.exec(path)?.[1] ?? null;
}

export interface ImageMetadata {
  width: number;
  height: number;
  metadata?: { pointOfInterest: PointOfInterest | null };
}

/** The metadata of an image under images/ (its path relative to it, decoded), for a query. */
export function createImageMetadata(
  sampleDir: string,
): (params: URLSearchParams, relativePath: string) => Promise<ImageMetadata> {
  const imagesRoot = join(resolve(sampleDir), 'images');
  const imageSizes = new Map<string, { width: number; height: number }>();

  const MetadataQuerySchema = z.strictObject({
    metadata: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    metaFilter: z.enum(['pointOfInterest'], { error: 'only pointOfInterest is supported' }).optional(),
    cacheBust: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots or hyphens')
      .optional(),
  });

  return async (params, relativePath) => {
    const { values } = readQuery(params, MetadataQuerySchema, 'image metadata');
    const noSuchImage = () => notFound(`There is no sample image '${relativePath}'.`);
    if (relativePath.includes('\0') || relativePath.includes('\\')) throw noSuchImage();
    const file = resolve(imagesRoot, relativePath);
    if (!file.startsWith(imagesRoot + sep)) throw noSuchImage();
    if (!/\.svg$/i.test(file)) throw notFound(`The sample image service reads SVG images only, not '${relativePath}'.`);

    let size = imageSizes.get(file);
    if (!size) {
      let real: string;
      try {
        real = await realpath(file);
      } catch {
        throw noSuchImage();
      }
      // A link inside the folder must not lead out of it.
      if (!real.startsWith((await realpath(imagesRoot)) + sep)) throw noSuchImage();
      const info = await stat(real);
      if (!info.isFile()) throw noSuchImage();
      if (info.size > MAX_IMAGE_BYTES)
        throw new HttpError(422, 'unprocessable', `'${relativePath}' is too large to read.`);
      const found = svgSize(await readFile(real, 'utf8'));
      if (!found) throw new HttpError(422, 'unprocessable', `'${relativePath}' has no width and height or viewBox.`);
      size = found;
      imageSizes.set(file, size);
    }
    if (values.metadata === 'false') return { ...size };
    const name = file
      .slice(imagesRoot.length + 1)
      .split(sep)
      .join('/');
    const pointOfInterest = POINTS_OF_INTEREST.find((entry) => entry.pattern.test(name))?.point ?? null;
    return { ...size, metadata: { pointOfInterest: pointOfInterest && { ...pointOfInterest } } };
  };
}
