/**
 * Carousel settings (catalogue spec §3, "Carousel settings") and the default slides per view (§9).
 *
 * Convention, mobile first: the top-level layout values are the smallest screens' values, and `breakpoints`
 * holds larger layouts keyed by minimum viewport width in px (Swiper's breakpoints semantics). The spec's
 * 767px carousel breakpoint is the last mobile width, so desktop layouts start at 768. Every breakpoint entry
 * carries the whole layout (per view, per group, per column, spacing), not only what changes, so the editor
 * shows each screen size's layout complete and nothing is inherited by surprise.
 */
import { selectBox, type SelectBox } from './fields';
import { deepFreeze } from './template';

export interface SlideLayout {
  slidesPerView: number;
  slidesPerGroup: number;
  /** Rows of slides; 2 lays the slides out in two rows. */
  slidesPerColumn: number;
  /** Gap between slides in px. */
  spaceBetween: number;
}

export interface CarouselArrows {
  buttons: boolean;
  fontColor: string;
  showBackground: boolean;
  backgroundColor: string;
  fontSize: SelectBox<'fontSizesCarouselArrows'>;
  /** 'inside' lays the arrows over the slides' edges, 'outside' beside them. */
  position: string;
  hideMobile: boolean;
}

export interface CarouselPagination {
  show: boolean;
  showOnMobile: boolean;
  /** 'bottom' under the slides or 'top' above them. */
  position: string;
}

export interface CarouselSettings extends SlideLayout {
  freeMode: boolean;
  loop: boolean;
  /** Swiper's autoplay options: off unless enabled, delay in ms between slides. */
  autoplay: { enabled: boolean; delay: number };
  breakpoints: Record<string, SlideLayout>;
  arrows: CarouselArrows;
  pagination: CarouselPagination;
}

/** First viewport width that gets a desktop carousel layout: one past the spec's 767px breakpoint (§9). */
export const CAROUSEL_DESKTOP_MIN_WIDTH = 768;

/** Slides per view (and any other layout value that differs) for the smallest screens and from each width up. */
export interface ResponsiveSlides {
  base: Partial<SlideLayout> & Pick<SlideLayout, 'slidesPerView'>;
  breakpoints: Record<number, Partial<SlideLayout> & Pick<SlideLayout, 'slidesPerView'>>;
}

/** Default slides per view of catalogue spec §9, keyed by component type. */
export const SLIDES_PER_VIEW_DEFAULTS = {
  // 5 by default: 3 below 480px, 7 from 768px.
  LogoList: { base: { slidesPerView: 3 }, breakpoints: { 480: { slidesPerView: 5 }, 768: { slidesPerView: 7 } } },
  // 4, 1.5 on mobile: the half slide shows that the row scrolls.
  ProductSpotlight: { base: { slidesPerView: 1.5 }, breakpoints: { 768: { slidesPerView: 4 } } },
  SpotCarousel: { base: { slidesPerView: 1 }, breakpoints: { 768: { slidesPerView: 4 } } },
  Blog: { base: { slidesPerView: 1, spaceBetween: 50 }, breakpoints: { 768: { slidesPerView: 3 } } },
  // 6, and on mobile 3 per view in 2 rows.
  OutfitBlueprints: {
    base: { slidesPerView: 3, slidesPerColumn: 2 },
    breakpoints: { 768: { slidesPerView: 6, slidesPerColumn: 1 } },
  },
  AthleteInfo: { base: { slidesPerView: 1 }, breakpoints: { 768: { slidesPerView: 5 } } },
} as const satisfies Record<string, ResponsiveSlides>;

/** Our choices for carousel templates that §9 does not list. */
export const OTHER_CAROUSEL_SLIDES = {
  CarouselCE: { base: { slidesPerView: 1 }, breakpoints: {} },
  VideoGallery: { base: { slidesPerView: 1 }, breakpoints: { 768: { slidesPerView: 3 } } },
  CouponsCarousel: { base: { slidesPerView: 1.2 }, breakpoints: { 768: { slidesPerView: 3 } } },
  PopupCarousel: { base: { slidesPerView: 1 }, breakpoints: {} },
} as const satisfies Record<string, ResponsiveSlides>;

const BASE_LAYOUT: Readonly<SlideLayout> = {
  slidesPerView: 1,
  slidesPerGroup: 1,
  slidesPerColumn: 1,
  spaceBetween: 16,
};

type CarouselBehaviour = Partial<Pick<CarouselSettings, 'freeMode' | 'loop' | 'autoplay'>>;

/** Complete carousel settings for a responsive layout; behaviour defaults to a still, non-looping carousel. */
export function carouselSettings(slides: ResponsiveSlides, behaviour: CarouselBehaviour = {}): CarouselSettings {
  const base: SlideLayout = { ...BASE_LAYOUT, ...slides.base };
  const breakpoints = Object.fromEntries(
    Object.entries(slides.breakpoints).map(([minWidth, layout]) => [minWidth, { ...base, ...layout }]),
  );
  return {
    ...base,
    freeMode: behaviour.freeMode ?? false,
    loop: behaviour.loop ?? false,
    autoplay: { enabled: false, delay: 5000, ...behaviour.autoplay },
    breakpoints,
    arrows: {
      buttons: true,
      fontColor: '#111111',
      showBackground: true,
      backgroundColor: '#ffffff',
      fontSize: selectBox('fontSizesCarouselArrows', '24px'),
      position: 'inside',
      // Swiping is the way to move on touch screens; arrows there only cover the slides.
      hideMobile: true,
    },
    pagination: { show: true, showOnMobile: true, position: 'bottom' },
  };
}

/** The settings a carousel starts from when nothing is said about it: one slide at a time on every screen. */
export const CAROUSEL_DEFAULTS: Readonly<CarouselSettings> = deepFreeze(
  carouselSettings({ base: { slidesPerView: 1 }, breakpoints: {} }),
);
