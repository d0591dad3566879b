import { describe, expect, it } from 'vitest';
import { OPTION_LISTS, OPTION_LIST_NAMES, isOptionListName, optionListValues } from '../../core/optionLists';

// Catalogue spec §3, "Option lists", written out again here so a change to the data must be a deliberate one.
const SPEC_LISTS: Record<string, string[]> = {
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
};

// Shipped lists whose values the spec does not show (§3): present, but their values are our choice.
const CHOSEN_LISTS = [
  'inputTypes',
  'fontSizesMainBannerTitle',
  'fontSizesMainBannerSubtitle',
  'fontSizesSaleBanner',
  'fontSizesCarouselArrows',
  'videoPositions',
  'bannerPositions',
];

describe('OPTION_LISTS', () => {
  it.each(Object.entries(SPEC_LISTS))('%s holds exactly the values of the spec, in order', (name, values) => {
    expect(OPTION_LISTS[name as keyof typeof OPTION_LISTS]).toEqual(values);
  });

  it('holds the spec lists and the chosen lists, and nothing else', () => {
    expect([...OPTION_LIST_NAMES].sort()).toEqual([...Object.keys(SPEC_LISTS), ...CHOSEN_LISTS].sort());
  });

  it.each(CHOSEN_LISTS)('%s offers at least two distinct values', (name) => {
    const values = optionListValues(name) ?? [];
    expect(values.length).toBeGreaterThanOrEqual(2);
    expect(new Set(values).size).toBe(values.length);
  });

  it('has no list with a repeated or empty value', () => {
    for (const name of OPTION_LIST_NAMES) {
      const values = OPTION_LISTS[name];
      expect(new Set(values).size, name).toBe(values.length);
      expect(
        values.every((value) => value.trim().length > 0),
        name,
      ).toBe(true);
    }
  });

  it('names every list in camelCase', () => {
    for (const name of OPTION_LIST_NAMES) expect(name).toMatch(/^[a-z][a-zA-Z]*$/);
  });

  it('gives font sizes as CSS pixel sizes, smallest first', () => {
    for (const name of OPTION_LIST_NAMES.filter((list) => list.startsWith('fontSizes'))) {
      const pixels = OPTION_LISTS[name].map((size) => {
        expect(size).toMatch(/^\d+px$/);
        return Number.parseInt(size, 10);
      });
      expect(pixels, name).toEqual([...pixels].sort((a, b) => a - b));
    }
  });
});

describe('isOptionListName', () => {
  it('accepts every shipped list', () => {
    for (const name of [...Object.keys(SPEC_LISTS), ...CHOSEN_LISTS]) expect(isOptionListName(name)).toBe(true);
  });

  it.each(['', 'fontSizes', 'Themes', 'theme', 'toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'rejects %j',
    (name) => {
      expect(isOptionListName(name)).toBe(false);
      expect(optionListValues(name)).toBeUndefined();
    },
  );
});
