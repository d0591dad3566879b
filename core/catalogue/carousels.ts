/** Carousel templates of campaign art, logos and looks. Slides per view follow catalogue spec §9. */
import { OTHER_CAROUSEL_SLIDES, SLIDES_PER_VIEW_DEFAULTS, carouselSettings } from './carousel';
import { aspectRatio, bannerImages, bannerSlide, brandLinks, cta, spot, squareAspectRatio } from './fields';
import { imageShots, poundCurrency, productTile } from './products';
import { defineTemplate } from './template';

/** A head-to-toe look: its hero art, then the pieces as a carousel (6 per view, 3 in 2 rows on mobile). */
export const outfitBlueprints = defineTemplate(
  'Outfit Blueprints',
  'A head-to-toe look, then its pieces as a carousel.',
  {
    title: 'Outfit Blueprints',
    subtitle: 'Head-to-toe looks put together by our stylists',
    images: bannerImages('streetwear'),
    aspectRatio: aspectRatio(),
    ctas: [cta('Shop the Look', '/looks/weekend-runner/')],
    products: [
      productTile('hoodie'),
      productTile('joggers'),
      productTile('runner'),
      productTile('cap'),
      productTile('backpack'),
      productTile('football'),
    ],
    currency: poundCurrency(),
    imageShots: imageShots(),
    productAspectRatio: squareAspectRatio(),
    carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.OutfitBlueprints),
  },
);

export const logoList = defineTemplate('Logo List', 'A scrolling strip of brand logos, each a link.', {
  title: 'Shop by Brand',
  logos: brandLinks(),
  // Loops and glides freely: a logo strip has no first or last item worth stopping on.
  carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.LogoList, { loop: true, freeMode: true }),
});

export const spotCarousel = defineTemplate('Spot Carousel', 'A carousel of image spots, each with its own link.', {
  title: 'Trending Categories',
  slides: [
    spot('Trainers', 'The latest drops', 'trainers', '/footwear/trainers/'),
    spot('Running', 'Go further, faster', 'running', '/footwear/running/'),
    spot('Outdoor', 'Made for every weather', 'outdoor', '/outdoor/'),
    spot('Football', 'Boots, kits and balls', 'football', '/football/'),
    spot('Gym', 'Train in comfort', 'training', '/training/'),
    spot('Kids', 'Sizes for every age', 'kids', '/kids/'),
  ],
  carousel: carouselSettings(SLIDES_PER_VIEW_DEFAULTS.SpotCarousel),
});

/** The general-purpose content carousel: full-width slides that play on their own. */
export const carouselCE = defineTemplate('Carousel CE', 'Full-width slides that play on their own.', {
  slides: [
    bannerSlide('New Season Trainers', 'Fresh drops from the biggest names', 'trainers', '/footwear/trainers/'),
    bannerSlide('Built for the Long Run', 'Cushioned running shoes', 'running', '/footwear/running/'),
    bannerSlide('Into the Wild', 'Waterproof layers for every trail', 'outdoor', '/outdoor/'),
  ],
  carousel: carouselSettings(OTHER_CAROUSEL_SLIDES.CarouselCE, {
    loop: true,
    autoplay: { enabled: true, delay: 5000 },
  }),
});
