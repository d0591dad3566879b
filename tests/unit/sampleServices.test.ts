import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductDetailsSchema } from '../../core/schemas';
import { svgSize } from '../../main/services/sampleImageMetadata';
import { sampleServicesPlugin } from '../../main/services/sampleServices';
import { servePlugin } from './helpers/samplePlugin';

const SAMPLE_DIR = fileURLToPath(new URL('../../resources/sample', import.meta.url));
const GENERATOR = fileURLToPath(new URL('../../scripts/generate-sample-catalogue.mjs', import.meta.url));
const API_KEY = 'sample-test-key';
const KEY = `apikey=${API_KEY}`;

// --- response shapes (editor spec §3 and §7) ---

interface CategoryNode {
  name: string;
  path: string;
  productCount: number;
  children: CategoryNode[];
}
const CategoryNodeSchema: z.ZodType<CategoryNode> = z.strictObject({
  name: z.string().min(1),
  path: z.string().min(1),
  productCount: z.number().int().nonnegative(),
  children: z.lazy(() => z.array(CategoryNodeSchema)),
});
const CategoryTreeSchema = z.array(CategoryNodeSchema);
const ChannelSchema = z.enum(['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone']);
const LandingPagesSchema = z.array(
  z.strictObject({ ID: z.string().min(1), name: z.string().min(1), channels: z.array(ChannelSchema).min(1) }),
);
const FacetSchema = z.strictObject({
  displayName: z.string(),
  name: z.enum(['brand', 'colour', 'size', 'price']),
  values: z
    .array(z.strictObject({ displayName: z.string(), value: z.string(), count: z.number().int().positive() }))
    .min(1),
});
const CategoryProductsSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  path: z.string(),
  facets: z.array(FacetSchema),
  breadCrumbs: z.array(z.strictObject({ name: z.string(), path: z.string() })),
});
const SearchSchema = z.strictObject({ count: z.number().int().nonnegative(), facets: z.array(FacetSchema) });
const FhSearchSchema = z.strictObject({
  totalItems: z.number().int().nonnegative(),
  facets: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      values: z.array(
        z.strictObject({ id: z.string(), label: z.string(), count: z.number().int(), selected: z.boolean() }),
      ),
    }),
  ),
  breadcrumbs: z.array(z.strictObject({ label: z.string(), location: z.string().startsWith('//') })),
  query: z.string(),
});
const LookupSchema = z.strictObject({ products: z.array(ProductDetailsSchema.strict()) });
const PointSchema = z.strictObject({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
const MetadataSchema = z.strictObject({
  width: z.number().positive(),
  height: z.number().positive(),
  metadata: z.strictObject({ pointOfInterest: PointSchema.nullable() }),
});
const ErrorSchema = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string().min(1) }) });

// The catalogue the service reads, for expected values.
interface Product {
  plu: string;
  productCode: string;
  brand: string;
  category: string;
  isOnSale: boolean;
  isNew: boolean;
  stores: string[];
  price: { was: string; now: string };
}
const catalogue = JSON.parse(readFileSync(join(SAMPLE_DIR, 'catalogue.json'), 'utf8')) as { products: Product[] };
const inStore = (store: string) => catalogue.products.filter((product) => product.stores.includes(store));
const under = (path: string) => (product: Product) =>
  product.category === path || product.category.startsWith(`${path}/`);

// --- the plugin alone on a throwaway server ---

let server: { url: string; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  server = await servePlugin(sampleServicesPlugin, { sampleDir: SAMPLE_DIR, apiKey: API_KEY });
  base = server.url;
});
afterAll(() => server.close());

async function get(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function getOk<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const answer = await get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return schema.parse(answer.body);
}

async function getError(path: string, status: number, code: string): Promise<string> {
  const answer = await get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = ErrorSchema.parse(answer.body);
  expect(body.error.code).toBe(code);
  return body.error.message;
}

const channels = 'ipad-app,android-app-tablet,iphone-app,android-app-phone';

