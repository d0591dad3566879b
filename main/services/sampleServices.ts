import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createSampleCatalogue } from './sampleCatalogue';
import { noSuchSampleFile, searchParamsOf } from './sampleHttp';
import { sampleFhSearchPlugin } from './sampleFhSearch';
import { createImageMetadata, metadataImagePath } from './sampleImageMetadata';
import { CROP_HEADERS, createSampleImageCrops } from './sampleImages';
import { sampleMeshPlugin, unknownMeshPath } from './sampleMesh';
import { sampleProductLookupPlugin } from './sampleProductLookup';
import { checkApiKey, digest } from './sampleQuery';
import { sampleTranslationPlugin } from './sampleTranslation';

/**
 * The sample services (ARCHITECTURE.md, Data), a Fastify plugin the embedded content server registers: the
 * mesh (sampleMesh.ts), the faceted search (sampleFhSearch.ts), the product lookup (sampleProductLookup.ts),
 * the image metadata (sampleImageMetadata.ts) and crops (sampleImages.ts), over the shipped catalogue
 * (sampleCatalogue.ts), and the translation (sampleTranslation.ts). The calls and answer shapes are those of
 * editor spec §7; every answer but a crop is JSON, every error `{error: {code, message}}` (http/app.ts).
 * Each answers GET only (the translation POST only); a keyed route checks the query parameter `apikey`
 * before anything else.
 */

export interface SampleServicesOptions {
  /** The shipped sample folder (resources/sample): catalogue.json, glossary.json and images/. */
  sampleDir: string;
  /** The mesh and faceted-search key; requests carry it as the query parameter `apikey`. */
  apiKey: string;
}

export const sampleServicesPlugin: FastifyPluginAsync<SampleServicesOptions> = async (app, options) => {
  if (options.apiKey === '') throw new Error('The sample services need a non-empty API key.');
  const expectedKey = digest(options.apiKey);
  const catalogue = createSampleCatalogue(options.sampleDir);

  await app.register(async (keyed) => {
    keyed.addHook('onRequest', async (request) => checkApiKey(searchParamsOf(request), expectedKey));
    await keyed.register(sampleMeshPlugin, { catalogue });
    await keyed.register(sampleFhSearchPlugin, { catalogue });
  });
  app.get('/stores/*', unknownMeshPath);
  await app.register(sampleProductLookupPlugin, { catalogue });
  await app.register(sampleTranslationPlugin, { glossaryPath: join(options.sampleDir, 'glossary.json') });

  // The image metadata ({image}.json/) and the crops ({image}?poi=...) share the images' folder.
  const imageMetadata = createImageMetadata(options.sampleDir);
  const crops = createSampleImageCrops({ sampleDir: options.sampleDir });
  app.get('/sample/images/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sample.invalid');
    const image = metadataImagePath(request.params['*']);
    if (image !== null) return imageMetadata(url.searchParams, image);
    const cropPath = crops.cropPathOf(url);
    if (cropPath !== null) return reply.headers(CROP_HEADERS).send(await crops.crop(cropPath, url));
    // The rest of the folder is the shells' to serve, not this server's (nor its JSON sample files').
    throw noSuchSampleFile();
  });
};
