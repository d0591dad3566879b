/**
 * The faceted-search location grammar (fh_location), one rule for the FH Query Builder that writes locations and
 * the sample faceted search (main/services/sample/fhSearch.ts) that reads them, and the Query Builder's state
 * (editor spec §2): the chosen filters shown as "Filtering By" tabs, the open facet groups, the count line.
 * Pure.
 *
 *   //{universe}/{locale}[/{criterion}]*[/]
 *   universe   a store id (jdsportsuk, scottsuk, tessuti in the sample catalogue)
 *   locale     ll_CC, e.g. en_GB
 *   criterion  categories<{path}            products at or under a category path (men, men/footwear, ...)
 *              {attribute}>{value[;value]}  the attribute has one of the values
 *              isonsale=1 | isnew=1         on sale / new in only
 *
 * Values inside braces are URL-encoded (encodeURIComponent): ';' separates alternatives, so a literal ';',
 * '{' or '}' must be encoded; '/' may be encoded (%2F) or not. Each criterion may appear once. The canonical
 * text (formatFhLocation) lists the category, the attributes (brand, colour, size, price, then any other in
 * the order first chosen), on sale, new in.
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
/** The attributes parseFhLocation reads, in the order a location lists them; others (formatted only) follow. */
export const FH_ATTRIBUTE_ORDER = ['brand', 'colour', 'size', 'price'] as const;
export type FhAttribute = (typeof FH_ATTRIBUTE_ORDER)[number];

export const MAX_FH_LOCATION_LENGTH = 2000;

/** A store id or one part of a category path: lowercase letters and digits, hyphens between them. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A location as data. A = the attribute names it may hold (parseFhLocation gives FhAttribute only). */
export interface FhLocation<A extends string = string> {
  universe: string;
  locale: string;
  /** A category path such as men/footwear, or null for the whole universe. */
  categoryPath: string | null;
  /** Attribute criteria; several values of one attribute are alternatives. */
  attributes: Partial<Record<A, string[]>>;
  isOnSale: boolean;
  isNew: boolean;
}

export type FhLocationParse = { ok: true; location: FhLocation<FhAttribute> } | { ok: false; error: string };

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

/** The location the filters stand for, in its canonical text (formatFhLocation). */
export function fhLocation(universe: string, locale: string, filters: readonly FhFilter[]): string {
  const attributes = new Map<string, string[]>();
  for (const filter of filters) {
    if (filter.facet === CATEGORIES_FACET || filter.facet === ON_SALE_FACET || filter.facet === NEW_FACET) continue;
    const values = attributes.get(filter.facet) ?? [];
    if (!values.includes(filter.value)) values.push(filter.value);
    attributes.set(filter.facet, values);
  }
  return formatFhLocation({
    universe,
    locale,
    categoryPath: filters.findLast((filter) => filter.facet === CATEGORIES_FACET)?.value ?? null,
    // fromEntries defines own properties, so a facet id such as '__proto__' stays an attribute.
    attributes: Object.fromEntries(attributes),
    isOnSale: filters.some((filter) => filter.facet === ON_SALE_FACET),
    isNew: filters.some((filter) => filter.facet === NEW_FACET),
  });
}

/** The query string footer: fh_location={location}. */
export function fhQueryString(universe: string, locale: string, filters: readonly FhFilter[]): string {
  return `fh_location=${fhLocation(universe, locale, filters)}`;
}

/**
 * The canonical text of a location, the form parseFhLocation reads: the category, the attributes (brand,
 * colour, size, price, then any other in its order in `attributes`), on sale, new in. Values are
 * encodeURIComponent-ed, so a ';', '{', '}' or '/' inside one cannot break the grammar.
 */
export function formatFhLocation(location: FhLocation): string {
  let text = `//${location.universe}/${location.locale}`;
  if (location.categoryPath !== null) text += `/categories<{${encodeURIComponent(location.categoryPath)}}`;
  const known: readonly string[] = FH_ATTRIBUTE_ORDER;
  const others = Object.keys(location.attributes).filter((name) => !known.includes(name));
  for (const name of [...known, ...others]) {
    const values = Object.hasOwn(location.attributes, name) ? location.attributes[name] : undefined;
    if (values && values.length > 0) text += `/${name}>{${values.map(encodeURIComponent).join(';')}}`;
  }
  if (location.isOnSale) text += '/isonsale=1';
  if (location.isNew) text += '/isnew=1';
  return text;
}