describe('api key', () => {
  const keyed = [
    '/stores/jdsportsuk/categories?showempty=1&tree=1',
    `/stores/jdsportsuk/navigationPages?channel=${channels}&showempty=1&tree=1`,
    '/stores/jdsportsuk/products/categories/men',
    '/stores/jdsportsuk/products/search?keywords=hoodie',
    `/fh/search?fh_location=${encodeURIComponent('//jdsportsuk/en_GB')}`,
  ];

  it.each(keyed)('refuses %s without a key and with a wrong key', async (path) => {
    const join = path.includes('?') ? '&' : '?';
    expect(await getError(path, 401, 'unauthorized')).toMatch(/API key is required/);
    expect(await getError(`${path}${join}apikey=`, 401, 'unauthorized')).toMatch(/API key is required/);
    expect(await getError(`${path}${join}apikey=wrong-key`, 401, 'unauthorized')).toMatch(/not valid/);
    expect((await get(`${path}${join}${KEY}`)).status).toBe(200);
  });

  it('checks the key before anything else, even for an unknown store', async () => {
    await getError('/stores/nowhere/categories', 401, 'unauthorized');
    await getError(`/stores/nowhere/categories?${KEY}`, 404, 'not-found');
  });

  it('refuses a repeated key', async () => {
    await getError(`/stores/jdsportsuk/categories?${KEY}&${KEY}`, 400, 'invalid-input');
  });
});

