import { z } from 'zod';
import { LANDING_PAGE_CHANNELS } from '../../core/rules/linkGenerator';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import {
  CategoryProductsSchema,
  CategoryTreeSchema,
  FhSearchSchema,
  LandingPagesSchema,
  MeshSearchSchema,
  type CategoryProducts,
  type CategoryNode,
  type FhSearch,
  type LandingPage,
  type MeshSearch,
} from '../../core/meshSchemas';
import { createServiceHttp, describeHttpFailure } from './http';

/**
 * Clients of the mesh service (editor spec §7: category tree, landing pages, category products, search) and of
 * the faceted-search service behind the query builder. Both carry the key as the query parameter `apikey`
 * (first), send the other parameters in the spec's order, and answer parsed data or throw a StudioError:
 *
 *   401, 403           forbidden    'The mesh service refused the api key.'
 *   400 / 404 / other  invalid-input / not-found / failed, with the service's own message when it gave one
 *   5xx                unavailable  (502, 503 and 504 are first retried, up to twice)
 *   timeout            unavailable  naming the time limit (10 s unless told); a timed-out call is not repeated
 *   unreachable        unavailable  naming the address (retried up to twice on network errors)
 *   (timeouts, retries, parsing and this mapping are main/services/http.ts's; the wording is this file's)
 *   not JSON, or JSON of the wrong shape   failed
 *
 * Error messages name the address without its query, so the key never shows in one.
 */

export const MESH_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------------
// The shared GET

export interface ServiceClientOptions {
  /** The service root, e.g. http://127.0.0.1:5173 or https://mesh.example/v1 (path prefixes are kept). */
  baseUrl: string;
  apiKey: string;
  /** Per attempt; 10 s unless told (tests use less). */
  timeoutMs?: number;
  /** Caps the wait between retries (got waits 1 s, then 2 s); tests use a few ms. */
  maxRetryDelayMs?: number;
}

type Query = [name: string, value: string][];

function createGetter(service: string, options: ServiceClientOptions) {
  const root = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const http = createServiceHttp({
    timeoutMs: options.timeoutMs ?? MESH_TIMEOUT_MS,
    ...(options.maxRetryDelayMs === undefined ? {} : { retryDelayMs: options.maxRetryDelayMs }),
    describe: (failure, where) => describeHttpFailure(`The ${service} service`, failure, where),
    explain: (failure, where) => {
      if (failure.kind !== 'status') return undefined;
      if (failure.status === 401 || failure.status === 403)
        return new StudioError('forbidden', `The ${service} service refused the api key.`);
      // A mesh 500 is as unusable to the editor as a 503: nothing in the request can be changed to help.
      if (failure.status >= 500)
        return new StudioError('unavailable', describeHttpFailure(`The ${service} service`, failure, where));
      return undefined;
    },
  });

  return function get<S extends z.ZodType>(path: string, query: Query, schema: S): Promise<z.output<S>> {
    const url = new URL(path, root);
    // The path carries the store and category path someone sent: quoted, as every value in a message is.
    const where = quote(`${url.origin}${url.pathname}`);
    return http.request({
      url,
      where,
      schema,
      searchParams: new URLSearchParams([['apikey', options.apiKey], ...query]),
    });
  };
}

const segment = (value: string) => encodeURIComponent(value);

// ---------------------------------------------------------------------------------------------------------
// Mesh

export interface CategoryProductsOptions {
  isNew?: boolean;
  isOnSale?: boolean;
}

export interface MeshSearchQuery {
  brandname?: string;
  keywords?: string;
  facets?: readonly { name: string; value: string }[];
  isNew?: boolean;
  isOnSale?: boolean;
}

export function createMeshClient(options: ServiceClientOptions) {
  const get = createGetter('mesh', options);
  return {
    /** GET /stores/{store}/categories?apikey&showempty=1&tree=1: the category tree. */
    categories(store: string): Promise<CategoryNode[]> {
      return get(
        `stores/${segment(store)}/categories`,
        [
          ['showempty', '1'],
          ['tree', '1'],
        ],
        CategoryTreeSchema,
      );
    },

    /** GET /stores/{store}/navigationPages?apikey&channel={the four app channels}&showempty=1&tree=1. */
    navigationPages(store: string): Promise<LandingPage[]> {
      return get(
        `stores/${segment(store)}/navigationPages`,
        [
          ['channel', LANDING_PAGE_CHANNELS.join(',')],
          ['showempty', '1'],
          ['tree', '1'],
        ],
        LandingPagesSchema,
      );
    },

    /** GET /stores/{store}/products/categories/{path}?apikey[&isnew=1][&isonsale=1]; path as men/footwear. */
    categoryProducts(store: string, path: string, filters: CategoryProductsOptions = {}): Promise<CategoryProducts> {
      const parts = path.split('/').filter((part) => part !== '');
      if (parts.length === 0) return Promise.reject(new StudioError('invalid-input', 'Choose a category first.'));
      const query: Query = [];
      if (filters.isNew) query.push(['isnew', '1']);
      if (filters.isOnSale) query.push(['isonsale', '1']);
      return get(
        `stores/${segment(store)}/products/categories/${parts.map(segment).join('/')}`,
        query,
        CategoryProductsSchema,
      );
    },

    /**
     * GET /stores/{store}/products/search?apikey[&brandname][&keywords][&facet:{name}={value}]*[&isnew=1][&isonsale=1].
     * A blank brand name or keyword text is left out.
     */
    search(store: string, search: MeshSearchQuery = {}): Promise<MeshSearch> {
      const query: Query = [];
      const brandname = search.brandname?.trim();
      if (brandname) query.push(['brandname', brandname]);
      const keywords = search.keywords?.trim();
      if (keywords) query.push(['keywords', keywords]);
      for (const facet of search.facets ?? []) {
        if (facet.name.trim() && facet.value.trim()) query.push([`facet:${facet.name.trim()}`, facet.value.trim()]);
      }
      if (search.isNew) query.push(['isnew', '1']);
      if (search.isOnSale) query.push(['isonsale', '1']);
      return get(`stores/${segment(store)}/products/search`, query, MeshSearchSchema);
    },
  };
}

export type MeshClient = ReturnType<typeof createMeshClient>;

// ---------------------------------------------------------------------------------------------------------
// Faceted search

export function createFacetedSearchClient(options: ServiceClientOptions) {
  const get = createGetter('faceted-search', options);
  return {
    /**
     * GET /fh/search?apikey&fh_location={location}. Takes the location (core/rules/fhQuery fhLocation,
     * //{universe}/{locale}/...); the footer's query string (fh_location=//...) is accepted too.
     */
    search(location: string): Promise<FhSearch> {
      const value = location.startsWith('fh_location=') ? location.slice('fh_location='.length) : location;
      return get('fh/search', [['fh_location', value]], FhSearchSchema);
    },
  };
}

export type FacetedSearchClient = ReturnType<typeof createFacetedSearchClient>;
