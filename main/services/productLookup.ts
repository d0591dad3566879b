import { z } from 'zod';
import { PRODUCT_LOOKUP_TIMEOUT_MS, type ProductLookupQuery } from '../../core/rules/productLookup';
import { ProductDetailsSchema, type ProductDetails } from '../../core/schemas';
import { createServiceHttp, describeHttpFailure } from './http';

const LookupResponseSchema = z.object({ products: z.array(ProductDetailsSchema) });

/**
 * The product lookup client: GET {service}/products/lookup with fascia, country, size and plu, answered
 * within 5 seconds (editor spec §5) or refused with a clear message that carries the service's own.
 */
export function createProductLookupClient(baseUrl: string, timeoutMs = PRODUCT_LOOKUP_TIMEOUT_MS) {
  const http = createServiceHttp({
    timeoutMs,
    describe: (failure, where) => {
      if (failure.kind === 'timeout') return `The product lookup did not answer within ${failure.ms / 1000} seconds.`;
      // Its status answers name no address: there is only one lookup, and its address is in Settings.
      if (failure.kind === 'status')
        return `The product lookup answered ${failure.status}${failure.explanation ? `: ${failure.explanation}` : '.'}`;
      return describeHttpFailure('The product lookup', failure, where);
    },
  });
  return {
    async lookup(query: ProductLookupQuery): Promise<ProductDetails[]> {
      const url = new URL('products/lookup', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      const answer = await http.request({
        url,
        where: url.origin,
        schema: LookupResponseSchema,
        searchParams: { fascia: query.fascia, country: query.country, size: query.size, plu: query.plu },
      });
      return answer.products;
    },
  };
}
