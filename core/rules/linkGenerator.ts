import type { Result } from '../result';

/**
 * The mesh link generator (editor spec §2, §4, §5, §8, §9): app deep links built from a small form. Pure.
 *
 * THE LINK FORMAT. The spec gives the parts (applink, the link type uppercased, the target, and filters made
 * of an encoded object holding brandname, isonsale=1, isnew=1 and facet pairs) but not how they are joined.
 * This module fixes it as:
 *
 *   applink://{fascia}?type={TYPE}&target={encodeLinkValue(target)}[&filters={encodeLinkValue(filters JSON)}]
 *
 *   fascia   the site code without its site_ / app_ prefix (site_jd -> jd); with site type 'apps' the current
 *            app is used instead of the fascia (app_sc -> sc)
 *   TYPE     the link type uppercased: CUSTOM, CATEGORY, SEARCH, LINK, NAV
 *   target   custom: the target text; category: the deepest chosen category path (men/footwear/trainers);
 *            search: the keywords; link: the URL; nav: the landing page ID. Always present, encoded.
 *   filters  only when at least one filter is set. The object is pretty JSON (JSON.stringify(object, null, 2),
 *            two-space indent, '\n' line feeds), every value a string, keys in this order:
 *              "brandname": "{brand}"          when a brand is chosen
 *              "isonsale": "1"                 when the sale box is ticked
 *              "isnew": "1"                    when the new box is ticked
 *              "facet:{name}": "{value}"       one per facet pair, in the order they were added
 *            and that text is then encoded with encodeLinkValue (so its line feeds and spaces become %0A, %20).
 *
 * Examples (see tests/unit/linkGenerator.test.ts for every type and filter combination):
 *   applink://jd?type=CUSTOM&target=summer%20sale
 *   applink://jd?type=CATEGORY&target=men%2Ffootwear&filters=%7B%0A%20%20%22isonsale%22%3A%20%221%22%0A%7D
 *   applink://sc?type=NAV&target=lp-1001-summer-sale
 *
 * The encoding is exactly §9's and nothing more: characters outside its list (?, &, #, %, ...) are left as
 * they are, so a target holding them is passed through verbatim.
 */

// ---------------------------------------------------------------------------------------------------------
// Constants

