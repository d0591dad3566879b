/** Section templates: a heading with a set of spots, tiles or links on campaign art. */
import { aspectRatio, bannerImages, cta, paragraphs, selectBox, spot } from './fields';
import { defineTemplate } from './template';

export const redefinedSection = defineTemplate(
  'Redefined Section',
  'A section of spots with a heading and calls to action.',
  {
    title: 'Redefine Your Routine',
    text: paragraphs('Kit that keeps up, from the first rep to the last mile.'),
    ctaType: selectBox('ctaTypes', 'underline'),
    sections: [
      spot('Run', 'Lightweight and responsive', 'running', '/footwear/running/'),
      spot('Train', 'Support for every lift', 'training', '/training/'),
      spot('Recover', 'Comfort for rest days', 'streetwear', '/clothing/loungewear/'),
    ],
  },
);

/** A row of spots that turns into a carousel on mobile only. */
export const spotList = defineTemplate('Spot List', 'A row of spots that becomes a carousel on mobile.', {
  title: 'Shop by Sport',
  carouselActive: selectBox('carouselActive', 'mobile-only'),
  hoverEffect: selectBox('hoverEffects', 'zoom'),
  ctaType: selectBox('ctaTypes', 'default'),
  spots: [
    spot('Running', 'Road and trail', 'running', '/sport/running/'),
    spot('Football', 'Boots and kits', 'football', '/sport/football/'),
    spot('Training', 'Gym and studio', 'training', '/sport/training/'),
    spot('Outdoor', 'Hike and explore', 'outdoor', '/sport/outdoor/'),
  ],
});

/** The end-of-page round-up: a last message and the main ways back into the store. */
export const wrapUp = defineTemplate(
  'Wrap Up',
  'The end-of-page round-up: a last message and links back into the store.',
  {
    title: 'Still Looking?',
    text: paragraphs('Explore the full range, with free standard delivery on orders over £50.'),
    images: bannerImages('streetwear'),
    aspectRatio: aspectRatio(),
    ctas: [
      cta('Men', '/men/'),
      cta('Women', '/women/'),
      cta('Kids', '/kids/'),
      cta('Brands', '/brands/'),
      cta('Sale', '/sale/', true),
    ],
  },
);

export const gridLayout = defineTemplate('Grid Layout', 'Images and links in a grid of one to four columns.', {
  title: 'Just Landed',
  gridLayout: selectBox('gridLayouts', 'three'),
  hoverEffect: selectBox('hoverEffects', 'zoom'),
  tiles: [
    spot('Trainers', 'Fresh colourways', 'trainers', '/footwear/trainers/new-in/'),
    spot('Streetwear', 'Everyday essentials', 'streetwear', '/clothing/new-in/'),
    spot('Kids', 'Back to school', 'kids', '/kids/new-in/'),
  ],
});

/** A free-form section: heading, rich text, art and calls to action, with its own colours. */
export const abstractSection = defineTemplate(
  'Abstract Section',
  'A free-form section: heading, rich text, art and calls to action.',
  {
    title: 'Our Commitment',
    subtitle: 'Better materials, made to last',
    text: paragraphs(
      'Over half of our own-brand range now uses recycled or responsibly sourced materials.',
      'Bring your worn-out trainers to any store and we will recycle them for you.',
    ),
    images: bannerImages('outdoor'),
    aspectRatio: aspectRatio(),
    ctas: [cta('Learn More', '/sustainability/')],
    settings: { backgroundColor: '#f3f4f6', textColor: '#111111', fullWidth: false },
  },
);