function isFhAttribute(name: string): name is FhAttribute {
  return (FH_ATTRIBUTE_ORDER as readonly string[]).includes(name);
}

/**
 * Reads an fh_location (the grammar above; attributes brand, colour, size and price). Attribute values are
 * trimmed and lowercased, repeats dropped. Bad input gives a message naming what is wrong.
 */
export function parseFhLocation(text: string): FhLocationParse {
  const fail = (error: string): FhLocationParse => ({ ok: false, error });
  if (text.length > MAX_FH_LOCATION_LENGTH)
    return fail(`fh_location is longer than ${MAX_FH_LOCATION_LENGTH} characters.`);
  if (!text.startsWith('//')) return fail('fh_location must start with //{universe}/{locale}.');

  const segments: string[] = [];
  let current = '';
  let inBraces = false;
  for (const char of text.slice(2)) {
    if (char === '{') {
      if (inBraces) return fail("fh_location has a '{' inside braces; encode it as %7B.");
      inBraces = true;
    } else if (char === '}') {
      if (!inBraces) return fail("fh_location has a '}' without its '{'.");
      inBraces = false;
    } else if (char === '/' && !inBraces) {
      segments.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  if (inBraces) return fail("fh_location has a '{' without its '}'.");
  segments.push(current);
  if (segments.length > 2 && segments[segments.length - 1] === '') segments.pop();

  const [universe = '', locale = '', ...criteria] = segments;
  if (!/^[a-z0-9_-]{1,64}$/i.test(universe)) return fail(`fh_location universe '${universe}' is not valid.`);
  if (!/^[a-z]{2}_[A-Z]{2}$/.test(locale)) return fail(`fh_location locale '${locale}' is not of the form en_GB.`);

  const location: FhLocation<FhAttribute> = {
    universe,
    locale,
    categoryPath: null,
    attributes: {},
    isOnSale: false,
    isNew: false,
  };
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };

  for (const criterion of criteria) {
    if (criterion === '') return fail('fh_location has an empty criterion (two slashes in a row).');
    const category = /^categories<\{(.*)\}$/s.exec(criterion);
    if (category) {
      if (!once('categories')) return fail('fh_location gives categories< more than once.');
      const path = decodeValue(category[1] ?? '');
      if (path === null) return fail(`fh_location category '${category[1]}' is not validly URL-encoded.`);
      const parts = path.split('/');
      if (!parts.every((part) => SLUG.test(part))) {
        return fail(`fh_location category '${path}' is not a category path such as men/footwear.`);
      }
      location.categoryPath = parts.join('/');
      continue;
    }
    const attribute = /^([a-z]+)>\{(.*)\}$/s.exec(criterion);
    if (attribute) {
      const name = attribute[1] ?? '';
      if (!isFhAttribute(name)) {
        return fail(
          `fh_location attribute '${name}' is not supported; attributes are ${FH_ATTRIBUTE_ORDER.join(', ')}.`,
        );
      }
      if (!once(name)) return fail(`fh_location gives ${name}> more than once; list alternatives as {a;b}.`);
      const values: string[] = [];
      for (const raw of (attribute[2] ?? '').split(';')) {
        const value = decodeValue(raw)?.trim().toLowerCase();
        if (value === undefined) return fail(`fh_location value '${raw}' of ${name} is not validly URL-encoded.`);
        if (value === '' || value.length > 100)
          return fail(`fh_location ${name}> needs values of 1 to 100 characters.`);
        if (!values.includes(value)) values.push(value);
      }
      location.attributes[name] = values;
      continue;
    }
    if (criterion === 'isonsale=1' || criterion === 'isnew=1') {
      if (!once(criterion)) return fail(`fh_location gives ${criterion} more than once.`);
      if (criterion === 'isonsale=1') location.isOnSale = true;
      else location.isNew = true;
      continue;
    }
    return fail(
      `fh_location criterion '${criterion}' is not supported; use categories<{path}, {attribute}>{value}, isonsale=1 or isnew=1.`,
    );
  }
  return { ok: true, location };
}

function decodeValue(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
