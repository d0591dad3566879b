/**
 * Builders for the field shapes that recur across templates (catalogue spec §3, "Common content fields";
 * editor spec §3, "Field conventions"). Every call returns fresh objects, so no two defaults share a reference.
 */
import type { OptionListName, OptionValue } from '../optionLists';
import { bannerImage, logoImage, type BannerArt, type BrandLogo } from './sampleAssets';

export interface ResponsivePair<T = string> {
  desktop: T;
  mobile: T;
}

export interface Cta {
  text: string;
  url: string;
  invert: boolean;
}

export interface SelectBox<Name extends OptionListName = OptionListName> {
  selectBox: { current: OptionValue<Name>; options: Name };
}

export interface RichText {
  html: { value: string };
}

/** Default image aspect ratios (catalogue spec §9), as 'width:height'. */
export const DEFAULT_ASPECT_RATIO: Readonly<ResponsivePair> = Object.freeze({ desktop: '1160:485', mobile: '640:640' });

/** Campaign art: the 1160x485 desktop banner and the 640x640 mobile square of the same art. */
export const bannerImages = (art: BannerArt): ResponsivePair => ({
  desktop: bannerImage(art, 'desktop'),
  mobile: bannerImage(art, 'mobile'),
});

/** For art shown square on every screen (tiles, spots): the mobile square on desktop too. */
export const squareImages = (art: BannerArt): ResponsivePair => ({
  desktop: bannerImage(art, 'mobile'),
  mobile: bannerImage(art, 'mobile'),
});

export const aspectRatio = (
  desktop = DEFAULT_ASPECT_RATIO.desktop,
  mobile = DEFAULT_ASPECT_RATIO.mobile,
): ResponsivePair => ({
  desktop,
  mobile,
});

export const SQUARE_ASPECT_RATIO = '1:1';
export const squareAspectRatio = (): ResponsivePair => aspectRatio(SQUARE_ASPECT_RATIO, SQUARE_ASPECT_RATIO);

/** The same storefront path on desktop and mobile; the editor can split them later. */
export const linkPair = (path: string): ResponsivePair => ({ desktop: path, mobile: path });

export const cta = (text: string, url: string, invert = false): Cta => ({ text, url, invert });

/** A choice field whose values come from a shipped option list; `current` is type-checked against that list. */
export function selectBox<Name extends OptionListName>(options: Name, current: OptionValue<Name>): SelectBox<Name> {
  return { selectBox: { current, options } };
}

export const richText = (html: string): RichText => ({ html: { value: html } });

/** A paragraph-per-string rich text value. */
export const paragraphs = (...texts: string[]): RichText => richText(texts.map((text) => `<p>${text}</p>`).join(''));

export interface Overlay {
  showOverlay: boolean;
  width: number;
  position: SelectBox<'bannerPositions'>;
  images: ResponsivePair;
  ctas: Cta[];
}

/**
 * A panel laid over a banner. width is a percentage of the banner's width, position one of bannerPositions.
 * Off by default: the template shows where it goes, the editor switches it on.
 */
export const overlay = (
  images: ResponsivePair,
  ctas: Cta[],
  position: OptionValue<'bannerPositions'> = 'center-left',
): Overlay => ({
  showOverlay: false,
  width: 40,
  position: selectBox('bannerPositions', position),
  images,
  ctas,
});

export interface VideoSettings {
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  controls: boolean;
}

export interface VideoBlock {
  title: string;
  /** Video file addresses. Empty by default: no sample video ships, so the overlay images act as the poster. */
  videos: ResponsivePair;
  overlayImages: ResponsivePair;
  overlay: { showOverlay: boolean; title: string; ctas: Cta[] };
  settings: VideoSettings;
}

/** A video with its poster art; muted so that browsers allow autoplay when the editor turns it on. */
export const videoBlock = (title: string, posterArt: BannerArt, ctas: Cta[] = []): VideoBlock => ({
  title,
  videos: { desktop: '', mobile: '' },
  overlayImages: bannerImages(posterArt),
  overlay: { showOverlay: true, title, ctas },
  settings: { autoplay: false, muted: true, loop: true, controls: true },
});

/** A title, a teaser and a link on campaign art: the slide, spot and tile shape of many templates. */
export interface Spot {
  title: string;
  subtitle: string;
  images: ResponsivePair;
  aspectRatio: ResponsivePair;
  url: ResponsivePair;
  ctas: Cta[];
}

export const spot = (title: string, subtitle: string, art: BannerArt, path: string, ctaText = 'Shop Now'): Spot => ({
  title,
  subtitle,
  images: squareImages(art),
  aspectRatio: squareAspectRatio(),
  url: linkPair(path),
  ctas: [cta(ctaText, path)],
});

/** Like a spot but on full banner art, for slides and tabs that span the page width. */
export const bannerSlide = (
  title: string,
  subtitle: string,
  art: BannerArt,
  path: string,
  ctaText = 'Shop Now',
): Spot => ({
  ...spot(title, subtitle, art, path, ctaText),
  images: bannerImages(art),
  aspectRatio: aspectRatio(),
});

const SAMPLE_BRANDS: readonly (readonly [BrandLogo, string])[] = [
  ['stride', 'Stride'],
  ['apex', 'Apex'],
  ['northpeak', 'Northpeak'],
  ['volt', 'Volt'],
  ['kinetic', 'Kinetic'],
  ['harbour', 'Harbour'],
  ['summit', 'Summit'],
  ['meridian', 'Meridian'],
];

export interface BrandLink {
  name: string;
  /** The brand's logo; the name doubles as its alternative text. */
  image: string;
  url: ResponsivePair;
}

/** Every sample brand, each linking to its brand page. */
export const brandLinks = (): BrandLink[] =>
  SAMPLE_BRANDS.map(([logo, name]) => ({ name, image: logoImage(logo), url: linkPair(`/brands/${logo}/`) }));
