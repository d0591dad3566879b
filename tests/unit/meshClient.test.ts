import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StudioError } from '../../core/result';
import { fhLocation } from '../../core/rules/fhQuery';
import { LANDING_PAGE_CHANNELS, hasBrandFacets, storeFor } from '../../core/rules/linkGenerator';
import { MESH_TIMEOUT_MS, createFacetedSearchClient, createMeshClient } from '../../main/services/mesh';
import { sampleServicesPlugin } from '../../main/services/sampleServices';
import { servePlugin } from './helpers/samplePlugin';

const API_KEY = 'test-key';
const FAST_RETRY = { maxRetryDelayMs: 5 };

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

const facets = [{ name: 'brand', displayName: 'Brand', values: [{ displayName: 'Nike', value: 'nike', count: 3 }] }];

// ---------------------------------------------------------------------------------------------------------

describe('the clients against a recording server', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];
  /** What the next requests get; the default answers each route with a valid body. */
  let respond: Handler;

  const validAnswer: Handler = (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path.endsWith('/categories'))
      return json(response, 200, [{ name: 'Men', path: 'men', productCount: 2, children: [] }]);
    if (path.endsWith('/navigationPages'))
      return json(response, 200, [{ ID: 'lp-1', name: 'Sale', channels: ['ipad-app'] }]);
    if (path.includes('/products/categories/')) {
      return json(response, 200, {
        count: 3,
        path: 'men/footwear',
        facets,
        breadCrumbs: [{ name: 'Men', path: 'men' }],
      });
    }
    if (path.endsWith('/products/search')) return json(response, 200, { count: 3, facets });
    if (path.endsWith('/fh/search'))
      return json(response, 200, { totalItems: 0, facets: [], breadcrumbs: [], query: '' });
    json(response, 404, { error: { code: 'not-found', message: 'no such route' } });
  };

  beforeAll(async () => {
    ({ server, base } = await listen((request, response) => {
      requests.push(request.url ?? '');
      respond(request, response);
    }));
  });
  afterEach(() => {
    requests.length = 0;
    respond = validAnswer;
  });
  afterAll(() => close(server));
  respond = validAnswer;

  const mesh = (options: Partial<Parameters<typeof createMeshClient>[0]> = {}) =>
    createMeshClient({ baseUrl: base, apiKey: API_KEY, ...FAST_RETRY, ...options });
  const params = (url: string | undefined) => [...new URL(url ?? '', 'http://x').searchParams];

  it('asks for the category tree with apikey, showempty=1, tree=1', async () => {
    expect(await mesh().categories('jdsportsuk')).toEqual([
      { name: 'Men', path: 'men', productCount: 2, children: [] },
    ]);
    expect(requests).toEqual(['/stores/jdsportsuk/categories?apikey=test-key&showempty=1&tree=1']);
  });

  it('asks for the landing pages of the four app channels', async () => {
    expect(await mesh().navigationPages('scottsuk')).toEqual([{ ID: 'lp-1', name: 'Sale', channels: ['ipad-app'] }]);
    expect(requests).toEqual([
      '/stores/scottsuk/navigationPages?apikey=test-key&channel=ipad-app%2Candroid-app-tablet%2Ciphone-app%2Candroid-app-phone&showempty=1&tree=1',
    ]);
    expect(params(requests[0])).toEqual([
      ['apikey', API_KEY],
      ['channel', LANDING_PAGE_CHANNELS.join(',')],
      ['showempty', '1'],
      ['tree', '1'],
    ]);
  });

  it('asks for a category’s products with isnew and isonsale only when set', async () => {
    const answer = await mesh().categoryProducts('jdsportsuk', 'men/footwear', { isNew: true, isOnSale: true });
    expect(answer).toEqual({ count: 3, path: 'men/footwear', facets, breadCrumbs: [{ name: 'Men', path: 'men' }] });
    await mesh().categoryProducts('jdsportsuk', 'men/footwear');
    await mesh().categoryProducts('jdsportsuk', '/men/', { isOnSale: true });
    await mesh().categoryProducts('jdsportsuk', 'men', { isNew: true, isOnSale: false });
    expect(requests).toEqual([
      '/stores/jdsportsuk/products/categories/men/footwear?apikey=test-key&isnew=1&isonsale=1',
      '/stores/jdsportsuk/products/categories/men/footwear?apikey=test-key',
      '/stores/jdsportsuk/products/categories/men?apikey=test-key&isonsale=1',
      '/stores/jdsportsuk/products/categories/men?apikey=test-key&isnew=1',
    ]);
  });

  it('refuses a category products call without a path, before asking', async () => {
    expect((await failure(mesh().categoryProducts('jdsportsuk', '/'))).code).toBe('invalid-input');
    expect(requests).toEqual([]);
  });

  it('searches with brandname, keywords, facets, isnew, isonsale in that order', async () => {
    const answer = await mesh().search('jdsportsuk', {
      isOnSale: true,
      isNew: true,
      facets: [
        { name: 'colour', value: 'black' },
        { name: 'size', value: '9' },
      ],
      keywords: 'air max',
      brandname: 'nike',
    });
    expect(answer).toEqual({ count: 3, facets });
    expect(params(requests[0])).toEqual([
      ['apikey', API_KEY],
      ['brandname', 'nike'],
      ['keywords', 'air max'],
      ['facet:colour', 'black'],
      ['facet:size', '9'],
      ['isnew', '1'],
      ['isonsale', '1'],
    ]);
    expect(requests[0]).toBe(
      '/stores/jdsportsuk/products/search?apikey=test-key&brandname=nike&keywords=air+max&facet%3Acolour=black&facet%3Asize=9&isnew=1&isonsale=1',
    );
    await mesh().search('jdsportsuk', { keywords: 'hoodie' });
    await mesh().search('jdsportsuk', { brandname: ' ', keywords: '', facets: [{ name: 'colour', value: '' }] });
    expect(requests.slice(1)).toEqual([
      '/stores/jdsportsuk/products/search?apikey=test-key&keywords=hoodie',
      '/stores/jdsportsuk/products/search?apikey=test-key',
    ]);
  });

  it('encodes the store and path segments and keeps a base path', async () => {
    await createMeshClient({ baseUrl: `${base}/mesh/v1/`, apiKey: 'k&y' }).categories('a b');
    await createMeshClient({ baseUrl: `${base}/mesh`, apiKey: API_KEY }).categoryProducts('s', 'men/foot wear');
    expect(requests).toEqual([
      '/mesh/v1/stores/a%20b/categories?apikey=k%26y&showempty=1&tree=1',
      '/mesh/stores/s/products/categories/men/foot%20wear?apikey=test-key',
    ]);
  });

  it('sends the faceted-search location after the key', async () => {
    const location = '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/brand>{nike}/isonsale=1';
    const client = createFacetedSearchClient({ baseUrl: base, apiKey: API_KEY });
    expect(await client.search(location)).toEqual({ totalItems: 0, facets: [], breadcrumbs: [], query: '' });
    await client.search(`fh_location=${location}`);
    expect(params(requests[0])).toEqual([
      ['apikey', API_KEY],
      ['fh_location', location],
    ]);
    expect(requests[0]?.startsWith('/fh/search?apikey=test-key&fh_location=%2F%2Fjdsportsuk%2Fen_GB%2F')).toBe(true);
    expect(requests[1]).toBe(requests[0]);
  });

  it('turns 401 and 403 into forbidden, without retrying', async () => {
    respond = (_request, response) => json(response, 401, { error: { code: 'unauthorized', message: 'no key' } });
    const refused = await failure(mesh().categories('jdsportsuk'));
    expect(refused.code).toBe('forbidden');
    expect(refused.message).toBe('The mesh service refused the api key.');
    respond = (_request, response) => json(response, 403, {});
    expect(await failure(mesh().navigationPages('jdsportsuk'))).toMatchObject({
      code: 'forbidden',
      message: 'The mesh service refused the api key.',
    });
    const fh = await failure(createFacetedSearchClient({ baseUrl: base, apiKey: API_KEY }).search('//x/en_GB'));
    expect(fh).toMatchObject({ code: 'forbidden', message: 'The faceted-search service refused the api key.' });
    expect(requests).toHaveLength(3);
  });

  it('turns 500 into unavailable without retrying', async () => {
    respond = (_request, response) => json(response, 500, { error: { code: 'internal', message: 'it broke' } });
    const error = await failure(mesh().categories('jdsportsuk'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(`The mesh service answered 500 for ${base}/stores/jdsportsuk/categories: it broke`);
    expect(requests).toHaveLength(1);
  });

  it('retries 502, 503 and 504 twice, then reports unavailable', async () => {
    for (const status of [502, 503, 504]) {
      requests.length = 0;
      respond = (_request, response) => json(response, status, 'gateway trouble');
      const error = await failure(mesh().search('jdsportsuk', { keywords: 'x' }));
      expect(error.code).toBe('unavailable');
      expect(error.message).toContain(`answered ${status}`);
      expect(requests).toHaveLength(3);
    }
  });

  it('answers after a retried 503 when the service recovers', async () => {
    respond = (request, response) => (requests.length < 2 ? json(response, 503, {}) : validAnswer(request, response));
    expect(await mesh().categories('jdsportsuk')).toHaveLength(1);
    expect(requests).toHaveLength(2);
  });

  it('passes on the service’s own message for 400 and 404', async () => {
    respond = (_request, response) =>
      json(response, 404, { error: { code: 'not-found', message: "There is no store 'x'." } });
    expect(await failure(mesh().categories('x'))).toMatchObject({
      code: 'not-found',
      message: `The mesh service answered 404 for ${base}/stores/x/categories: There is no store 'x'.`,
    });
    respond = (_request, response) => json(response, 400, 'bad');
    expect(await failure(mesh().categories('x'))).toMatchObject({
      code: 'invalid-input',
      message: `The mesh service answered 400 for ${base}/stores/x/categories.`,
    });
  });

  it('gives up at the time limit, naming it, without retrying', async () => {
    expect(MESH_TIMEOUT_MS).toBe(10_000);
    respond = () => undefined; // never answers
    const started = Date.now();
    const error = await failure(mesh({ timeoutMs: 200 }).categories('jdsportsuk'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(`The mesh service did not answer within 200 ms (${base}/stores/jdsportsuk/categories).`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  it('reports malformed JSON and a wrong shape as failed', async () => {
    respond = (_request, response) => json(response, 200, '{"count": 3,');
    const broken = await failure(mesh().search('jdsportsuk'));
    expect(broken.code).toBe('failed');
    expect(broken.message).toBe(
      `The mesh service sent something that is not JSON (${base}/stores/jdsportsuk/products/search).`,
    );

    respond = (_request, response) => json(response, 200, { items: [] });
    const odd = await failure(mesh().search('jdsportsuk'));
    expect(odd.code).toBe('failed');
    expect(odd.message).toMatch(/^The mesh service answered in a shape this app does not understand .*count/);

    respond = (_request, response) =>
      json(response, 200, [{ name: 'Men', path: 'men', productCount: -1, children: [] }]);
    expect((await failure(mesh().categories('jdsportsuk'))).code).toBe('failed');

    respond = (_request, response) => json(response, 200, 'not json at all');
    expect(
      (await failure(createFacetedSearchClient({ baseUrl: base, apiKey: API_KEY }).search('//x/en_GB'))).code,
    ).toBe('failed');
  });
});

describe('a dead service', () => {
  it('is unavailable, naming the address but not the key, after retrying', async () => {
    const { server, base } = await listen(() => undefined);
    await close(server);
    const error = await failure(
      createMeshClient({ baseUrl: base, apiKey: 'secret-key', ...FAST_RETRY }).categories('jdsportsuk'),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      `The mesh service at ${base}/stores/jdsportsuk/categories is not reachable (ECONNREFUSED).`,
    );
    expect(error.message).not.toContain('secret-key');
    const fh = await failure(
      createFacetedSearchClient({ baseUrl: base, apiKey: 'secret-key', ...FAST_RETRY }).search('//x/en_GB'),
    );
    expect(fh.message).toBe(`The faceted-search service at ${base}/fh/search is not reachable (ECONNREFUSED).`);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the clients against the sample services', () => {
  const SAMPLE_DIR = fileURLToPath(new URL('../../resources/sample', import.meta.url));
  const SAMPLE_KEY = 'sample-mesh-key';
  let server: { url: string; close(): Promise<void> };
  let base: string;

  beforeAll(async () => {
    server = await servePlugin(sampleServicesPlugin, { sampleDir: SAMPLE_DIR, apiKey: SAMPLE_KEY });
    base = server.url;
  });
  afterAll(() => server.close());

  it('parses every mesh answer, and the queries pass the strict sample', async () => {
    const mesh = createMeshClient({ baseUrl: base, apiKey: SAMPLE_KEY });
    const store = storeFor('site_jd') ?? '';
    expect(store).toBe('jdsportsuk');

    const tree = await mesh.categories(store);
    expect(tree.map((node) => node.path)).toEqual(['men', 'women', 'kids']);
    expect(tree[0]?.children[0]?.children.length).toBeGreaterThan(0);

    const pages = await mesh.navigationPages(store);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages)
      expect(page.channels.every((channel) => (LANDING_PAGE_CHANNELS as readonly string[]).includes(channel))).toBe(
        true,
      );

    const all = await mesh.categoryProducts(store, 'men/footwear');
    const filtered = await mesh.categoryProducts(store, 'men/footwear', { isNew: true, isOnSale: true });
    expect(all.path).toBe('men/footwear');
    expect(all.breadCrumbs).toEqual([
      { name: 'Men', path: 'men' },
      { name: 'Footwear', path: 'men/footwear' },
    ]);
    expect(all.count).toBeGreaterThan(filtered.count);
    expect(hasBrandFacets(all.facets)).toBe(true);

    const brand = all.facets.find((facet) => facet.name === 'brand')?.values[0]?.value ?? '';
    const searched = await mesh.search(store, {
      brandname: brand,
      keywords: 'footwear',
      facets: [{ name: 'colour', value: all.facets.find((facet) => facet.name === 'colour')?.values[0]?.value ?? '' }],
      isNew: false,
      isOnSale: true,
    });
    expect(searched.count).toBeGreaterThanOrEqual(0);
    expect((await mesh.search(store, { brandname: brand })).count).toBeGreaterThan(0);
  });

  it('parses the faceted search for a location built by the query builder', async () => {
    const mesh = createMeshClient({ baseUrl: base, apiKey: SAMPLE_KEY });
    const fh = createFacetedSearchClient({ baseUrl: base, apiKey: SAMPLE_KEY });
    const location = fhLocation('jdsportsuk', 'en_GB', [
      { facet: 'categories', value: 'men/footwear', label: 'Footwear' },
      { facet: 'isonsale', value: '1', label: 'On sale' },
    ]);
    const answer = await fh.search(location);
    expect(answer.query).toBe(location);
    expect(answer.totalItems).toBe(
      (await mesh.categoryProducts('jdsportsuk', 'men/footwear', { isOnSale: true })).count,
    );
    expect(answer.facets[0]?.id).toBe('categories');
    expect(answer.breadcrumbs.map((crumb) => crumb.label)).toEqual(['All products', 'Men', 'Footwear', 'On sale']);
  });

  it('is refused with a wrong key', async () => {
    const error = await failure(createMeshClient({ baseUrl: base, apiKey: 'wrong' }).categories('jdsportsuk'));
    expect(error).toMatchObject({ code: 'forbidden', message: 'The mesh service refused the api key.' });
    const fh = await failure(
      createFacetedSearchClient({ baseUrl: base, apiKey: 'wrong' }).search('//jdsportsuk/en_GB'),
    );
    expect(fh.code).toBe('forbidden');
  });
});
