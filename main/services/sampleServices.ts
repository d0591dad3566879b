import type { IncomingMessage } from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { CountryCodeSchema } from '../../core/schemas';
import { SampleHttpError, errorReply } from './sampleHttp';
// Image addresses stay root-relative (/sample/images/...): they are saved into pages, and the embedded
// server's port changes on every start, while both shells serve /sample/ to the preview.
import { pluDetailsFrom } from '../../core/rules/productLookup';

/**
 * The sample services (ARCHITECTURE.md, Data) over the shipped catalogue `resources/sample/catalogue.json`
 * (written by scripts/generate-sample-catalogue.mjs), mounted by the embedded content server. The calls and
 * answer shapes are those of editor spec §7; every answer is JSON, every error `{error: {code, message}}`.
 *
 * Mesh (query `apikey` required, else 401):
 *   GET /stores/{store}/categories?showempty=0|1&tree=0|1            -> [{name, path, productCount, children}]
 *   GET /stores/{store}/navigationPages?channel=a,b&showempty&tree    -> [{ID, name, channels}]
 *   GET /stores/{store}/products/categories/{path}?isnew&isonsale&facet:{name}={value}
 *                                                                     -> {count, path, facets, breadCrumbs}
 *   GET /stores/{store}/products/search?brandname&keywords&facet:{name}={value}&isnew&isonsale -> {count, facets}
 * Faceted search for the query builder (query `apikey` required):
 *   GET /fh/search?fh_location=//{universe}/{locale}/...              -> {totalItems, facets, breadcrumbs, query}
 * No key:
 *   GET /products/lookup?fascia&country&size&plu[&delayMs]           -> {products: [ProductDetails]}
 *   GET /sample/images/{file}.svg.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4
 *                                                                     -> {width, height, metadata: {pointOfInterest}}
 *
 * Query input is strict: an unknown or repeated parameter (facet:* may repeat) is a 400, as is a malformed
 * value. Facet counts are disjunctive, as a shop's filters are: the counts of one facet ignore that facet's
 * own filter (so choosing a brand still shows the other brands), every other filter applies.
 */

export interface SampleReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (an image), sent as it is with its own headers. */
  raw?: string;
}

/** null: the path is not a sample route, and the server answers it some other way. */
export type SampleRouter = (request: IncomingMessage, url: URL) => Promise<SampleReply | null>;

/** One router from several: the first that answers a request (each answers null for paths not its own). */
export function combineRouters(...routers: SampleRouter[]): SampleRouter {
  return async (request, url) => {
    for (const route of routers) {
      const reply = await route(request, url);
      if (reply) return reply;
    }
    return null;
  };
}

export interface SampleServicesOptions {
  /** The shipped sample folder (resources/sample): catalogue.json and images/. */
  sampleDir: string;
  /** The mesh and faceted-search key; requests carry it as the query parameter `apikey`. */
  apiKey: string;
}

/** The product lookup's test hook: the answer waits this long at most (the client gives up after 5 s). */
export const MAX_LOOKUP_DELAY_MS = 10_000;

export const FACET_NAMES = ['brand', 'colour', 'size', 'price'] as const;
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

const CHANNELS = ['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone'] as const;

/** Known points of interest by image file name; every other image has none (null). x, y: centre; w, h: size. */
const POINTS_OF_INTEREST: { pattern: RegExp; point: PointOfInterest }[] = [
  // The athlete portraits (600x800) all put the face at the same place.
  { pattern: /^athlete-[a-z0-9-]+\.svg$/, point: { x: 0.5, y: 0.46, w: 0.35, h: 0.34 } },
];

// ---------------------------------------------------------------------------------------------------------
// The catalogue file

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MoneySchema = z.string().regex(/^\d+\.\d{2}$/);

