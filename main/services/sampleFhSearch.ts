import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatFhLocation, parseFhLocation, type FhLocation } from '../../core/rules/fhQuery';
import { inCategory, searchProducts, type SampleCatalogue } from './sampleCatalogue';
import { badRequest, notFound } from '../../http/errors';
import { searchParamsOf, withOptionalSlash } from './sampleHttp';
import { ApiKeyFieldSchema, readQuery } from './sampleQuery';

/**
 * The sample faceted search for the FH Query Builder (query `apikey` required), reading the location with the
 * grammar of core/rules/fhQuery.ts:
 *   GET /fh/search?fh_location=//{universe}/{locale}/...              -> {totalItems, facets, breadcrumbs, query}
 */
export const sampleFhSearchPlugin: FastifyPluginAsync<{ catalogue: SampleCatalogue }> = async (app, { catalogue }) => {
  const FhQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    fh_location: z.string({ error: 'fh_location is required' }),
  });

  async function fhSearch(params: URLSearchParams) {
    const { values } = readQuery(params, FhQuerySchema, 'faceted search');
    const parsed = parseFhLocation(values.fh_location);
    if (!parsed.ok) throw badRequest(parsed.error);
    const { location } = parsed;
    const loaded = await catalogue.load();
    if (!loaded.storeIds.includes(location.universe)) {
      throw notFound(`There is no universe '${location.universe}'; the universes are ${loaded.storeIds.join(', ')}.`);
    }
    const category = location.categoryPath === null ? null : loaded.categories.get(location.categoryPath);
    if (category === undefined) throw notFound(`There is no category '${location.categoryPath}'.`);

    const result = searchProducts(loaded, {
      store: location.universe,
      categoryPath: location.categoryPath,
      keywords: [],
      isNew: location.isNew,
      isOnSale: location.isOnSale,
      attributes: location.attributes,
    });

    const childCategories = category ? category.node.children : loaded.file.categories;
    const categoryValues = childCategories
      .map((child) => ({
        id: child.path,
        label: child.name,
        count: result.matches.filter((product) => inCategory(product, child.path)).length,
        selected: false,
      }))
      .filter((value) => value.count > 0);
    const attributeFacets = result.facets.map((facet) => {
      const selected = location.attributes[facet.name] ?? [];
      const values = facet.values.map((value) => ({
        id: value.value,
        label: value.displayName,
        count: value.count,
        selected: selected.includes(value.value),
      }));
      // A chosen value stays visible even when nothing matches it.
      for (const id of selected) {
        if (!values.some((value) => value.id === id)) values.push({ id, label: id, count: 0, selected: true });
      }
      return { id: facet.name, title: facet.displayName, values };
    });
    const facets = [{ id: 'categories', title: 'Categories', values: categoryValues }, ...attributeFacets].filter(
      (facet) => facet.values.length > 0,
    );

    // Breadcrumbs: each step's location is the location up to and including it.
    const step: FhLocation = { ...location, categoryPath: null, attributes: {}, isOnSale: false, isNew: false };
    const breadcrumbs = [{ label: 'All products', location: formatFhLocation(step) }];
    for (const crumb of category?.trail ?? []) {
      step.categoryPath = crumb.path;
      breadcrumbs.push({ label: crumb.name, location: formatFhLocation(step) });
    }
    for (const facet of attributeFacets) {
      const chosen = location.attributes[facet.id];
      if (!chosen || chosen.length === 0) continue;
      step.attributes = { ...step.attributes, [facet.id]: chosen };
      const labels = chosen.map((id) => facet.values.find((value) => value.id === id)?.label ?? id);
      breadcrumbs.push({ label: `${facet.title}: ${labels.join(', ')}`, location: formatFhLocation(step) });
    }
    if (location.isOnSale) {
      step.isOnSale = true;
      breadcrumbs.push({ label: 'On sale', location: formatFhLocation(step) });
    }
    if (location.isNew) {
      step.isNew = true;
      breadcrumbs.push({ label: 'New in', location: formatFhLocation(step) });
    }

    return { totalItems: result.matches.length, facets, breadcrumbs, query: values.fh_location };
  }

  for (const url of withOptionalSlash('/fh/search')) app.get(url, async (request) => fhSearch(searchParamsOf(request)));
};
