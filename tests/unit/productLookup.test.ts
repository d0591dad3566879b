import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductLookupClient } from '../../main/services/productLookup';
import {
  PRODUCT_LOOKUP_REQUIRED,
  PRODUCT_LOOKUP_TIMEOUT_MS,
  pluDetailsFrom,
  productLookupError,
} from '../../core/rules/productLookup';
import type { ProductDetails } from '../../core/schemas';

const product: ProductDetails = {
  plu: '123456',
  secondid: 'PC-123456',
  title: 'Runner',
  url: '/product/runner/123456/',
  brand: 'Stride',
  category: 'Men/Footwear/Trainers',
  price: { was: '90.00', now: '70.00' },
  images: { a: '/a.svg', b: '/b.svg' },
};

describe('product lookup rules (editor spec §5)', () => {
  it('needs fascia, country, size and PLU, none empty or a single space', () => {
    const query = { fascia: 'site_jd', country: 'gb', size: '9', plu: '123456' };
    expect(productLookupError(query)).toBeNull();
    for (const field of ['fascia', 'country', 'size', 'plu'] as const) {
      expect(productLookupError({ ...query, [field]: '' }), field).toBe(PRODUCT_LOOKUP_REQUIRED);
      expect(productLookupError({ ...query, [field]: ' ' }), field).toBe(PRODUCT_LOOKUP_REQUIRED);
    }
    expect(PRODUCT_LOOKUP_REQUIRED).toBe('Please enter Fascia, Country, Size and PLU.');
    expect(PRODUCT_LOOKUP_TIMEOUT_MS).toBe(5000);
  });

  it('fills every pluDetails field from a hit, copying nested objects', () => {
    const details = pluDetailsFrom(product);
    expect(details).toEqual(product);
    expect(details.price).not.toBe(product.price);
  });
});

describe('the product lookup client', () => {
  let server: Server;
  let base: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      const url = new URL(request.url ?? '/', 'http://x');
      const plu = url.searchParams.get('plu');
      if (plu === 'slow') return void setTimeout(() => response.end('{"products":[]}'), 1500);
      if (plu === 'broken') return void response.end('not json');
      if (plu === 'odd') return void response.end('{"items": []}');
      if (plu === 'fail') {
        response.statusCode = 500;
        return void response.end('{}');
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ products: plu === product.plu ? [product] : [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const query = (plu: string) => ({ fascia: 'site_jd', country: 'gb', size: '9', plu });

  it('sends fascia, country, size and plu, and answers the products', async () => {
    expect(await createProductLookupClient(base).lookup(query('123456'))).toEqual([product]);
    expect(requests.at(-1)).toBe('/products/lookup?fascia=site_jd&country=gb&size=9&plu=123456');
    expect(await createProductLookupClient(base).lookup(query('000'))).toEqual([]);
  });

  it('gives up on a slow service at its time limit with a clear message', async () => {
    const started = Date.now();
    await expect(createProductLookupClient(base, 300).lookup(query('slow'))).rejects.toMatchObject({
      code: 'unavailable',
      message: 'The product lookup did not answer within 0.3 seconds.',
    });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('explains a dead, failing or malformed service', async () => {
    await expect(createProductLookupClient('http://127.0.0.1:9').lookup(query('1'))).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('not reachable'),
    });
    await expect(createProductLookupClient(base).lookup(query('fail'))).rejects.toMatchObject({
      message: 'The product lookup answered 500.',
    });
    await expect(createProductLookupClient(base).lookup(query('broken'))).rejects.toMatchObject({
      message: expect.stringContaining('not JSON'),
    });
    await expect(createProductLookupClient(base).lookup(query('odd'))).rejects.toMatchObject({ code: 'failed' });
  });
});