describe('routing', () => {
  it('answers null (not ours) outside the sample routes', async () => {
    await getError('/sample/blog/posts.json', 404, 'no-such-route');
    await getError('/pages', 404, 'no-such-route');
  });

  it('answers an unknown mesh route with 404 and other methods with 405', async () => {
    expect(await getError(`/stores/jdsportsuk/brands?${KEY}`, 404, 'not-found')).toMatch(
      /no \/stores\/jdsportsuk\/brands/,
    );
    const posted = await get(`/products/lookup?fascia=jd&country=gb&size=m&plu=1`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
  });

  it('answers an unknown mesh route without asking for a key, and a wrong method before the key', async () => {
    expect(await getError('/stores/jdsportsuk/brands', 404, 'not-found')).toBe(
      'The sample mesh has no /stores/jdsportsuk/brands.',
    );
    const posted = await get('/stores/jdsportsuk/categories', { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    expect(ErrorSchema.parse(posted.body).error.code).toBe('method-not-allowed');
  });

  it('answers a route with a trailing slash as without one', async () => {
    await getOk(`/stores/jdsportsuk/categories/?${KEY}&tree=1`, CategoryTreeSchema);
    await getOk(`/stores/jdsportsuk/products/categories/men/footwear/?${KEY}`, CategoryProductsSchema);
    await getOk(`/fh/search/?${KEY}&fh_location=${encodeURIComponent('//jdsportsuk/en_GB')}`, FhSearchSchema);
    await getOk('/products/lookup/?fascia=jd&country=gb&size=m&plu=1234', LookupSchema);
    await getError('/fh/search/', 401, 'unauthorized');
  });
});

describe('GET /stores/{store}/categories', () => {
  it('answers the category tree with product counts that add up', async () => {
    const tree = await getOk(`/stores/jdsportsuk/categories?${KEY}&showempty=1&tree=1`, CategoryTreeSchema);
    expect(tree.map((node) => node.name)).toEqual(['Men', 'Women', 'Kids']);
    const men = tree[0] as CategoryNode;
    expect(men.children.map((node) => node.path)).toEqual(['men/footwear', 'men/clothing', 'men/accessories']);
    expect(men.children[0]?.children.map((node) => node.name)).toContain('Trainers');
    const check = (node: CategoryNode) => {
      expect(node.productCount).toBe(inStore('jdsportsuk').filter(under(node.path)).length);
      if (node.children.length > 0) {
        expect(node.productCount).toBe(node.children.reduce((sum, child) => sum + child.productCount, 0));
      }
      node.children.forEach(check);
    };
    tree.forEach(check);
    expect(tree.reduce((sum, node) => sum + node.productCount, 0)).toBe(inStore('jdsportsuk').length);
  });

  it('keeps empty categories only with showempty=1', async () => {
    const paths = (nodes: CategoryNode[]): string[] => nodes.flatMap((node) => [node.path, ...paths(node.children)]);
    const withEmpty = paths(await getOk(`/stores/scottsuk/categories?${KEY}&showempty=1&tree=1`, CategoryTreeSchema));
    const withoutEmpty = paths(
      await getOk(`/stores/scottsuk/categories?${KEY}&showempty=0&tree=1`, CategoryTreeSchema),
    );
    expect(withEmpty).toContain('men/footwear/sandals');
    expect(withEmpty).toContain('women');
    expect(withoutEmpty).not.toContain('men/footwear/sandals');
    expect(withoutEmpty).not.toContain('women');
    expect(withoutEmpty).toContain('men/footwear/trainers');
  });

  it('answers a flat list with tree=0', async () => {
    const flat = await getOk(`/stores/jdsportsuk/categories?${KEY}&showempty=1&tree=0`, CategoryTreeSchema);
    expect(flat.every((node) => node.children.length === 0)).toBe(true);
    expect(flat.map((node) => node.path)).toContain('kids/accessories/caps');
  });

  it('refuses an unknown store, a malformed store and bad flags', async () => {
    expect(await getError(`/stores/nowhere/categories?${KEY}`, 404, 'not-found')).toMatch(
      /jdsportsuk, scottsuk, tessuti/,
    );
    await getError(`/stores/JD%20Sports/categories?${KEY}`, 400, 'invalid-input');
    expect(await getError(`/stores/jdsportsuk/categories?${KEY}&tree=yes`, 400, 'invalid-input')).toMatch(/tree/);
    expect(await getError(`/stores/jdsportsuk/categories?${KEY}&depth=2`, 400, 'invalid-input')).toMatch(/depth/);
  });
});

describe('GET /stores/{store}/navigationPages', () => {
  it('answers landing pages for any of the channels asked for', async () => {
    const all = await getOk(
      `/stores/jdsportsuk/navigationPages?${KEY}&channel=${channels}&showempty=1&tree=1`,
      LandingPagesSchema,
    );
    expect(all.length).toBeGreaterThan(5);
    const phone = await getOk(
      `/stores/jdsportsuk/navigationPages?${KEY}&channel=iphone-app&showempty=1&tree=1`,
      LandingPagesSchema,
    );
    expect(phone.length).toBeGreaterThan(0);
    expect(phone.length).toBeLessThan(all.length);
    expect(phone.every((page) => page.channels.includes('iphone-app'))).toBe(true);
  });

  it('refuses an unknown channel', async () => {
    expect(await getError(`/stores/jdsportsuk/navigationPages?${KEY}&channel=web`, 400, 'invalid-input')).toMatch(
      /ipad-app/,
    );
    await getError(`/stores/jdsportsuk/navigationPages?${KEY}&channel=`, 400, 'invalid-input');
  });
});

describe('GET /stores/{store}/products/categories/{path}', () => {
  const path = 'men/footwear';
  const products = inStore('jdsportsuk').filter(under(path));

  it('answers count, path, facets and breadcrumbs', async () => {
    const answer = await getOk(`/stores/jdsportsuk/products/categories/${path}?${KEY}`, CategoryProductsSchema);
    expect(answer.count).toBe(products.length);
    expect(answer.path).toBe(path);
    expect(answer.breadCrumbs).toEqual([
      { name: 'Men', path: 'men' },
      { name: 'Footwear', path: 'men/footwear' },
    ]);
    expect(answer.facets.map((facet) => facet.name)).toEqual(['brand', 'colour', 'size', 'price']);
    const brand = answer.facets[0];
    expect(brand?.values.reduce((sum, value) => sum + value.count, 0)).toBe(products.length);
  });

  it('narrows the count with isonsale, isnew and a facet filter', async () => {
    const all = await getOk(`/stores/jdsportsuk/products/categories/${path}?${KEY}`, CategoryProductsSchema);
    const sale = await getOk(
      `/stores/jdsportsuk/products/categories/${path}?${KEY}&isonsale=1`,
      CategoryProductsSchema,
    );
    expect(sale.count).toBe(products.filter((product) => product.isOnSale).length);
    expect(sale.count).toBeGreaterThan(0);
    expect(sale.count).toBeLessThan(all.count);
    const fresh = await getOk(`/stores/jdsportsuk/products/categories/${path}?${KEY}&isnew=1`, CategoryProductsSchema);
    expect(fresh.count).toBe(products.filter((product) => product.isNew).length);

    const brand = all.facets.find((facet) => facet.name === 'brand')?.values[0];
    if (!brand) throw new Error('no brand facet');
    const byBrand = await getOk(
      `/stores/jdsportsuk/products/categories/${path}?${KEY}&facet:brand=${brand.value}`,
      CategoryProductsSchema,
    );
    expect(byBrand.count).toBe(brand.count);
    expect(byBrand.count).toBeLessThan(all.count);
    // Counts of the brand facet itself ignore the brand filter, so the other brands stay on offer.
    expect(byBrand.facets.find((facet) => facet.name === 'brand')?.values.length).toBeGreaterThan(1);
  });

  it('accepts an encoded path and refuses unknown or malformed ones', async () => {
    const encoded = await getOk(`/stores/jdsportsuk/products/categories/men%2Ffootwear?${KEY}`, CategoryProductsSchema);
    expect(encoded.path).toBe(path);
    await getError(`/stores/jdsportsuk/products/categories/men/slippers?${KEY}`, 404, 'not-found');
    await getError(`/stores/jdsportsuk/products/categories/Men_Footwear?${KEY}`, 400, 'invalid-input');
    await getError(`/stores/jdsportsuk/products/categories?${KEY}`, 400, 'invalid-input');
    await getError(`/stores/jdsportsuk/products/categories/men?${KEY}&isonsale=true`, 400, 'invalid-input');
  });
});

describe('GET /stores/{store}/products/search', () => {
  it('answers count and facets, narrowed by brandname, keywords, facets and flags', async () => {
    const everything = await getOk(`/stores/jdsportsuk/products/search?${KEY}`, SearchSchema);
    expect(everything.count).toBe(inStore('jdsportsuk').length);

    const brand = catalogue.products[0]?.brand ?? '';
    const byBrand = await getOk(`/stores/jdsportsuk/products/search?${KEY}&brandname=${brand}`, SearchSchema);
    expect(byBrand.count).toBe(inStore('jdsportsuk').filter((product) => product.brand === brand).length);

    const hoodies = await getOk(`/stores/jdsportsuk/products/search?${KEY}&keywords=hoodie`, SearchSchema);
    expect(hoodies.count).toBe(inStore('jdsportsuk').filter((product) => product.category.endsWith('/hoodies')).length);
    const kidsHoodies = await getOk(`/stores/jdsportsuk/products/search?${KEY}&keywords=kids%20hoodie`, SearchSchema);
    expect(kidsHoodies.count).toBe(
      inStore('jdsportsuk').filter((product) => product.category === 'kids/clothing/hoodies').length,
    );

    const saleHoodies = await getOk(
      `/stores/jdsportsuk/products/search?${KEY}&keywords=hoodie&isonsale=1`,
      SearchSchema,
    );
    expect(saleHoodies.count).toBeLessThan(hoodies.count);

    const black = await getOk(
      `/stores/jdsportsuk/products/search?${KEY}&keywords=hoodie&facet:colour=black`,
      SearchSchema,
    );
    expect(black.count).toBeLessThan(hoodies.count);
    const blackOrWhite = await getOk(
      `/stores/jdsportsuk/products/search?${KEY}&keywords=hoodie&facet:colour=black&facet:colour=white`,
      SearchSchema,
    );
    expect(blackOrWhite.count).toBeGreaterThan(black.count);
  });

  it('answers zero for an unknown brand and refuses bad input', async () => {
    const none = await getOk(`/stores/jdsportsuk/products/search?${KEY}&brandname=Nobody`, SearchSchema);
    expect(none).toEqual({ count: 0, facets: [] });
    expect(
      await getError(`/stores/jdsportsuk/products/search?${KEY}&facet:material=cotton`, 400, 'invalid-input'),
    ).toMatch(/unknown facet 'material'/);
    await getError(`/stores/jdsportsuk/products/search?${KEY}&facet:brand=`, 400, 'invalid-input');
    expect(await getError(`/stores/jdsportsuk/products/search?${KEY}&keyword=x`, 400, 'invalid-input')).toMatch(
      /keyword/,
    );
    expect(
      await getError(`/stores/jdsportsuk/products/search?${KEY}&keywords=a&keywords=b`, 400, 'invalid-input'),
    ).toMatch(/more than once/);
    await getError(`/stores/jdsportsuk/products/search?${KEY}&brandname=%20`, 400, 'invalid-input');
  });
});

describe('GET /fh/search', () => {
  const search = (location: string) => `/fh/search?${KEY}&fh_location=${encodeURIComponent(location)}`;

  it('answers totals, facets, breadcrumbs and the query', async () => {
    const location = '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{stride}/isonsale=1';
    const answer = await getOk(search(location), FhSearchSchema);
    const expected = inStore('jdsportsuk').filter(
      (product) => under('men/footwear')(product) && product.brand === 'Stride' && product.isOnSale,
    );
    expect(answer.totalItems).toBe(expected.length);
    expect(answer.query).toBe(location);
    expect(answer.facets[0]?.id).toBe('categories');
    expect(answer.facets[0]?.values.every((value) => value.id.startsWith('men/footwear/'))).toBe(true);
    const brand = answer.facets.find((facet) => facet.id === 'brand');
    expect(brand?.values.find((value) => value.selected)).toMatchObject({
      id: 'stride',
      label: 'Stride',
      count: expected.length,
    });
    expect(brand?.values.filter((value) => !value.selected).length).toBeGreaterThan(0);
    expect(answer.breadcrumbs).toEqual([
      { label: 'All products', location: '//jdsportsuk/en_GB' },
      { label: 'Men', location: '//jdsportsuk/en_GB/categories<{men}' },
      { label: 'Footwear', location: '//jdsportsuk/en_GB/categories<{men%2Ffootwear}' },
      { label: 'Brand: Stride', location: '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{stride}' },
      { label: 'On sale', location: '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{stride}/isonsale=1' },
    ]);
  });

  it('starts at the genders for the whole universe', async () => {
    const answer = await getOk(search('//scottsuk/en_GB'), FhSearchSchema);
    expect(answer.totalItems).toBe(inStore('scottsuk').length);
    // Scotts sells no womenswear: only categories with products are offered.
    expect(answer.facets[0]?.values.map((value) => value.id)).toEqual(['men', 'kids']);
  });

  it('refuses a bad location, an unknown universe or category, and a missing location', async () => {
    expect(await getError(search('//jdsportsuk/en_GB/material>{x}'), 400, 'invalid-input')).toMatch(/material/);
    await getError(search('//nowhere/en_GB'), 404, 'not-found');
    await getError(search('//jdsportsuk/en_GB/categories<{men%2Fslippers}'), 404, 'not-found');
    expect(await getError(`/fh/search?${KEY}`, 400, 'invalid-input')).toMatch(/fh_location is required/);
  });
});

describe('GET /products/lookup', () => {
  const lookup = (query: Record<string, string>) => `/products/lookup?${new URLSearchParams(query)}`;
  const onlyJd = catalogue.products.find((product) => product.stores.length === 1);
  if (!onlyJd) throw new Error('the catalogue has no product sold by JD alone');

  it('finds a product by PLU, with absolute image addresses', async () => {
    const answer = await getOk(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: onlyJd.plu }), LookupSchema);
    expect(answer.products).toHaveLength(1);
    const product = answer.products[0];
    expect(product).toMatchObject({
      plu: onlyJd.plu,
      brand: onlyJd.brand,
      category: onlyJd.category,
      price: onlyJd.price,
    });
    expect(product?.url).toMatch(new RegExp(`^/product/[a-z0-9-]+/${onlyJd.plu}/$`));
    expect(product?.images.a).toMatch(/^\/sample\/images\/product-[a-z]+-a\.svg$/);
  });

  it('finds a product by product code, whatever its case, and through app_ and site_ fascias', async () => {
    for (const fascia of ['app_jd', 'site_jd', 'JD']) {
      const answer = await getOk(
        lookup({ fascia, country: 'IE', size: '9', plu: onlyJd.productCode.toLowerCase() }),
        LookupSchema,
      );
      expect(answer.products.map((product) => product.plu)).toEqual([onlyJd.plu]);
    }
  });

  it('answers an empty list for an unknown PLU or a product the store does not sell', async () => {
    expect(await getOk(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: '1234' }), LookupSchema)).toEqual({
      products: [],
    });
    expect(await getOk(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: 'PC-000000' }), LookupSchema)).toEqual({
      products: [],
    });
    expect(await getOk(lookup({ fascia: 'sc', country: 'gb', size: 'm', plu: onlyJd.plu }), LookupSchema)).toEqual({
      products: [],
    });
  });

  it('refuses blank or missing input, an unknown fascia or country, and a bad delay', async () => {
    expect(
      await getError(lookup({ fascia: 'jd', country: 'gb', size: ' ', plu: onlyJd.plu }), 400, 'invalid-input'),
    ).toMatch(/size must not be blank/);
    expect(await getError(lookup({ fascia: 'jd', country: 'gb', size: 'm' }), 400, 'invalid-input')).toMatch(
      /plu is required/,
    );
    expect(
      await getError(lookup({ fascia: 'site_sz', country: 'gb', size: 'm', plu: '1' }), 400, 'invalid-input'),
    ).toMatch(/no store for fascia 'site_sz'/);
    await getError(lookup({ fascia: 'jd', country: 'zz', size: 'm', plu: '1' }), 400, 'invalid-input');
    await getError(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: '1', delayMs: '-5' }), 400, 'invalid-input');
    await getError(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: '1', delayMs: 'soon' }), 400, 'invalid-input');
  });

  it('waits delayMs before answering, and stops waiting when the client gives up', async () => {
    const started = Date.now();
    await getOk(lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: onlyJd.plu, delayMs: '250' }), LookupSchema);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);

    const slow = lookup({ fascia: 'jd', country: 'gb', size: 'm', plu: onlyJd.plu, delayMs: '60000' });
    await expect(fetch(`${base}${slow}`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
  });
});

