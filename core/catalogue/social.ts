/** User-generated content galleries, loaded from social-content providers at run time. */
import { cta, selectBox } from './fields';
import { defineTemplate } from './template';

/** Milliseconds the page waits for the Curalate script before giving up (catalogue spec §9). */
export const CURALATE_WAIT_TIME_MS = 2000;

/** Catalogue spec §3, "Curalate": the provider's site name, locale, gallery code and tag filter. */
export const curalate = defineTemplate('Curalate', 'A social gallery from Curalate, filtered by tag.', {
  title: '#WearItYourWay',
  subtitle: 'Tag your look for a chance to be featured',
  siteName: 'storefront-gb',
  locale: selectBox('socialContentLocales', 'en-GB'),
  code: 'homepage-gallery',
  filterTag: 'trainers',
  waitTime: CURALATE_WAIT_TIME_MS,
  // The class attribute given to the provider's script container, space-separated as in HTML.
  scriptClassNames: 'curalate-widget curalate-homepage',
});

export const storyStream = defineTemplate('Story Stream', 'A social content gallery from StoryStream.', {
  title: 'Seen on You',
  galleryType: selectBox('storyGalleryTypes', 'mosaic'),
  locale: selectBox('socialContentLocales', 'en-GB'),
  code: 'seen-on-you',
  filterTag: 'streetwear',
  itemsToShow: 12,
  ctas: [cta('Shop the Looks', '/clothing/')],
});