interface CatalogueCategory {
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
type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;

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
interface Catalogue {
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

// ---------------------------------------------------------------------------------------------------------
// Errors and query parsing


const badInput = (message: string) => new SampleHttpError(400, 'invalid-input', message);
const notFound = (message: string) => new SampleHttpError(404, 'not-found', message);

/** "1" turns a filter on; "0" or leaving it out leaves it off. */
const FlagSchema = z
  .enum(['0', '1'], { error: 'must be 1 or 0' })
  .optional()
  .transform((flag) => flag === '1');
const ApiKeyFieldSchema = z.string();

interface ParsedQuery<T> {
  values: T;
  facets: Partial<Record<FacetName, string[]>>;
}

/**
 * The query as one value per name, checked against a strict schema (an unknown name is refused). A name may
 * appear once, except `facet:{name}` when facets are allowed: several values of one facet are alternatives.
 */
function readQuery<S extends z.ZodType>(
  params: URLSearchParams,
  schema: S,
  what: string,
  allowFacets = false,
): ParsedQuery<z.output<S>> {
  const single: Record<string, string> = {};
  const facets: Partial<Record<FacetName, string[]>> = {};
  for (const [name, value] of params) {
    if (allowFacets && name.startsWith('facet:')) {
      const facet = name.slice('facet:'.length);
      if (!isFacetName(facet)) {
        throw badInput(`Invalid ${what} query: unknown facet '${facet}'; facets are ${FACET_NAMES.join(', ')}.`);
      }
      const trimmed = value.trim();
      if (trimmed === '' || trimmed.length > 100) {
        throw badInput(`Invalid ${what} query: facet:${facet} needs a value of 1 to 100 characters.`);
      }
      const list = (facets[facet] ??= []);
      if (!list.includes(trimmed.toLowerCase())) list.push(trimmed.toLowerCase());
      continue;
    }
    if (Object.hasOwn(single, name)) throw badInput(`Invalid ${what} query: '${name}' is given more than once.`);
    single[name] = value;
  }
  const parsed = schema.safeParse(single);
  if (!parsed.success) throw badInput(`Invalid ${what} query: ${describeIssues(parsed.error)}`);
  return { values: parsed.data, facets };
}

function isFacetName(name: string): name is FacetName {
  return (FACET_NAMES as readonly string[]).includes(name);
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** As a real service: no key or a wrong key is refused before anything else is looked at. */
function checkApiKey(params: URLSearchParams, expected: Buffer): void {
  const given = params.getAll('apikey');
  if (given.length === 0 || given[0] === '') {
    throw new SampleHttpError(401, 'unauthorized', 'An API key is required: pass it as the query parameter apikey.');
  }
  if (given.length > 1) throw badInput("'apikey' is given more than once.");
  if (!timingSafeEqual(digest(given[0] ?? ''), expected)) {
    throw new SampleHttpError(401, 'unauthorized', 'The API key is not valid for this service.');
  }
}

function decodeSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badInput(`The ${what} in the address is not validly percent-encoded.`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Searching the catalogue

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

interface FacetResult {
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

function inCategory(product: CatalogueProduct, path: string): boolean {
  return product.category === path || product.category.startsWith(`${path}/`);
}

function matchesAttributes(product: CatalogueProduct, attributes: ProductFilter['attributes'], except?: FacetName): boolean {
  return FACET_NAMES.every((facet) => {
    const wanted = attributes[facet];
    if (facet === except || !wanted || wanted.length === 0) return true;
    return facetValuesOf(product, facet).some((value) => wanted.includes(value.value));
  });
}

function searchProducts(catalogue: Catalogue, filter: ProductFilter) {
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

// ---------------------------------------------------------------------------------------------------------
// The faceted-search location (query builder)

export const FH_ATTRIBUTES = FACET_NAMES;

export interface FhLocation {
  universe: string;
  locale: string;
  /** A catalogue category path such as men/footwear, or null for the whole universe. */
  categoryPath: string | null;
  /** Attribute criteria; several values of one attribute are alternatives (lowercase). */
  attributes: Partial<Record<FacetName, string[]>>;
  isOnSale: boolean;
  isNew: boolean;
}

export type FhLocationParse = { ok: true; location: FhLocation } | { ok: false; error: string };

export const MAX_FH_LOCATION_LENGTH = 2000;

/**
 * Parses an fh_location, the supported subset of the faceted-search location syntax:
 *
 *   //{universe}/{locale}[/{criterion}]*[/]
 *   universe   a store id of the sample catalogue (jdsportsuk, scottsuk, tessuti)
 *   locale     ll_CC, e.g. en_GB
 *   criterion  categories<{path}            products at or under a category path (men, men/footwear, ...)
 *              {attribute}>{value[;value]}  attribute brand, colour, size or price has one of the values
 *              isonsale=1 | isnew=1         on sale / new in only
 *
 * Values inside braces are URL-encoded (encodeURIComponent): ';' separates alternatives, so a literal ';',
 * '{' or '}' must be encoded; '/' may be encoded (%2F) or not. Each criterion may appear once. Pure.
 */
export function parseFhLocation(text: string): FhLocationParse {
  const fail = (error: string): FhLocationParse => ({ ok: false, error });
  if (text.length > MAX_FH_LOCATION_LENGTH) return fail(`fh_location is longer than ${MAX_FH_LOCATION_LENGTH} characters.`);
  if (!text.startsWith('//')) return fail('fh_location must start with //{universe}/{locale}.');

  const segments: string[] = [];
  let current = '';
  let inBraces = false;
  for (const char of text.slice(2)) {
    if (char === '{') {
      if (inBraces) return fail("fh_location has a '{' inside braces; encode it as %7B.");
      inBraces = true;
    } else if (char === '}') {
      if (!inBraces) return fail("fh_location has a '}' without its '{'.");
      inBraces = false;
    } else if (char === '/' && !inBraces) {
      segments.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (inBraces) return fail("fh_location has a '{' without its '}'.");
  segments.push(current);
  if (segments.length > 2 && segments[segments.length - 1] === '') segments.pop();

  const [universe = '', locale = '', ...criteria] = segments;
  if (!/^[a-z0-9_-]{1,64}$/i.test(universe)) return fail(`fh_location universe '${universe}' is not valid.`);
  if (!/^[a-z]{2}_[A-Z]{2}$/.test(locale)) return fail(`fh_location locale '${locale}' is not of the form en_GB.`);

  const location: FhLocation = { universe, locale, categoryPath: null, attributes: {}, isOnSale: false, isNew: false };
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };

  for (const criterion of criteria) {
    if (criterion === '') return fail('fh_location has an empty criterion (two slashes in a row).');
    const category = /^categories<\{(.*)\}$/s.exec(criterion);
    if (category) {
      if (!once('categories')) return fail('fh_location gives categories< more than once.');
      const path = decodeValue(category[1] ?? '');
      if (path === null) return fail(`fh_location category '${category[1]}' is not validly URL-encoded.`);
      const parts = path.split('/');
      if (!parts.every((part) => SLUG.test(part))) {
        return fail(`fh_location category '${path}' is not a category path such as men/footwear.`);
      }
      location.categoryPath = parts.join('/');
      continue;
    }
    const attribute = /^([a-z]+)>\{(.*)\}$/s.exec(criterion);
    if (attribute) {
      const name = attribute[1] ?? '';
      if (!isFacetName(name)) {
        return fail(`fh_location attribute '${name}' is not supported; attributes are ${FACET_NAMES.join(', ')}.`);
      }
      if (!once(name)) return fail(`fh_location gives ${name}> more than once; list alternatives as {a;b}.`);
      const values: string[] = [];
      for (const raw of (attribute[2] ?? '').split(';')) {
        const value = decodeValue(raw)?.trim().toLowerCase();
        if (value === undefined) return fail(`fh_location value '${raw}' of ${name} is not validly URL-encoded.`);
        if (value === '' || value.length > 100) return fail(`fh_location ${name}> needs values of 1 to 100 characters.`);
        if (!values.includes(value)) values.push(value);
      }
      location.attributes[name] = values;
      continue;
    }
    if (criterion === 'isonsale=1' || criterion === 'isnew=1') {
      if (!once(criterion)) return fail(`fh_location gives ${criterion} more than once.`);
      if (criterion === 'isonsale=1') location.isOnSale = true;
      else location.isNew = true;
      continue;
    }
    return fail(
      `fh_location criterion '${criterion}' is not supported; use categories<{path}, {attribute}>{value}, isonsale=1 or isnew=1.`,
    );
  }
  return { ok: true, location };
}

/** The canonical text of a location: the form parseFhLocation reads, criteria in a fixed order. Pure. */
export function formatFhLocation(location: FhLocation): string {
  let text = `//${location.universe}/${location.locale}`;
  if (location.categoryPath) text += `/categories<{${encodeURIComponent(location.categoryPath)}}`;
  for (const name of FACET_NAMES) {
    const values = location.attributes[name];
    if (values && values.length > 0) text += `/${name}>{${values.map(encodeURIComponent).join(';')}}`;
  }
  if (location.isOnSale) text += '/isonsale=1';
  if (location.isNew) text += '/isnew=1';
  return text;
}

function decodeValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Image metadata

interface PointOfInterest {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
  const box = attribute('viewBox')?.split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) {
    return { width: box[2] as number, height: box[3] as number };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The router

const StoreSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'a store is lowercase letters, digits and hyphens');

export function createSampleServices(options: SampleServicesOptions): SampleRouter {
  if (options.apiKey === '') throw new Error('The sample services need a non-empty API key.');
  const expectedKey = digest(options.apiKey);
  const sampleRoot = resolve(options.sampleDir);
  const imagesRoot = join(sampleRoot, 'images');
  let catalogue: Promise<Catalogue> | null = null;
  const imageSizes = new Map<string, { width: number; height: number }>();

  function loadCatalogue(): Promise<Catalogue> {
    catalogue ??= (async () => {
      const file = join(sampleRoot, 'catalogue.json');
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new SampleHttpError(503, 'unavailable', `The sample catalogue ${file} could not be read: ${(error as Error).message}`);
      }
      const parsed = CatalogueSchema.safeParse(raw);
      if (!parsed.success) {
        throw new SampleHttpError(503, 'unavailable', `The sample catalogue ${file} is damaged: ${describeIssues(parsed.error)}`);
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
    const store = StoreSchema.safeParse(decodeSegment(segment, 'store'));
    if (!store.success) throw badInput(`Invalid store: ${describeIssues(store.error)}`);
    const loaded = await loadCatalogue();
    if (!loaded.storeIds.includes(store.data)) {
      throw notFound(`There is no store '${store.data}'; the sample stores are ${loaded.storeIds.join(', ')}.`);
    }
    return { catalogue: loaded, store: store.data };
  }

  // --- mesh ---

  const TreeQuerySchema = z.strictObject({ apikey: ApiKeyFieldSchema, showempty: FlagSchema, tree: FlagSchema });

  async function categoriesRoute(url: URL, storeSegment: string): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, TreeQuerySchema, 'categories');
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
    if (values.tree) return { status: 200, body: tree };
    const flat: Node[] = [];
    const flatten = (nodes: Node[]) => {
      for (const node of nodes) {
        flat.push({ ...node, children: [] });
        flatten(node.children);
      }
    };
    flatten(tree);
    return { status: 200, body: flat };
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

  async function navigationRoute(url: URL, storeSegment: string): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, NavigationQuerySchema, 'navigationPages');
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const pages = loaded.file.landingPages
      .filter((page) => page.stores.includes(store))
      .filter((page) => !values.channel || page.channels.some((channel) => values.channel?.includes(channel)))
      .map((page) => ({ ID: page.ID, name: page.name, channels: page.channels }));
    return { status: 200, body: pages };
  }

  const CategoryProductsQuerySchema = z.strictObject({ apikey: ApiKeyFieldSchema, isnew: FlagSchema, isonsale: FlagSchema });

  async function categoryProductsRoute(url: URL, storeSegment: string, pathSegments: string[]): Promise<SampleReply> {
    const { values, facets } = readQuery(url.searchParams, CategoryProductsQuerySchema, 'category products', true);
    const { catalogue: loaded, store } = await storeOf(storeSegment);
    const path = decodeSegment(pathSegments.join('/'), 'category path')
      .split('/')
      .filter((part) => part !== '');
    if (path.length === 0) throw badInput('Name a category path, e.g. /products/categories/men/footwear.');
    if (!path.every((part) => SLUG.test(part))) {
      throw badInput(`'${path.join('/')}' is not a category path: lowercase letters, digits and hyphens between slashes.`);
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
      status: 200,
      body: {
        count: result.matches.length,
        path: categoryPath,
        facets: meshFacets(result.facets),
        breadCrumbs: category.trail.map((step) => ({ name: step.name, path: step.path })),
      },
    };
  }

  const SearchQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    brandname: z.string().trim().min(1, 'must not be blank').max(100).optional(),
    keywords: z.string().max(200, 'must be at most 200 characters').optional(),
    isnew: FlagSchema,
    isonsale: FlagSchema,
  });

  async function searchRoute(url: URL, storeSegment: string): Promise<SampleReply> {
    const { values, facets } = readQuery(url.searchParams, SearchQuerySchema, 'search', true);
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
    return { status: 200, body: { count: result.matches.length, facets: meshFacets(result.facets) } };
  }

  // --- faceted search ---

  const FhQuerySchema = z.strictObject({
    apikey: ApiKeyFieldSchema,
    fh_location: z.string({ error: 'fh_location is required' }),
  });

  async function fhSearchRoute(url: URL): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, FhQuerySchema, 'faceted search');
    const parsed = parseFhLocation(values.fh_location);
    if (!parsed.ok) throw badInput(parsed.error);
    const { location } = parsed;
    const loaded = await loadCatalogue();
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

    return {
      status: 200,
      body: { totalItems: result.matches.length, facets, breadcrumbs, query: values.fh_location },
    };
  }

  // --- product lookup ---

  const required = (name: string, max: number) =>
    z
      .string({ error: `${name} is required` })
      .trim()
      .min(1, `${name} must not be blank`)
      .max(max, `${name} must be at most ${max} characters`);
  const LookupQuerySchema = z.strictObject({
    fascia: required('fascia', 40).transform((fascia) => fascia.toLowerCase()),
    country: required('country', 2)
      .transform((country) => country.toLowerCase())
      .pipe(CountryCodeSchema),
    size: required('size', 40),
    plu: required('plu', 64),
    delayMs: z
      .string()
      .regex(/^\d{1,9}$/, 'delayMs must be a whole number of milliseconds')
      .transform((delay) => Math.min(Number(delay), MAX_LOOKUP_DELAY_MS))
      .optional(),
  });

  async function lookupRoute(request: IncomingMessage, url: URL): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, LookupQuerySchema, 'product lookup');
    const loaded = await loadCatalogue();
    const fascia = values.fascia.replace(/^site_/, '');
    const store = Object.hasOwn(loaded.file.fasciaMap, fascia) ? loaded.file.fasciaMap[fascia] : undefined;
    if (!store) {
      const known = Object.keys(loaded.file.fasciaMap).join(', ');
      throw badInput(`The sample catalogue has no store for fascia '${values.fascia}'; fascias are ${known} (site_ prefix allowed).`);
    }
    await waitUnlessClosed(request, values.delayMs ?? 0);

