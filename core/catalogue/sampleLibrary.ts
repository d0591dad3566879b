import {
  IMAGE_SHOTS,
  athleteImage,
  bannerImage,
  crestImage,
  logoImage,
  productImage,
  type AthletePortrait,
  type BannerArt,
  type BrandLogo,
  type ClubCrest,
  type ProductArt,
} from './sampleAssets';

/** One image of the sample library: its address and what it shows, in words. */
export interface SampleImage {
  url: string;
  name: string;
}

const BANNER_ARTS: readonly BannerArt[] = [
  'trainers',
  'running',
  'outdoor',
  'football',
  'sale',
  'kids',
  'training',
  'streetwear',
  'rewards',
];
const PRODUCTS: readonly ProductArt[] = ['runner', 'hoodie', 'joggers', 'cap', 'backpack', 'football'];
const BRANDS: readonly BrandLogo[] = [
  'stride',
  'apex',
  'northpeak',
  'volt',
  'kinetic',
  'harbour',
  'summit',
  'meridian',
];
const ATHLETES: readonly AthletePortrait[] = ['okafor', 'lindqvist', 'moreau', 'tanaka', 'reyes'];
const CLUBS: readonly ClubCrest[] = ['northside', 'eastport'];

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Every shipped sample image (resources/sample/images, a unit test checks both ways), as the image picker
 * offers them: banners first, desktop then mobile, then product shots, logos, athletes and crests.
 */
export const SAMPLE_LIBRARY: readonly SampleImage[] = Object.freeze([
  ...BANNER_ARTS.flatMap((art) => [
    { url: bannerImage(art, 'desktop'), name: `${capitalised(art)} banner, desktop` },
    { url: bannerImage(art, 'mobile'), name: `${capitalised(art)} banner, mobile` },
  ]),
  ...PRODUCTS.flatMap((product) =>
    IMAGE_SHOTS.map((shot) => ({ url: productImage(product, shot), name: `${capitalised(product)}, shot ${shot}` })),
  ),
  ...BRANDS.map((brand) => ({ url: logoImage(brand), name: `${capitalised(brand)} logo` })),
  ...ATHLETES.map((athlete) => ({ url: athleteImage(athlete), name: `${capitalised(athlete)} portrait` })),
  ...CLUBS.map((club) => ({ url: crestImage(club), name: `${capitalised(club)} crest` })),
]);