describe('GET {image}.json/ (image metadata)', () => {
  const query = '?metadata=true&metaFilter=pointOfInterest&cacheBust=4';

  it('answers width, height and the point of interest', async () => {
    expect(await getOk(`/sample/images/product-runner-a.svg.json/${query}`, MetadataSchema)).toEqual({
      width: 600,
      height: 600,
      metadata: { pointOfInterest: null },
    });
    expect(await getOk(`/sample/images/banner-sale-desktop.svg.json/${query}`, MetadataSchema)).toMatchObject({
      width: 1160,
      height: 485,
    });
    const athlete = await getOk(`/sample/images/athlete-okafor.svg.json${query}`, MetadataSchema);
    expect(athlete).toMatchObject({ width: 600, height: 800 });
    const point = athlete.metadata.pointOfInterest;
    expect(point && [point.x, point.y, point.w, point.h].every((value) => value > 0 && value <= 1)).toBe(true);
  });

  it('needs no key and leaves metadata out with metadata=false', async () => {
    expect((await get(`/sample/images/product-cap-b.svg.json/${query}`)).status).toBe(200);
    expect((await get('/sample/images/product-cap-b.svg.json/?metadata=false')).body).toEqual({
      width: 600,
      height: 600,
    });
  });

  it('refuses unknown images, escapes and bad queries', async () => {
    await getError(`/sample/images/missing.svg.json/${query}`, 404, 'not-found');
    await getError(`/sample/images/..%2Fcatalogue.json.json/${query}`, 404, 'not-found');
    await getError(`/sample/images/..%2F..%2F..%2Fpackage.json.json/${query}`, 404, 'not-found');
    await getError(`/sample/images/%2Fetc%2Fpasswd.svg.json/${query}`, 404, 'not-found');
    expect(await getError('/sample/images/product-cap-b.svg.json/?metaFilter=exif', 400, 'invalid-input')).toMatch(
      /pointOfInterest/,
    );
    await getError('/sample/images/product-cap-b.svg.json/?metadata=yes', 400, 'invalid-input');
    await getError('/sample/images/product-cap-b.svg.json/?size=large', 400, 'invalid-input');
  });

  it('reads SVG sizes from width and height, else from the viewBox', () => {
    expect(svgSize('<svg xmlns="x" width="300px" height="150" stroke-width="2">')).toEqual({ width: 300, height: 150 });
    expect(svgSize('<svg viewBox="0 0 640 480"><rect width="10" height="10"/></svg>')).toEqual({
      width: 640,
      height: 480,
    });
    expect(svgSize('<svg width="100%" height="100%">')).toBeNull();
    expect(svgSize('not an svg')).toBeNull();
  });
});