export const LINK_TYPES = ['custom', 'category', 'search', 'link', 'nav'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The labels of the link type select; custom is the default. */
export const LINK_TYPE_LABELS: Record<LinkType, string> = {
  custom: 'Custom',
  category: 'Category',
  search: 'Search',
  link: 'Link',
  nav: 'Landing Page',
};
export const DEFAULT_LINK_TYPE: LinkType = 'custom';

/** Editor spec §4: the platform is fixed to the mobile app. */
export const LINK_PLATFORM = 'app';
/** The site type whose links use the current app as fascia (§4). */
export const APPS_SITE_TYPE = 'apps';

export const PLACEHOLDER = 'Use form above to generate link.';
export const WEB_NOT_SUPPORTED = 'Web link not yet supported.';
/** Verbatim from the spec (§5, §8), wording included. */
export const UNKNOWN_PLATFORM = 'Unable to not generate link.';
export const COPY_TOAST = 'Link copied to Clipboard.';
export const COPY_TOAST_MS = 750;

/** Editor spec §7 and §9: the channels asked for when listing landing pages. */
export const LANDING_PAGE_CHANNELS = ['ipad-app', 'android-app-tablet', 'iphone-app', 'android-app-phone'] as const;

// ---------------------------------------------------------------------------------------------------------
// Encoding (§9)

/**
 * The replacements of editor spec §9, applied one after the other in this (the spec's) order. No replacement
 * produces a character that a later one replaces ('%', digits and capitals are never replaced), so the
 * order cannot change the result; it is fixed anyway so the rule reads the same as the spec.
 */
export const LINK_ENCODING: readonly (readonly [string, string])[] = [
  ['{', '%7B'],
  ['}', '%7D'],
  ['\n', '%0A'],
  [' ', '%20'],
  ['"', '%22'],
  [':', '%3A'],
  [',', '%2C'],
  ['/', '%2F'],
];

/** Encodes exactly {, }, line feed, space, ", :, comma and / (§9); every other character is left alone. */
export function encodeLinkValue(text: string): string {
  let encoded = text;
  for (const [character, code] of LINK_ENCODING) encoded = encoded.replaceAll(character, code);
  return encoded;
}

// ---------------------------------------------------------------------------------------------------------
// Generating a link

export interface FacetPair {
  name: string;
  value: string;
}

export interface LinkFilters {
  brandname?: string;
  isOnSale?: boolean;
  isNew?: boolean;
  facets?: readonly FacetPair[];
}

export interface LinkRequest {
  /** 'app' generates; 'web' is not supported yet; anything else cannot be generated. */
  platform: string;
  /** 'apps' takes the fascia from currentApp. */
  siteType: string;
  fascia: string;
  currentApp: string;
  type: LinkType;
  target: string;
  filters?: LinkFilters;
}

/** The fascia code without its site_ or app_ prefix. */
function bareFascia(code: string): string {
  return code.trim().replace(/^(site_|app_)/, '');
}

/** The filters object in its fixed key order (see the top of the file); null when no filter is set. */
export function filtersObject(filters: LinkFilters | undefined): Record<string, string> | null {
  if (!filters) return null;
  const object: Record<string, string> = {};
  const brand = filters.brandname?.trim();
  if (brand) object.brandname = brand;
  if (filters.isOnSale) object.isonsale = '1';
  if (filters.isNew) object.isnew = '1';
  for (const pair of filters.facets ?? []) {
    const name = pair.name.trim();
    const value = pair.value.trim();
    if (name && value) object[`facet:${name}`] = value;
  }
  return Object.keys(object).length > 0 ? object : null;
}

/**
 * The link for a request (format at the top of the file), or the message to show in its place: the web and
 * unknown-platform messages of §8, or the placeholder while the form lacks a fascia or a target.
 */
export function generateLink(request: LinkRequest): Result<string> {
  const refuse = (message: string): Result<string> => ({ ok: false, error: { code: 'invalid-input', message } });
  if (request.platform === 'web') return refuse(WEB_NOT_SUPPORTED);
  if (request.platform !== LINK_PLATFORM) return refuse(UNKNOWN_PLATFORM);

  const fascia = bareFascia(request.siteType === APPS_SITE_TYPE ? request.currentApp : request.fascia);
  const target = request.target.trim();
  if (fascia === '' || target === '') return refuse(PLACEHOLDER);

  let link = `applink://${fascia}?type=${request.type.toUpperCase()}&target=${encodeLinkValue(target)}`;
  const filters = filtersObject(request.filters);
  if (filters) link += `&filters=${encodeLinkValue(JSON.stringify(filters, null, 2))}`;
  return { ok: true, value: link };
}

/** The text of the generated-link box: the link, or the message that stands in for it. */
export function linkText(result: Result<string>): string {
  return result.ok ? result.value : result.error.message;
}

// ---------------------------------------------------------------------------------------------------------
// The form

export const CATEGORY_LEVELS = ['gender', 'category', 'subcategory'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export interface LinkForm {
  type: LinkType;
  /** custom */
  target: string;
  /** category: the chosen path at each level ('' when none), e.g. men, men/footwear, men/footwear/trainers. */
  levels: Record<CategoryLevel, string>;
  /** category and search: the facet pair being typed, and the pairs added with Add. */
  facetName: string;
  facetValue: string;
  facets: FacetPair[];
  /** category and search, shown only when brand facets exist. */
  brand: string;
  isOnSale: boolean;
  isNew: boolean;
  /** search */
  keywords: string;
  /** link */
  url: string;
  /** nav: the landing page ID. */
  landingPage: string;
}

export function initialLinkForm(type: LinkType = DEFAULT_LINK_TYPE): LinkForm {
  return {
    type,
    target: '',
    levels: { gender: '', category: '', subcategory: '' },
    facetName: '',
    facetValue: '',
    facets: [],
    brand: '',
    isOnSale: false,
    isNew: false,
    keywords: '',
    url: '',
    landingPage: '',
  };
}

/** §4: changing the type resets every field. */
export function changeLinkType(_state: LinkForm, type: LinkType): LinkForm {
  return initialLinkForm(type);
}

/** The Reset button: the same type, every field cleared. */
export function resetLinkForm(state: LinkForm): LinkForm {
  return initialLinkForm(state.type);
}

export type LinkField =
  | 'target'
  | 'gender'
  | 'category'
  | 'subcategory'
  | 'keywords'
  | 'brand'
  | 'facetName'
  | 'facetValue'
  | 'isOnSale'
  | 'isNew'
  | 'reset'
  | 'add'
  | 'url'
  | 'landingPage';

/** §4: the fields (and buttons) each type shows, in display order; the brand select only with brand facets. */
export function visibleFields(type: LinkType, hasBrandFacets: boolean): LinkField[] {
  const brand: LinkField[] = hasBrandFacets ? ['brand'] : [];
  switch (type) {
    case 'custom':
      return ['target'];
    case 'category':
      return [
        'gender',
        'category',
        'subcategory',
        ...brand,
        'facetName',
        'facetValue',
        'isOnSale',
        'isNew',
        'reset',
        'add',
      ];
    case 'search':
      return ['keywords', ...brand, 'facetName', 'facetValue', 'isOnSale', 'isNew', 'add'];
    case 'link':
      return ['url'];
    case 'nav':
      return ['landingPage'];
  }
}

/** Whether a facet list (a mesh answer's facets) holds brand values, which is when the brand select shows. */
export function hasBrandFacets(facets: readonly { name?: string; values: readonly unknown[] }[]): boolean {
  return facets.some((facet) => facet.name === 'brand' && facet.values.length > 0);
}

/**
 * Picks a category level (§4). Picking the gender resets category and subcategory; picking a category resets
 * the subcategory (its options belong to the category); any change clears the sale checkbox. Picking the
 * value a level already has changes nothing.
 */
export function pickLevel(state: LinkForm, level: CategoryLevel, value: string): LinkForm {
  if (state.levels[level] === value) return state;
  const levels = { ...state.levels, [level]: value };
  if (level === 'gender') {
    levels.category = '';
    levels.subcategory = '';
  } else if (level === 'category') {
    levels.subcategory = '';
  }
  return { ...state, levels, isOnSale: false };
}

/** The deepest chosen category path, the category link's target ('' when no level is chosen). */
export function categoryTarget(state: LinkForm): string {
  return state.levels.subcategory || state.levels.category || state.levels.gender;
}

export interface CategoryOption {
  name: string;
  path: string;
  children: readonly CategoryOption[];
}

/** The options of one cascading select: the tree's roots, then the children of the level above's choice. */
export function levelOptions<T extends CategoryOption>(tree: readonly T[], state: LinkForm, level: CategoryLevel): T[] {
  if (level === 'gender') return [...tree];
  const parentLevel: CategoryLevel = level === 'category' ? 'gender' : 'category';
  const parentPath = state.levels[parentLevel];
  if (!parentPath) return [];
  const parent = findNode(tree, parentPath);
  return parent ? ([...parent.children] as T[]) : [];
}

function findNode(nodes: readonly CategoryOption[], path: string): CategoryOption | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    const found = findNode(node.children, path);
    if (found) return found;
  }
  return undefined;
}

