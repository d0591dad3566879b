import type { NumberBounds } from '../rules/numberBounds';

/**
 * The range of each numeric setting the catalogue's templates hold, by field key (catalogue spec §3, §9):
 * what the storefront components can lay out or wait for. The templates' defaults all fall inside (the
 * catalogue test checks it). Keys not listed (a table's cells, say) take any number.
 */
export const NUMBER_BOUNDS: Readonly<Record<string, NumberBounds>> = Object.freeze({
  // An overlay's width, a percentage of its banner's width.
  width: { min: 10, max: 100 },
  // Carousels (Swiper): slides may be shown in part (1.5), groups and columns are whole.
  slidesPerView: { min: 1, max: 12 },
  slidesPerGroup: { min: 1, max: 12, whole: true },
  slidesPerColumn: { min: 1, max: 6, whole: true },
  spaceBetween: { min: 0, max: 200, whole: true },
  delay: { min: 1000, max: 60000, whole: true },
  rotateIntervalMs: { min: 1000, max: 60000, whole: true },
  waitTime: { min: 0, max: 60000, whole: true },
  excerptLength: { min: 20, max: 1000, whole: true },
  activeTab: { min: 0, max: 20, whole: true },
  maxItems: { min: 1, max: 50, whole: true },
  columns: { min: 1, max: 12, whole: true },
  itemsToShow: { min: 1, max: 50, whole: true },
  itemsPerPage: { min: 1, max: 100, whole: true },
  attemptsPerDay: { min: 1, max: 100, whole: true },
  radiusMiles: { min: 1, max: 500 },
  maxResults: { min: 1, max: 100, whole: true },
});

/** The bounds of a numeric field by its key, or undefined when the catalogue sets none. */
export const numberBoundsOf = (key: string | number): NumberBounds | undefined =>
  typeof key === 'string' && Object.hasOwn(NUMBER_BOUNDS, key) ? NUMBER_BOUNDS[key] : undefined;