describe('GET {image}.svg?poi=... (crops)', () => {
  const crop = '/sample/images/athlete-okafor.svg?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500';

  it('answers a crop as an SVG that may run and load nothing', async () => {
    const response = await fetch(`${base}${crop}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="500" height="250" /);
  });

  it('refuses a bad crop query and another method, and finds no other file under images/', async () => {
    expect(await getError(crop.replace('w=500', 'w=0'), 400, 'invalid-input')).toMatch(/^Invalid image crop query/);
    const posted = await get(crop, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    expect(await getError('/sample/images/athlete-okafor.svg', 404, 'not-found')).toBe('No such sample file.');
  });
});

describe('the sample catalogue generator', () => {
  const run = promisify(execFile);

  it('writes the same bytes on every run, and the shipped catalogue is its output', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sample-catalogue-'));
    try {
      const first = join(dir, 'first.json');
      const second = join(dir, 'second.json');
      await run(process.execPath, [GENERATOR, first]);
      await run(process.execPath, [GENERATOR, second]);
      const [a, b, shipped] = await Promise.all([
        readFile(first),
        readFile(second),
        readFile(join(SAMPLE_DIR, 'catalogue.json')),
      ]);
      expect(a.equals(b)).toBe(true);
      expect(a.equals(shipped)).toBe(true);
      expect(a.length).toBeLessThan(1.5 * 1024 * 1024);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives every product a unique PLU and product code, a valid price and existing images', () => {
    const { products } = catalogue as unknown as {
      products: (Product & { images: Record<string, string> })[];
    };
    expect(products.length).toBeGreaterThanOrEqual(300);
    expect(new Set(products.map((product) => product.plu)).size).toBe(products.length);
    expect(new Set(products.map((product) => product.productCode)).size).toBe(products.length);
    for (const product of products) {
      expect(product.plu).toMatch(/^[1-9]\d{5,7}$/);
      expect(Number(product.price.now)).toBeLessThanOrEqual(Number(product.price.was));
      expect(product.isOnSale).toBe(Number(product.price.now) < Number(product.price.was));
      for (const image of Object.values(product.images)) {
        expect(readFileSync(join(SAMPLE_DIR, image.replace(/^\/sample\//, '')), 'utf8')).toMatch(/^<svg/);
      }
    }
  });
});
