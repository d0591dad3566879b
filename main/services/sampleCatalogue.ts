import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { errorMessage } from '../../core/rules/errorMessage';
import { FH_ATTRIBUTE_ORDER, SLUG } from '../../core/rules/fhQuery';
import { HttpError, badRequest, notFound } from '../../http/errors';

/**
 * The shipped sample catalogue `resources/sample/catalogue.json` (written by scripts/generate-sample-catalogue.mjs)
 * and its search, which the sample mesh and faceted search answer from. Facet counts are disjunctive, as a
 * shop's filters are: the counts of one facet ignore that facet's own filter (so choosing a brand still shows
 * the other brands), every other filter applies.
 */

/** The catalogue's facets are the faceted-search grammar's attributes (core/rules/fhQuery.ts). */
export const FACET_NAMES = FH_ATTRIBUTE_ORDER;
export type FacetName = (typeof FACET_NAMES)[number];

const FACET_TITLES: Record<FacetName, string> = { brand: 'Brand', colour: 'Colour', size: 'Size', price: 'Price' };

/** Price bands on the current (now) price, in pence: from inclusive, to exclusive. */
const PRICE_BANDS = [
  { value: 'under-25', displayName: 'Under £25', from: 0, to: 2500 },
  { value: '25-50', displayName: '£25 - £50', from: 2500, to: 5000 },
  { value: '50-75', displayName: '£50 - £75', from: 5000, to: 7500 },
  { value: '75-100', displayName: '£75 - £100', from: 7500, to: 10000 },
  { value: '100-150', displayName: '£100 - £150', from: 10000, to: 15000 },
  { value: '150-plus', displayName: '£150 and over', from: 15000, to: Number.POSITIVE_INFINITY },
] as const;

export const CHANNELS = ['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone'] as const;

const MoneySchema = z.string().regex(/^\d+\.\d{2}$/);

export interface CatalogueCategory {
  name: string;
  path: string;
  children: CatalogueCategory[];
}
const CatalogueCategorySchema: z.ZodType<CatalogueCategory> = z.object({
  name: z.string().min(1),
  path: z.string().min(1),
  children: z.lazy(() => z.array(CatalogueCategorySchema)),
});

const CatalogueProductSchema = z.object({
  plu: z.string().regex(/^\d{6,8}$/),
  productCode: z.string().regex(/^PC-\d{6}$/),
  secondid: z.string(),
  title: z.string(),
  brand: z.string().min(1),
  colour: z.string().min(1),
  sizes: z.array(z.string().min(1)),
  category: z.string().min(1),
  price: z.object({ was: MoneySchema, now: MoneySchema }),
  isNew: z.boolean(),
  isOnSale: z.boolean(),
  url: z.string(),
  images: z.partialRecord(z.enum(['a', 'b', 'c', 'd', 'e', 'f']), z.string()),
  stores: z.array(z.string()),
});
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;

const CatalogueSchema = z.object({
  version: z.literal(1),
  stores: z.array(z.object({ id: z.string().regex(SLUG), name: z.string() })).min(1),
  fasciaMap: z.record(z.string(), z.string()),
  categories: z.array(CatalogueCategorySchema),
  products: z.array(CatalogueProductSchema),
  landingPages: z.array(
    z.object({ ID: z.string(), name: z.string(), channels: z.array(z.enum(CHANNELS)), stores: z.array(z.string()) }),
  ),
});
type CatalogueFile = z.infer<typeof CatalogueSchema>;

/** The catalogue with the look-ups the routes need. */
export interface Catalogue {
  file: CatalogueFile;
  storeIds: string[];
  /** Every category node by path, with the names of its ancestors and itself. */
  categories: Map<string, { node: CatalogueCategory; trail: { name: string; path: string }[] }>;
  byPlu: Map<string, CatalogueProduct>;
  byProductCode: Map<string, CatalogueProduct>;
}

function indexCatalogue(file: CatalogueFile): Catalogue {
  const categories: Catalogue['categories'] = new Map();
  const walk = (nodes: CatalogueCategory[], trail: { name: string; path: string }[]) => {
    for (const node of nodes) {
      const own = [...trail, { name: node.name, path: node.path }];
      categories.set(node.path, { node, trail: own });
      walk(node.children, own);
    }
  };
  walk(file.categories, []);
  return {
    file,
    storeIds: file.stores.map((store) => store.id),
    categories,
    byPlu: new Map(file.products.map((product) => [product.plu, product])),
    byProductCode: new Map(file.products.map((product) => [product.productCode, product])),
  };
}

export function isFacetName(name: string): name is FacetName {
  return (FACET_NAMES as readonly string[]).includes(name);
}

interface ProductFilter {
  store: string;
  categoryPath: string | null;
  brandname?: string;
  keywords: string[];
  isNew: boolean;
  isOnSale: boolean;
  attributes: Partial<Record<FacetName, string[]>>;
}

interface FacetValue {
  value: string;
  displayName: string;
  count: number;
}

export interface FacetResult {
  name: FacetName;
  displayName: string;
  values: FacetValue[];
}

