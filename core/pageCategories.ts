/**
 * Page categories for the options panel's Category select. The spec names the field but not its values;
 * these are the storefront's top-level page families. Shown sorted, as §2 asks: written in order (a unit test
 * holds it to localeCompare) rather than sorted at load, where the first localeCompare of a window sets up
 * its collator, about 25 ms on the way to the first render.
 */
export const PAGE_CATEGORIES = [
  'Accessories',
  'Brands',
  'Campaigns',
  'Clothing',
  'Footwear',
  'Help',
  'Home',
  'Kids',
  'Loyalty',
  'Sale',
  'Sport',
];
