import { createSampleCatalogue } from './sampleCatalogue';
import { methodNotAllowed } from '../../http/errors';
import { errorReply, type SampleRouter, type SampleRoutes } from './sampleHttp';
import { sampleFhSearchRoutes } from './sampleFhSearch';
import { sampleImageMetadataRoutes } from './sampleImageMetadata';
import { sampleMeshRoutes } from './sampleMesh';
import { sampleProductLookupRoutes } from './sampleProductLookup';
import { checkApiKey, digest } from './sampleQuery';

/**
 * The sample services (ARCHITECTURE.md, Data), mounted by the embedded content server: the mesh
 * (sampleMesh.ts), the faceted search (sampleFhSearch.ts), the product lookup (sampleProductLookup.ts) and the
 * image metadata (sampleImageMetadata.ts), over the shipped catalogue (sampleCatalogue.ts). The calls and
 * answer shapes are those of editor spec §7; every answer is JSON, every error `{error: {code, message}}`.
 * Each answers GET only (else 405); a keyed route checks the query parameter `apikey` before anything else.
 */

export interface SampleServicesOptions {
  /** The shipped sample folder (resources/sample): catalogue.json and images/. */
  sampleDir: string;
  /** The mesh and faceted-search key; requests carry it as the query parameter `apikey`. */
  apiKey: string;
}

export function createSampleServices(options: SampleServicesOptions): SampleRouter {
  if (options.apiKey === '') throw new Error('The sample services need a non-empty API key.');
  const expectedKey = digest(options.apiKey);
  const catalogue = createSampleCatalogue(options.sampleDir);
  const services: SampleRoutes[] = [
    sampleImageMetadataRoutes(options.sampleDir),
    sampleProductLookupRoutes(catalogue),
    sampleFhSearchRoutes(catalogue),
    sampleMeshRoutes(catalogue),
  ];

  return async (request, url) => {
    const matched = services.reduce<ReturnType<SampleRoutes>>((found, routes) => found ?? routes(url.pathname), null);
    if (!matched) return null;
    try {
      if (request.method !== 'GET') {
        throw methodNotAllowed(url.pathname, ['GET']);
      }
      if (matched.keyed) checkApiKey(url.searchParams, expectedKey);
      return await matched.handle(request, url);
    } catch (error) {
      return errorReply(error, 'sample services');
    }
  };
}
