import { SLIDES_PER_VIEW_DEFAULTS, carouselSettings } from './carousel';
import { cta, selectBox, squareAspectRatio } from './fields';
import { imageShots, poundCurrency, productTile } from './products';
import { defineTemplate } from './template';

/** Tabs of products with prices in pounds (catalogue spec §3, "Product Spotlight"; 4 per view, 1.5 on mobile). */
export const productSpotlight = defineTemplate('Product Spotlight', 'Tabs of products with prices, looked up by PLU.', {
  title: 'Trending Now',
  theme: selectBox('themes', 'default'),
  tabs: [
    {
      title: 'Footwear & Kit',
      products: [productTile('runner'), productTile('football'), productTile('backpack'), productTile('cap')],
    },
    {
      title: 'Clothing',
      products: [productTile('hoodie'), productTile('joggers'), productTile('cap'), productTile('runner')],
    },
  ],
  currency: poundCurrency(),
  imageShots: imageShots(),
  // Product shots are square.
  aspectRatio: squareAspectRatio(),
  ctas: [cta('Shop All Trending', '/trending/')],
  carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.ProductSpotlight),
});
