/**
 * Page categories for the options panel's Category select. The spec names the field but not its values;
 * these are the storefront's top-level page families. Shown sorted, as §2 asks.
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
].sort((a, b) => a.localeCompare(b));
