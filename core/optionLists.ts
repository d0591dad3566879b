/**
 * The option lists that select-box fields name in `selectBox.options` (catalogue spec §3, "Option lists").
 *
 * The first group holds the values the spec shows, exactly. The second group is shipped too, but the spec does
 * not show its values, so these are our choices:
 * - inputTypes: the HTML input types a Form field can render as.
 * - fontSizes*: one list per font-size set, named fontSizes<Component><Part>. Values are CSS pixel sizes so a
 *   renderer can apply the chosen value as is. Each set spans the range that suits the text it sizes: banner
 *   headlines large, subtitles small, sale headlines very large, carousel arrow glyphs small.
 * - videoPositions: where a video sits relative to its copy; `background` plays it behind the copy.
 * - bannerPositions: where copy or an overlay sits on a banner, as a 3x3 grid named like CSS keywords.
 */
const OPTION_LIST_VALUES = {
  // Values given by the spec.
  appTargetTypes: ['all_brands', 'delivery', 'landing_page', 'listing', 'page', 'subcategory', 'tab', 'mesh'],
  layouts: ['scroll', 'column', 'feed'],
  contentTypes: ['image', 'video', 'tag', 'basic_button', 'listing'],
  feedProperties: ['recommended_for_you', 'recently_viewed', 'trending'],
  themes: [
    'default',
    'overlay',
    'brand-hub',
    'boxing',
    'imagesOnly',
    'card',
    'now',
    'shoppable',
    'perry',
    'footpatrol',
    'rounded',
    'underline',
    'underline-jump',
  ],
  carouselActive: ['enabled', 'desktop-only', 'mobile-only', 'disabled'],
  tableContentTypes: ['String', 'Number'],
  storyGalleryTypes: ['mosaic', 'grid', 'gallery-carousel', 'carousel', 'content-hub', 'look-book'],
  gridLayouts: ['one', 'two', 'three', 'four'],
  hoverEffects: ['none', 'zoom'],
  bulletTypes: ['default', 'number', 'letter', 'hidden'],
  currencyLocation: ['before', 'after'],
  imageShots: ['a', 'b', 'c', 'd', 'e', 'f'],
  ctaTypes: ['default', 'box', 'round', 'underline'],
  countdownTimeZones: [
    'PST',
    'PDT',
    'CAST',
    'CST',
    'EST',
    'AST',
    'GST',
    'UTC',
    'GMT',
    'BST',
    'CEST',
    'MEST',
    'PKT',
    'IST',
    'MPST',
    'WAST',
    'JST',
    'KST',
    'EAST',
    'WPST',
    'CPST',
    'NZST',
  ],
  socialContentLocales: [
    'en-GB',
    'en-AU',
    'da-DK',
    'nl-NL',
    'de-DE',
    'es-ES',
    'fi-FI',
    'fr-FR',
    'en-IE',
    'it-IT',
    'en-MY',
    'se-SE',
    'en-SG',
    'fr-BE',
  ],

  // Shipped lists whose values the spec does not show: our choices (see the comment above).
  inputTypes: ['text', 'email', 'tel', 'number', 'date', 'textarea', 'select', 'checkbox', 'radio'],
  fontSizesMainBannerTitle: ['32px', '40px', '48px', '56px', '64px', '72px'],
  fontSizesMainBannerSubtitle: ['14px', '16px', '18px', '20px', '24px', '28px'],
  fontSizesSaleBanner: ['24px', '32px', '48px', '64px', '80px', '96px'],
  fontSizesCarouselArrows: ['16px', '20px', '24px', '32px'],
  videoPositions: ['left', 'right', 'top', 'bottom', 'background'],
  bannerPositions: [
    'top-left',
    'top-center',
    'top-right',
    'center-left',
    'center',
    'center-right',
    'bottom-left',
    'bottom-center',
    'bottom-right',
  ],
} as const;

export type OptionListName = keyof typeof OPTION_LIST_VALUES;

/** The values of one list as a literal union, so a default that names a value outside its list fails to compile. */
export type OptionValue<Name extends OptionListName> = (typeof OPTION_LIST_VALUES)[Name][number];

export const OPTION_LISTS: Readonly<Record<OptionListName, readonly string[]>> = OPTION_LIST_VALUES;

export const OPTION_LIST_NAMES = Object.keys(OPTION_LIST_VALUES) as readonly OptionListName[];

/** Own keys only: a name such as "toString" or "constructor" comes from the prototype and is not a list. */
export function isOptionListName(name: string): name is OptionListName {
  return Object.hasOwn(OPTION_LIST_VALUES, name);
}

/** The values a select box may offer, or undefined when it names no shipped list. */
export function optionListValues(name: string): readonly string[] | undefined {
  return isOptionListName(name) ? OPTION_LISTS[name] : undefined;
}
