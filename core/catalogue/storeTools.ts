/** Templates that help shoppers find their way: selling points, pickers, brands and stores. */
import { brandLinks, linkPair, paragraphs } from './fields';
import { defineTemplate } from './template';

/**
 * The strip of unique selling points under the header; rotates one point at a time on small screens. Its type
 * predates the display name: "USP" reads as an acronym, the type as UspBar.
 */
export const uspBar = defineTemplate(
  'USP Bar',
  'The strip of selling points under the header.',
  {
    items: [
      { text: 'Free standard delivery over £50', url: linkPair('/help/delivery/') },
      { text: 'Free returns in store', url: linkPair('/help/returns/') },
      { text: 'Students save 10%', url: linkPair('/student-discount/') },
    ],
    settings: { backgroundColor: '#111111', textColor: '#ffffff', autoRotate: true, rotateIntervalMs: 4000 },
  },
  'UspBar',
);

const choice = (label: string, url: string): { label: string; url: string } => ({ label, url });

/** A guided finder: each box narrows the choice and Go opens the listing of the last choice made. */
export const selectBoxes = defineTemplate('Select Boxes', 'A guided finder: each box narrows the choice.', {
  title: 'Find Your Perfect Trainer',
  buttonText: 'Go',
  selects: [
    {
      label: 'Who for?',
      placeholder: 'Choose',
      options: [
        choice('Men', '/men/footwear/'),
        choice('Women', '/women/footwear/'),
        choice('Kids', '/kids/footwear/'),
      ],
    },
    {
      label: 'What for?',
      placeholder: 'Choose',
      options: [
        choice('Running', '/footwear/running/'),
        choice('Training', '/footwear/training/'),
        choice('Lifestyle', '/footwear/lifestyle/'),
      ],
    },
  ],
});

export const brandSelector = defineTemplate('Brand Selector', 'Brand logos that open each brand’s listing.', {
  title: 'Shop by Brand',
  text: paragraphs('All your favourite brands in one place.'),
  brands: brandLinks(),
  settings: { columns: 4, showNames: false },
});

/** Store finder with filters; the stores come from the store service at run time. */
export const storeFilter = defineTemplate('Store Filter', 'A store finder with filters.', {
  title: 'Find a Store',
  text: 'Check opening times and services near you.',
  placeholder: 'Enter a town or postcode',
  buttonText: 'Search',
  filters: [
    { label: 'Open late', value: 'open-late', selected: false },
    { label: 'Click & collect', value: 'click-and-collect', selected: true },
    { label: 'Kids’ fitting', value: 'kids-fitting', selected: false },
  ],
  settings: { radiusMiles: 25, maxResults: 10 },
});