/**
 * The Add button: the typed facet pair joins the list (a facet already listed takes the new value, since the
 * filters object holds one value per facet) and the inputs clear. Nothing happens while either is blank.
 */
export function addFacet(state: LinkForm): LinkForm {
  const name = state.facetName.trim();
  const value = state.facetValue.trim();
  if (!name || !value) return state;
  const existing = state.facets.findIndex((pair) => pair.name === name);
  const facets =
    existing >= 0
      ? state.facets.map((pair, index) => (index === existing ? { name, value } : pair))
      : [...state.facets, { name, value }];
  return { ...state, facets, facetName: '', facetValue: '' };
}

export function removeFacet(state: LinkForm, index: number): LinkForm {
  if (index < 0 || index >= state.facets.length) return state;
  return { ...state, facets: state.facets.filter((_pair, at) => at !== index) };
}

/** The type, target and filters a form stands for; filters only for the category and search types. */
export function linkParts(state: LinkForm): { type: LinkType; target: string; filters?: LinkFilters } {
  const filters = (): LinkFilters => ({
    brandname: state.brand,
    isOnSale: state.isOnSale,
    isNew: state.isNew,
    facets: state.facets,
  });
  switch (state.type) {
    case 'custom':
      return { type: 'custom', target: state.target };
    case 'category':
      return { type: 'category', target: categoryTarget(state), filters: filters() };
    case 'search':
      return { type: 'search', target: state.keywords, filters: filters() };
    case 'link':
      return { type: 'link', target: state.url };
    case 'nav':
      return { type: 'nav', target: state.landingPage };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fascia to store (§3)

/** Editor spec §3: jd and app_{product} (the JD app, app_jd) to one store; sc and app_sc; ts and app_ts. */
export const DEFAULT_FASCIA_STORES: Readonly<Record<string, string>> = {
  jd: 'jdsportsuk',
  app_jd: 'jdsportsuk',
  sc: 'scottsuk',
  app_sc: 'scottsuk',
  ts: 'tessuti',
  app_ts: 'tessuti',
};

/**
 * The mesh store of a fascia: the code as given (app_sc), else without its site_ prefix (site_jd -> jd), else
 * without its app_ prefix (app_jd -> jd when only jd is mapped); null when the map has none. Case-insensitive.
 */
export function storeFor(fascia: string, map: Readonly<Record<string, string>> = DEFAULT_FASCIA_STORES): string | null {
  const code = fascia.trim().toLowerCase();
  const candidates = [code, code.replace(/^site_/, ''), code.replace(/^app_/, '')];
  for (const candidate of candidates) {
    if (candidate !== '' && Object.hasOwn(map, candidate)) return map[candidate] ?? null;
  }
  return null;
}
