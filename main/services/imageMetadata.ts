import { z } from 'zod';
import { metadataUrl } from '../../core/rules/focalPoint';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import { createServiceHttp, describeHttpFailure } from './http';

const MetadataSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  metadata: z
    .object({
      pointOfInterest: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).nullable().optional(),
    })
    .optional(),
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
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new StudioError('invalid-input', 'Image addresses are http or https.');
  const http = createServiceHttp({
    timeoutMs,
    describe: (failure, where) => describeHttpFailure('The image metadata service', failure, where),
  });
  const metadata = await http.request({ url, where: quote(`${url.origin}${url.pathname}`), schema: MetadataSchema });
  return {
    width: metadata.width,
    height: metadata.height,
    pointOfInterest: metadata.metadata?.pointOfInterest ?? null,
  };
}
