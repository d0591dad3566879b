/**
 * The component catalogue (catalogue spec §3): every template a new component can start from, in the order
 * the Add a Component dialog lists them. Pure data: no DOM, no I/O. Deep-frozen, because every page shares
 * it; a new component takes a deep copy of its template's content.
 */
import { athleteInfo } from './athleteInfo';
import {
  fullscreenBanner,
  feedBanner,
  matchBanner,
  middleBanner,
  navigationBanner,
  saleBanner,
  spotBanner,
  tabbedBanner,
} from './banners';
import { blog } from './blog';
import { carouselCE, logoList, outfitBlueprints, spotCarousel } from './carousels';
import { countdownBanner } from './countdownBanner';
import { customHtml } from './customHtml';
import { form, newsletterSignup, tableView } from './forms';
import { addToWallet, balanceDisplay, buttonList, couponsCarousel, gamificationWidget, popupCarousel } from './loyalty';
import { mainBanner } from './mainBanner';
import { videoGallery, videoSpot } from './media';
import { editorial, infoPage, tabbedPage, tabbedTimeline } from './pages';
import { productSpotlight } from './productSpotlight';
import { abstractSection, gridLayout, redefinedSection, spotList, wrapUp } from './sections';
import { curalate, storyStream } from './social';
import { brandSelector, selectBoxes, storeFilter, uspBar } from './storeTools';
import { deepFreeze, type TemplateEntry } from './template';

export type { TemplateEntry } from './template';
export {
  CAROUSEL_DEFAULTS,
  CAROUSEL_DESKTOP_MIN_WIDTH,
  OTHER_CAROUSEL_SLIDES,
  SLIDES_PER_VIEW_DEFAULTS,
  type CarouselSettings,
  type SlideLayout,
} from './carousel';
export { DEFAULT_ASPECT_RATIO } from './fields';
export { BLOG_POSTS_PER_PAGE, SAMPLE_BLOG_API_LINK } from './blog';
export { CURALATE_WAIT_TIME_MS } from './social';

export const CATALOGUE: readonly TemplateEntry[] = deepFreeze([
  // The first part of the catalogue, in the spec's order.
  mainBanner,
  outfitBlueprints,
  logoList,
  middleBanner,
  redefinedSection,
  spotCarousel,
  spotList,
  wrapUp,
  carouselCE,
  blog,
  tabbedBanner,
  tabbedTimeline,
  gridLayout,
  saleBanner,
  curalate,
  tabbedPage,
  infoPage,
  productSpotlight,
  customHtml,
  matchBanner,
  athleteInfo,
  // The later component types, in the spec's order.
  videoSpot,
  abstractSection,
  editorial,
  newsletterSignup,
  selectBoxes,
  videoGallery,
  countdownBanner,
  navigationBanner,
  feedBanner,
  spotBanner,
  brandSelector,
  storyStream,
  form,
  tableView,
  uspBar,
  fullscreenBanner,
  balanceDisplay,
  buttonList,
  gamificationWidget,
  couponsCarousel,
  popupCarousel,
  addToWallet,
  storeFilter,
]);

const TEMPLATES_BY_TYPE: ReadonlyMap<string, TemplateEntry> = new Map(
  CATALOGUE.map((entry) => [entry.data._component, entry]),
);

/** The template of a component type (its `_component`), or undefined for a type the catalogue does not hold. */
export function findTemplate(componentType: string): TemplateEntry | undefined {
  return TEMPLATES_BY_TYPE.get(componentType);
}
