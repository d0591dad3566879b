import { defineTemplate } from './template';

/**
 * Hand-written markup, rendered as is. It is a plain string field named `markup`, not the rich-text shape
 * `{ html: { value } }`, because the rich-text editor would rewrite arbitrary markup (wrapper elements,
 * classes, attributes) into its own paragraphs.
 */
export const customHtml = defineTemplate('Custom HTML', 'Your own HTML markup, placed as written.', {
  markup: [
    '<div class="custom">',
    '  <h2 class="custom__title">Free Delivery Weekend</h2>',
    '  <p class="custom__text">Free standard delivery on every order, this weekend only.</p>',
    '  <a class="custom__link" href="/help/delivery/">Find out more</a>',
    '</div>',
  ].join('\n'),
});
