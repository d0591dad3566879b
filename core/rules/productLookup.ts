import type { ProductDetails } from '../schemas';

export interface ProductLookupQuery {
  fascia: string;
  country: string;
  size: string;
  plu: string;
}

export const PRODUCT_LOOKUP_REQUIRED = 'Please enter Fascia, Country, Size and PLU.';
export const PRODUCT_LOOKUP_NOT_FOUND = 'Invalid PLU';
export const PRODUCT_LOOKUP_HINT = 'No product has that PLU. Try the Product Code instead.';
/** Editor spec §5 and §9: the lookup gives up after 5 seconds. */
export const PRODUCT_LOOKUP_TIMEOUT_MS = 5000;

/** Editor spec §5: all four non-empty and not a single space. */
export function productLookupError(query: ProductLookupQuery): string | null {
  const missing = [query.fascia, query.country, query.size, query.plu].some((value) => value === '' || value === ' ');
  return missing ? PRODUCT_LOOKUP_REQUIRED : null;
}

/** The pluDetails field content for a found product (editor spec §3, product details). */
export function pluDetailsFrom(product: ProductDetails): ProductDetails {
  return {
    plu: product.plu,
    secondid: product.secondid,
    title: product.title,
    url: product.url,
    brand: product.brand,
    category: product.category,
    price: { was: product.price.was, now: product.price.now },
    images: { ...product.images },
  };
}
