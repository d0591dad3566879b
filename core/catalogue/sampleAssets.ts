/**
 * The sample images that template defaults point at. They ship in resources/sample/images/ and are addressed
 * root-relative (/sample/images/<file>), so a new page renders offline, with no image CDN. Each name below is
 * a union member, so a default that names an image we do not ship fails to compile; the catalogue test checks
 * that every file exists.
 */
export const SAMPLE_IMAGE_ROOT = '/sample/images';
export const SAMPLE_ICON_ROOT = '/sample/icons';

/** Campaign art, each shipped as a 1160x485 desktop banner and a 640x640 mobile square. */
export type BannerArt =
  'trainers' | 'running' | 'outdoor' | 'football' | 'sale' | 'kids' | 'training' | 'streetwear' | 'rewards';

/** Products, each shipped as six 600x600 shots a to f (the imageShots option list). */
export type ProductArt = 'runner' | 'hoodie' | 'joggers' | 'cap' | 'backpack' | 'football';

/** Fictional brands, each a 300x150 logo. */
export type BrandLogo = 'stride' | 'apex' | 'northpeak' | 'volt' | 'kinetic' | 'harbour' | 'summit' | 'meridian';

/** Fictional athletes, each a 600x800 portrait. */
export type AthletePortrait = 'okafor' | 'lindqvist' | 'moreau' | 'tanaka' | 'reyes';

/** Fictional football clubs, each a 200x200 crest. */
export type ClubCrest = 'northside' | 'eastport';

export type ImageShot = 'a' | 'b' | 'c' | 'd' | 'e' | 'f';
export const IMAGE_SHOTS: readonly ImageShot[] = ['a', 'b', 'c', 'd', 'e', 'f'];

const sampleImage = (file: string): string => `${SAMPLE_IMAGE_ROOT}/${file}`;

export const bannerImage = (art: BannerArt, variant: 'desktop' | 'mobile'): string =>
  sampleImage(`banner-${art}-${variant}.svg`);
export const productImage = (product: ProductArt, shot: ImageShot): string =>
  sampleImage(`product-${product}-${shot}.svg`);
export const logoImage = (brand: BrandLogo): string => sampleImage(`logo-${brand}.svg`);
export const athleteImage = (athlete: AthletePortrait): string => sampleImage(`athlete-${athlete}.svg`);
export const crestImage = (club: ClubCrest): string => sampleImage(`crest-${club}.svg`);

/** A template's icon: its type name in kebab case (CustomHTML -> custom-html, CarouselCE -> carousel-ce). */
export function iconUrl(componentType: string): string {
  const words = componentType.match(/[A-Z]+(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [componentType];
  return `${SAMPLE_ICON_ROOT}/${words.join('-').toLowerCase()}.svg`;
}