function pence(money: string): number {
  const [pounds = '0', pennies = '0'] = money.split('.');
  return Number(pounds) * 100 + Number(pennies);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The facet values one product carries: value (what a filter names, lowercase) and its display name. */
function facetValuesOf(product: CatalogueProduct, facet: FacetName): { value: string; displayName: string }[] {
  switch (facet) {
    case 'brand':
      return [{ value: slugify(product.brand), displayName: product.brand }];
    case 'colour':
      return [{ value: slugify(product.colour), displayName: product.colour }];
    case 'size':
      return product.sizes.map((size) => ({ value: size.toLowerCase(), displayName: size }));
    case 'price': {
      const now = pence(product.price.now);
      const band = PRICE_BANDS.find((candidate) => now >= candidate.from && now < candidate.to) ?? PRICE_BANDS[0];
      return [{ value: band.value, displayName: band.displayName }];
    }
  }
}

export function inCategory(product: CatalogueProduct, path: string): boolean {
  return product.category === path || product.category.startsWith(`${path}/`);
}

function matchesAttributes(
  product: CatalogueProduct,
  attributes: ProductFilter['attributes'],
  except?: FacetName,
): boolean {
  return FACET_NAMES.every((facet) => {
    const wanted = attributes[facet];
    if (facet === except || !wanted || wanted.length === 0) return true;
    return facetValuesOf(product, facet).some((value) => wanted.includes(value.value));
  });
}

export function searchProducts(catalogue: Catalogue, filter: ProductFilter) {
  const brand = filter.brandname?.trim().toLowerCase();
  const base = catalogue.file.products.filter((product) => {
    if (!product.stores.includes(filter.store)) return false;
    if (filter.categoryPath && !inCategory(product, filter.categoryPath)) return false;
    if (filter.isNew && !product.isNew) return false;
    if (filter.isOnSale && !product.isOnSale) return false;
    if (brand && product.brand.toLowerCase() !== brand && slugify(product.brand) !== brand) return false;
    if (filter.keywords.length > 0) {
      const names = catalogue.categories.get(product.category)?.trail.map((step) => step.name) ?? [];
      const text = [product.title, product.brand, product.colour, product.plu, product.productCode, ...names]
        .join(' ')
        .toLowerCase();
      if (!filter.keywords.every((keyword) => text.includes(keyword))) return false;
    }
    return true;
  });
  const matches = base.filter((product) => matchesAttributes(product, filter.attributes));
  const facets: FacetResult[] = FACET_NAMES.map((facet) => {
    const counts = new Map<string, FacetValue>();
    for (const product of base) {
      if (!matchesAttributes(product, filter.attributes, facet)) continue;
      for (const value of facetValuesOf(product, facet)) {
        const entry = counts.get(value.value) ?? { ...value, count: 0 };
        entry.count++;
        counts.set(value.value, entry);
      }
    }
    return { name: facet, displayName: FACET_TITLES[facet], values: [...counts.values()].sort(facetOrder(facet)) };
  });
  return { matches, facets };
}

const LETTER_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl'];

/** Display order: brands and colours A-Z, sizes small to large, price bands low to high. */
function facetOrder(facet: FacetName): (a: FacetValue, b: FacetValue) => number {
  if (facet === 'price') {
    const rank = (value: FacetValue) => PRICE_BANDS.findIndex((band) => band.value === value.value);
    return (a, b) => rank(a) - rank(b);
  }
  if (facet === 'size') {
    const rank = (value: FacetValue): [number, number, string] => {
      const text = value.value;
      if (/^\d+(\.\d+)?$/.test(text)) return [0, Number(text), text];
      if (LETTER_SIZES.includes(text)) return [1, LETTER_SIZES.indexOf(text), text];
      const years = /^(\d+)-\d+y$/.exec(text);
      if (years) return [2, Number(years[1]), text];
      return [3, 0, text];
    };
    return (a, b) => {
      const [groupA, numberA, textA] = rank(a);
      const [groupB, numberB, textB] = rank(b);
      return groupA - groupB || numberA - numberB || textA.localeCompare(textB);
    };
  }
  return (a, b) => a.displayName.localeCompare(b.displayName);
}

export interface SampleCatalogue {
  /** The catalogue, read once; a failed read is tried again on the next call. */
  load(): Promise<Catalogue>;
  /** The catalogue and the store an address segment (decoded) names (400 when malformed, 404 when unknown). */
  storeOf(segment: string): Promise<{ catalogue: Catalogue; store: string }>;
}

const StoreSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'a store is lowercase letters, digits and hyphens');

export function createSampleCatalogue(sampleDir: string): SampleCatalogue {
  const sampleRoot = resolve(sampleDir);
  let catalogue: Promise<Catalogue> | null = null;

  function loadCatalogue(): Promise<Catalogue> {
    catalogue ??= (async () => {
      const file = join(sampleRoot, 'catalogue.json');
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new HttpError(
          503,
          'unavailable',
          `The sample catalogue ${file} could not be read: ${errorMessage(error)}`,
        );
      }
      const parsed = CatalogueSchema.safeParse(raw);
      if (!parsed.success) {
        throw new HttpError(
          503,
          'unavailable',
          `The sample catalogue ${file} is damaged: ${describeIssues(parsed.error)}`,
        );
      }
      return indexCatalogue(parsed.data);
    })();
    // A failed read is not remembered: the next request tries again.
    catalogue.catch(() => {
      catalogue = null;
    });
    return catalogue;
  }

  async function storeOf(segment: string): Promise<{ catalogue: Catalogue; store: string }> {
    const store = StoreSchema.safeParse(segment);
    if (!store.success) throw badRequest(`Invalid store: ${describeIssues(store.error)}`);
    const loaded = await loadCatalogue();
    if (!loaded.storeIds.includes(store.data)) {
      throw notFound(`There is no store '${store.data}'; the sample stores are ${loaded.storeIds.join(', ')}.`);
    }
    return { catalogue: loaded, store: store.data };
  }

  return { load: loadCatalogue, storeOf };
}
