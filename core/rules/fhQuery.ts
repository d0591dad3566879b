/**
 * The FH Query Builder's state (editor spec §2): the chosen filters shown as "Filtering By" tabs, the open
 * facet groups, the count line, and the faceted-search location the filters stand for. Pure.
 *
 * The location follows the grammar of main/services/sampleServices.ts parseFhLocation, and its text is the
 * canonical one formatFhLocation writes (criteria in a fixed order, values encodeURIComponent-ed):
 *
 *   //{universe}/{locale}[/categories<{path}][/{attribute}>{value[;value]}]*[/isonsale=1][/isnew=1]
 *
 * A filter's facet is the faceted-search facet id it came from: 'categories' (value: a category path; one at a
 * time, a new one replaces the old, as drilling down does), an attribute (brand, colour, size, price, or any
 * other the service names; several values of one attribute are alternatives), or 'isonsale' / 'isnew'.
 */

export interface FhFilter {
  facet: string;
  value: string;
  /** What the tab shows. */
  label: string;
}

export interface FhQueryState {
  filters: FhFilter[];
  /** The facet groups shown open; Categories by default (§9). */
  openGroups: string[];
}

export const CATEGORIES_FACET = 'categories';
export const ON_SALE_FACET = 'isonsale';
export const NEW_FACET = 'isnew';
export const DEFAULT_OPEN_GROUP = CATEGORIES_FACET;
/** The attributes in the order the location lists them (sampleServices FH_ATTRIBUTES); others follow. */
export const FH_ATTRIBUTE_ORDER = ['brand', 'colour', 'size', 'price'] as const;

export function initialFhQuery(): FhQueryState {
  return { filters: [], openGroups: [DEFAULT_OPEN_GROUP] };
}

/** Adds a filter; one already chosen changes nothing, and a category replaces the current category. */
export function addFilter(state: FhQueryState, filter: FhFilter): FhQueryState {
  if (state.filters.some((chosen) => chosen.facet === filter.facet && chosen.value === filter.value)) return state;
  const single = filter.facet === CATEGORIES_FACET || filter.facet === ON_SALE_FACET || filter.facet === NEW_FACET;
  const kept = single ? state.filters.filter((chosen) => chosen.facet !== filter.facet) : state.filters;
  return { ...state, filters: [...kept, { ...filter }] };
}

/** Removes one tab. */
export function removeFilter(state: FhQueryState, facet: string, value: string): FhQueryState {
  const filters = state.filters.filter((chosen) => !(chosen.facet === facet && chosen.value === value));
  return filters.length === state.filters.length ? state : { ...state, filters };
}

/** The Clear all button: no filter left; the open groups stay as they are. */
export function clearAll(state: FhQueryState): FhQueryState {
  return state.filters.length === 0 ? state : { ...state, filters: [] };
}

/** A click on a group title opens or closes it. */
export function toggleGroup(state: FhQueryState, group: string): FhQueryState {
  const open = state.openGroups.includes(group);
  return { ...state, openGroups: open ? state.openGroups.filter((id) => id !== group) : [...state.openGroups, group] };
}

/** §2: '1 product found', 'N products found', and nothing at all (null) unless above 0. */
export function countLine(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count === 1 ? '1 product found' : `${count} products found`;
}

/**
 * The location for the filters: //{universe}/{locale} then the category, the attributes (brand, colour, size,
 * price, then any other in the order first chosen), on sale, new in. Values are encodeURIComponent-ed, so a
 * ';', '{', '}' or '/' inside one cannot break the grammar.
 */
export function fhLocation(universe: string, locale: string, filters: readonly FhFilter[]): string {
  let text = `//${universe}/${locale}`;
  const category = filters.findLast((filter) => filter.facet === CATEGORIES_FACET);
  if (category) text += `/categories<{${encodeURIComponent(category.value)}}`;

  const attributes = new Map<string, string[]>(FH_ATTRIBUTE_ORDER.map((name) => [name, []]));
  for (const filter of filters) {
    if (filter.facet === CATEGORIES_FACET || filter.facet === ON_SALE_FACET || filter.facet === NEW_FACET) continue;
    const values = attributes.get(filter.facet) ?? [];
    if (!values.includes(filter.value)) values.push(filter.value);
    attributes.set(filter.facet, values);
  }
  for (const [name, values] of attributes) {
    if (values.length > 0) text += `/${name}>{${values.map(encodeURIComponent).join(';')}}`;
  }

  if (filters.some((filter) => filter.facet === ON_SALE_FACET)) text += '/isonsale=1';
  if (filters.some((filter) => filter.facet === NEW_FACET)) text += '/isnew=1';
  return text;
}

/** The query string footer: fh_location={location}. */
export function fhQueryString(universe: string, locale: string, filters: readonly FhFilter[]): string {
  return `fh_location=${fhLocation(universe, locale, filters)}`;
}