    const code = values.plu.toUpperCase();
    const product = /^\d{6,8}$/.test(code)
      ? loaded.byPlu.get(code)
      : /^PC-\d{6}$/.test(code)
        ? loaded.byProductCode.get(code)
        : undefined;
    if (!product || !product.stores.includes(store)) return { status: 200, body: { products: [] } };
    return { status: 200, body: { products: [pluDetailsFrom(product)] } };
  }

  // --- image metadata ---

  const MetadataQuerySchema = z.strictObject({
    metadata: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
    metaFilter: z.enum(['pointOfInterest'], { error: 'only pointOfInterest is supported' }).optional(),
    cacheBust: z.string().regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots or hyphens').optional(),
  });

  async function imageMetadataRoute(url: URL, imagePath: string): Promise<SampleReply> {
    const { values } = readQuery(url.searchParams, MetadataQuerySchema, 'image metadata');
    const relativePath = decodeSegment(imagePath, 'image path');
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
      if (info.size > MAX_IMAGE_BYTES) throw new SampleHttpError(422, 'unprocessable', `'${relativePath}' is too large to read.`);
      const found = svgSize(await readFile(real, 'utf8'));
      if (!found) throw new SampleHttpError(422, 'unprocessable', `'${relativePath}' has no width and height or viewBox.`);
      size = found;
      imageSizes.set(file, size);
    }
    if (values.metadata === 'false') return { status: 200, body: { ...size } };
    const name = file.slice(imagesRoot.length + 1).split(sep).join('/');
    const pointOfInterest = POINTS_OF_INTEREST.find((entry) => entry.pattern.test(name))?.point ?? null;
    return { status: 200, body: { ...size, metadata: { pointOfInterest: pointOfInterest && { ...pointOfInterest } } } };
  }

  // --- dispatch ---

  type Handler = (request: IncomingMessage, url: URL) => Promise<SampleReply>;

  /** Which handler a path belongs to, and whether it needs the key; null: not a sample route. */
  function route(pathname: string): { handle: Handler; keyed: boolean } | null {
    const image = /^\/sample\/images\/(.+\.[a-z0-9]+)\.json\/?$/i.exec(pathname);
    if (image) return { handle: (_request, url) => imageMetadataRoute(url, image[1] ?? ''), keyed: false };
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (path === '/products/lookup') return { handle: lookupRoute, keyed: false };
    if (path === '/fh/search') return { handle: (_request, url) => fhSearchRoute(url), keyed: true };
    if (!path.startsWith('/stores/')) return null;

    const [store = '', ...rest] = path.slice('/stores/'.length).split('/');
    const [first, second, ...more] = rest;
    if (rest.length === 1 && first === 'categories') {
      return { handle: (_request, url) => categoriesRoute(url, store), keyed: true };
    }
    if (rest.length === 1 && first === 'navigationPages') {
      return { handle: (_request, url) => navigationRoute(url, store), keyed: true };
    }
    if (rest.length === 2 && first === 'products' && second === 'search') {
      return { handle: (_request, url) => searchRoute(url, store), keyed: true };
    }
    if (first === 'products' && second === 'categories') {
      return { handle: (_request, url) => categoryProductsRoute(url, store, more), keyed: true };
    }
    return {
      handle: async () => {
        throw notFound(`The sample mesh has no ${pathname}.`);
      },
      keyed: false,
    };
  }

  return async (request, url) => {
    const matched = route(url.pathname);
    if (!matched) return null;
    try {
      if (request.method !== 'GET') {
        throw new SampleHttpError(405, 'method-not-allowed', `${url.pathname} answers GET only.`, { Allow: 'GET' });
      }
      if (matched.keyed) checkApiKey(url.searchParams, expectedKey);
      return await matched.handle(request, url);
    } catch (error) {
      return errorReply(error, 'sample services');
    }
  };
}


/** Waits, but stops as soon as the client hangs up (a test's timeout), so no timer outlives its request. */
async function waitUnlessClosed(request: IncomingMessage, ms: number): Promise<void> {
  if (ms <= 0) return;
  const controller = new AbortController();
  const onClose = () => controller.abort();
  request.socket.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: controller.signal });
  } catch {
    // The client left; the answer goes nowhere.
  } finally {
    request.socket.off('close', onClose);
  }
}
