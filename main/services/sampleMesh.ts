import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHANNELS,
  type CatalogueCategory,
  type FacetResult,
  type SampleCatalogue,
  searchProducts,
} from './sampleCatalogue';
import { badRequest, notFound } from '../../http/errors';
import { pathOf } from '../../http/app';
import { searchParamsOf, withOptionalSlash } from './sampleHttp';
import { ApiKeyFieldSchema, FlagSchema, readQuery } from './sampleQuery';
import { SLUG } from '../../core/rules/fhQuery';

/**
 * The sample mesh (editor spec §3, §7) over the sample catalogue; every call needs the query parameter apikey:
 *   GET /stores/{store}/categories?showempty=0|1&tree=0|1            -> [{name, path, productCount, children}]
 *   GET /stores/{store}/navigationPages?channel=a,b&showempty&tree    -> [{ID, name, channels}]
 *   GET /stores/{store}/products/categories/{path}?isnew&isonsale&facet:{name}={value}
 *                                                                     -> {count, path, facets, breadCrumbs}
 *   GET /stores/{store}/products/search?brandname&keywords&facet:{name}={value}&isnew&isonsale -> {count, facets}
 */
export const sampleMeshPlugin: FastifyPluginAsync<{ catalogue: SampleCatalogue }> = async (app, { catalogue }) => {
  const { storeOf } = catalogue;

  const TreeQuerySchema = z.strictObject({ apikey: ApiKeyFieldSchema, showempty: FlagSchema, tree: FlagSchema });

  async function categoriesRoute(params: URLSearchParams, storeSegment: string) {
    const { values } = readQuery(params, TreeQuerySchema, 'categories');
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const counts = new Map<string, number>();
    for (const product of loaded.file.products) {
      if (!product.stores.includes(store)) continue;
      const parts = product.category.split('/');
      for (let depth = 1; depth <= parts.length; depth++) {
        const path = parts.slice(0, depth).join('/');
        counts.set(path, (counts.get(path) ?? 0) + 1);
      }
    }
    interface Node {
      name: string;
      path: string;
      productCount: number;
      children: Node[];
    }
    const build = (nodes: CatalogueCategory[]): Node[] =>
      nodes
        .map((node) => ({
          name: node.name,
          path: node.path,
          productCount: counts.get(node.path) ?? 0,
          children: build(node.children),
        }))
        .filter((node) => values.showempty || node.productCount > 0);
    const tree = build(loaded.file.categories);
    if (values.tree) return tree;
    const flat: Node[] = [];
    const flatten = (nodes: Node[]) => {
      for (const node of nodes) {
        flat.push({ ...node, children: [] });
        flatten(node.children);
      }
    };
    flatten(tree);
    return flat;
  }

  const ChannelListSchema = z
    .string()
    .transform((text) => text.split(',').map((channel) => channel.trim()))
    .pipe(z.array(z.enum(CHANNELS, { error: `channels are ${CHANNELS.join(', ')}` })).min(1));
  const NavigationQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    channel: ChannelListSchema.optional(),
    // Accepted for the call's sake; landing pages form a flat list and none is empty.
    showempty: FlagSchema,
    tree: FlagSchema,
  });

  async function navigationRoute(params: URLSearchParams, storeSegment: string) {
    const { values } = readQuery(params, NavigationQuerySchema, 'navigationPages');
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const pages = loaded.file.landingPages
      .filter((page) => page.stores.includes(store))
      .filter((page) => !values.channel || page.channels.some((channel) => values.channel?.includes(channel)))
      .map((page) => ({ ID: page.ID, name: page.name, channels: page.channels }));
    return pages;
  }

  const CategoryProductsQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    isnew: FlagSchema,
    isonsale: FlagSchema,
  });

  async function categoryProductsRoute(params: URLSearchParams, storeSegment: string, pathParameter: string) {
    const { values, facets } = readQuery(params, CategoryProductsQuerySchema, 'category products', true);
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const path = pathParameter.split('/').filter((part) => part !== '');
    if (path.length === 0) throw badRequest('Name a category path, e.g. /products/categories/men/footwear.');
    if (!path.every((part) => SLUG.test(part))) {
      throw badRequest(
        `'${path.join('/')}' is not a category path: lowercase letters, digits and hyphens between slashes.`,
      );
    }
    const categoryPath = path.join('/');
    const category = loaded.categories.get(categoryPath);
    if (!category) throw notFound(`There is no category '${categoryPath}'.`);
    const result = searchProducts(loaded, {
      store,
      categoryPath,
      keywords: [],
      isNew: values.isnew,
      isOnSale: values.isonsale,
      attributes: facets,
    });
    return {
      count: result.matches.length,
      path: categoryPath,
      facets: meshFacets(result.facets),
      breadCrumbs: category.trail.map((step) => ({ name: step.name, path: step.path })),
    };
  }

  const SearchQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    brandname: z.string().trim().min(1, 'must not be blank').max(100).optional(),
    keywords: z.string().max(200, 'must be at most 200 characters').optional(),
    isnew: FlagSchema,
    isonsale: FlagSchema,
  });

  async function searchRoute(params: URLSearchParams, storeSegment: string) {
    const { values, facets } = readQuery(params, SearchQuerySchema, 'search', true);
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const result = searchProducts(loaded, {
      store,
      categoryPath: null,
      brandname: values.brandname,
      keywords: (values.keywords ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      isNew: values.isnew,
      isOnSale: values.isonsale,
      attributes: facets,
    });
    return { count: result.matches.length, facets: meshFacets(result.facets) };
  }

  type StoreRequest = FastifyRequest<{ Params: { store: string } }>;
  const storeRoutes: [string, (params: URLSearchParams, store: string) => Promise<unknown>][] = [
    ['categories', categoriesRoute],
    ['navigationPages', navigationRoute],
    ['products/search', searchRoute],
  ];
  for (const [route, answer] of storeRoutes) {
    for (const url of withOptionalSlash(`/stores/:store/${route}`)) {
      app.get(url, async (request: StoreRequest) => answer(searchParamsOf(request), request.params.store));
    }
  }
  // The category path may hold slashes, and may be missing (then refused with a hint).
  app.get('/stores/:store/products/categories', async (request: StoreRequest) =>
    categoryProductsRoute(searchParamsOf(request), request.params.store, ''),
  );
  app.get(
    '/stores/:store/products/categories/*',
    async (request: FastifyRequest<{ Params: { store: string; '*': string } }>) =>
      categoryProductsRoute(searchParamsOf(request), request.params.store, request.params['*']),
  );
};

/** Any other path under /stores/: not found, and needs no key (it is no call of the mesh's). */
export async function unknownMeshPath(request: FastifyRequest): Promise<never> {
  throw notFound(`The sample mesh has no ${pathOf(request.url)}.`);
}

/** The mesh's facet shape (editor spec §3): facets without any value are left out. */
function meshFacets(facets: FacetResult[]) {
  return facets
    .filter((facet) => facet.values.length > 0)
    .map((facet) => ({
      displayName: facet.displayName,
      name: facet.name,
      values: facet.values.map((value) => ({ displayName: value.displayName, value: value.value, count: value.count })),
    }));
}
