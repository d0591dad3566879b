import got, { HTTPError, RequestError } from 'got';
import { z } from 'zod';
import { metadataUrl } from '../../core/rules/focalPoint';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';

const MetadataSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  metadata: z.object({ pointOfInterest: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).nullable().optional() }).optional(),
});

/**
 * GET {image url}.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4 (editor spec §7). Root-relative
 * image addresses are read from the image metadata service (the embedded samples by default).
 */
export async function fetchImageMetadata(imageUrl: string, serviceUrl: string, timeoutMs = 10_000) {
  let url: URL;
  try {
    url = new URL(metadataUrl(imageUrl), serviceUrl);
  } catch {
    // "http://[" and the like: a typing mistake to name, not a failure of the app.
    throw new StudioError('invalid-input', `The image address ${quote(imageUrl)} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StudioError('invalid-input', 'Image addresses are http or https.');
  let body: unknown;
  try {
    body = await got(url, { timeout: { request: timeoutMs }, retry: { limit: 1, methods: ['GET'] } }).json();
  } catch (error) {
    if (error instanceof HTTPError) throw new StudioError('unavailable', `The image metadata for ${quote(imageUrl)} answered ${error.response.statusCode}.`);
    if (error instanceof RequestError) throw new StudioError('unavailable', `The image metadata for ${quote(imageUrl)} could not be read (${error.code}).`);
    throw error;
  }
  const parsed = MetadataSchema.safeParse(body);
  if (!parsed.success) throw new StudioError('failed', `The image metadata for ${quote(imageUrl)} is not in the expected shape.`);
  return { width: parsed.data.width, height: parsed.data.height, pointOfInterest: parsed.data.metadata?.pointOfInterest ?? null };
}
