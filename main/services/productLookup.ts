import got, { HTTPError, RequestError, TimeoutError } from 'got';
import { z } from 'zod';
import { PRODUCT_LOOKUP_TIMEOUT_MS, type ProductLookupQuery } from '../../core/rules/productLookup';
import { StudioError } from '../../core/result';
import { ProductDetailsSchema, type ProductDetails } from '../../core/schemas';

const LookupResponseSchema = z.object({ products: z.array(ProductDetailsSchema) });

/**
 * The product lookup client: GET {service}/products/lookup with fascia, country, size and plu, answered
 * within 5 seconds (editor spec §5) or refused with a clear message.
 */
export function createProductLookupClient(baseUrl: string, timeoutMs = PRODUCT_LOOKUP_TIMEOUT_MS) {
  return {
    async lookup(query: ProductLookupQuery): Promise<ProductDetails[]> {
      const url = new URL('products/lookup', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      let body: unknown;
      try {
        body = await got(url, {
          searchParams: { fascia: query.fascia, country: query.country, size: query.size, plu: query.plu },
          timeout: { request: timeoutMs },
          retry: { limit: 0 },
        }).json();
      } catch (error) {
        if (error instanceof TimeoutError) {
          throw new StudioError('unavailable', `The product lookup did not answer within ${timeoutMs / 1000} seconds.`);
        }
        if (error instanceof HTTPError) {
          throw new StudioError('unavailable', `The product lookup answered ${error.response.statusCode}.`);
        }
        if (error instanceof RequestError) {
          const reason = error.name === 'ParseError' ? 'sent something that is not JSON' : `is not reachable (${error.code})`;
          throw new StudioError('unavailable', `The product lookup at ${url.origin} ${reason}.`);
        }
        throw error;
      }
      const parsed = LookupResponseSchema.safeParse(body);
      if (!parsed.success) throw new StudioError('failed', 'The product lookup answered in a shape this app does not understand.');
      return parsed.data.products;
    },
  };
}
