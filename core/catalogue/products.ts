/**
 * Sample products for product-led templates. Fictional brands and numbers: a real lookup by PLU replaces them
 * when the editor picks a product. The shape is the product-details field, pluDetails (editor spec §3).
 */
import type { ProductDetails } from '../schemas';
import { selectBox, type SelectBox } from './fields';
import { IMAGE_SHOTS, productImage, type ImageShot, type ProductArt } from './sampleAssets';

type SampleProduct = Omit<ProductDetails, 'images' | 'url'> & { slug: string };

const SAMPLE_PRODUCTS: Readonly<Record<ProductArt, SampleProduct>> = {
  runner: {
    plu: '100001',
    secondid: '100001_blk',
    title: 'Stride Aero Runner Trainers',
    slug: 'stride-aero-runner-trainers',
    brand: 'Stride',
    category: "Men's Footwear",
    price: { was: '110.00', now: '89.99' },
  },
  hoodie: {
    plu: '100002',
    secondid: '100002_nvy',
    title: 'Apex Core Overhead Hoodie',
    slug: 'apex-core-overhead-hoodie',
    brand: 'Apex',
    category: "Men's Clothing",
    price: { was: '', now: '55.00' },
  },
  joggers: {
    plu: '100003',
    secondid: '100003_gry',
    title: 'Apex Core Fleece Joggers',
    slug: 'apex-core-fleece-joggers',
    brand: 'Apex',
    category: "Men's Clothing",
    price: { was: '', now: '45.00' },
  },
  cap: {
    plu: '100004',
    secondid: '100004_wht',
    title: 'Volt Club Cap',
    slug: 'volt-club-cap',
    brand: 'Volt',
    category: 'Accessories',
    price: { was: '22.00', now: '15.00' },
  },
  backpack: {
    plu: '100005',
    secondid: '100005_grn',
    title: 'Northpeak Trail 25L Backpack',
    slug: 'northpeak-trail-25l-backpack',
    brand: 'Northpeak',
    category: 'Accessories',
    price: { was: '', now: '65.00' },
  },
  football: {
    plu: '100006',
    secondid: '100006_wht',
    title: 'Kinetic Match Pro Football',
    slug: 'kinetic-match-pro-football',
    brand: 'Kinetic',
    category: 'Sports Equipment',
    price: { was: '30.00', now: '24.00' },
  },
};

/** The product-details field of one sample product, its images keyed by shot letter a to f. */
export function pluDetails(product: ProductArt): ProductDetails {
  const { slug, price, ...details } = SAMPLE_PRODUCTS[product];
  const images = Object.fromEntries(IMAGE_SHOTS.map((shot) => [shot, productImage(product, shot)])) as Record<
    ImageShot,
    string
  >;
  return { ...details, url: `/product/${slug}/${details.plu}/`, price: { ...price }, images };
}

export const productTile = (product: ProductArt): { pluDetails: ProductDetails } => ({
  pluDetails: pluDetails(product),
});

export interface CurrencyDisplay {
  symbol: string;
  location: SelectBox<'currencyLocation'>;
  /** Extra text beside the price, such as "from"; empty by default. */
  text: string;
}

/** Prices in pounds before the figure, as in the spec's Product Spotlight sample (§9). */
export const poundCurrency = (): CurrencyDisplay => ({
  symbol: '£',
  location: selectBox('currencyLocation', 'before'),
  text: '',
});

/** Which shot a product card shows, and which on hover: the front, then a second angle. */
export const imageShots = (): { default: SelectBox<'imageShots'>; hover: SelectBox<'imageShots'> } => ({
  default: selectBox('imageShots', 'a'),
  hover: selectBox('imageShots', 'b'),
});
