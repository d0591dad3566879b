/** Banner templates: one piece of campaign art with copy and calls to action. */
import {
  aspectRatio,
  bannerImages,
  bannerSlide,
  cta,
  linkPair,
  overlay,
  paragraphs,
  selectBox,
  squareAspectRatio,
  squareImages,
  type ResponsivePair,
  type SelectBox,
} from './fields';
import { crestImage, type BannerArt, type ClubCrest } from './sampleAssets';
import { defineTemplate } from './template';

export const middleBanner = defineTemplate(
  'Middle Banner',
  'A mid-page banner: image, headline and a call to action.',
  {
    title: 'Built for the Long Run',
    subtitle: 'Cushioned running shoes for every distance',
    text: 'Find your fit with our running range, from first 5K to marathon day.',
    images: bannerImages('running'),
    aspectRatio: aspectRatio(),
    url: linkPair('/footwear/running/'),
    textPosition: selectBox('bannerPositions', 'center-left'),
    invertText: true,
    ctaType: selectBox('ctaTypes', 'box'),
    ctas: [cta('Shop Running', '/footwear/running/', true)],
  },
);

export const tabbedBanner = defineTemplate('Tabbed Banner', 'One banner per tab, switched by tab buttons.', {
  title: 'Shop the Season',
  theme: selectBox('themes', 'underline'),
  tabs: [
    { label: 'Men', ...bannerSlide('Men’s New In', 'Fresh fits for the new season', 'streetwear', '/men/new-in/') },
    { label: 'Women', ...bannerSlide('Women’s New In', 'Layers made for moving', 'training', '/women/new-in/') },
    { label: 'Kids', ...bannerSlide('Kids’ New In', 'Ready for the playground and beyond', 'kids', '/kids/new-in/') },
  ],
});

export const saleBanner = defineTemplate('Sale Banner', 'A bold sale message with a discount and a call to action.', {
  title: 'End of Season Sale',
  subtitle: 'Up to 50% off selected lines',
  text: 'While stocks last. Exclusions apply.',
  fontSize: selectBox('fontSizesSaleBanner', '64px'),
  backgroundColor: '#d7182a',
  textColor: '#ffffff',
  saleEndDateTime: '2026-01-31T23:59',
  images: bannerImages('sale'),
  aspectRatio: aspectRatio(),
  ctaType: selectBox('ctaTypes', 'round'),
  ctas: [
    cta('Shop Men', '/sale/men/', true),
    cta('Shop Women', '/sale/women/', true),
    cta('Shop Kids', '/sale/kids/', true),
  ],
});

const team = (name: string, crest: ClubCrest): { name: string; logo: string } => ({ name, logo: crestImage(crest) });

/** A fixture: both clubs, kick-off, and where to buy each side’s kit. */
export const matchBanner = defineTemplate('Match Banner', 'A fixture: both clubs, kick-off and their kit.', {
  competition: 'Premier Division',
  homeTeam: team('Northside Rovers', 'northside'),
  awayTeam: team('Eastport City', 'eastport'),
  kickOffDateTime: '2026-03-14T15:00',
  venue: 'Riverside Park',
  title: 'Matchday Ready',
  subtitle: 'Get the new home and away kits before kick-off',
  images: bannerImages('football'),
  aspectRatio: aspectRatio(),
  ctas: [cta('Shop Rovers Kit', '/football/northside-rovers/'), cta('Shop City Kit', '/football/eastport-city/')],
});

export const fullscreenBanner = defineTemplate(
  'Fullscreen Banner',
  'A banner that fills the screen, with a call to action.',
  {
    title: 'Into the Wild',
    subtitle: 'Waterproof layers for every trail',
    images: bannerImages('outdoor'),
    aspectRatio: aspectRatio(),
    url: linkPair('/outdoor/'),
    textPosition: selectBox('bannerPositions', 'center'),
    invertText: true,
    parallax: true,
    overlay: overlay(squareImages('outdoor'), [cta('Explore Outdoor', '/outdoor/', true)], 'center'),
    ctas: [cta('Explore Outdoor', '/outdoor/', true)],
  },
);

export const spotBanner = defineTemplate('Spot Banner', 'A single app banner that links to a listing or page.', {
  contentType: selectBox('contentTypes', 'image'),
  title: 'Gym Essentials',
  subtitle: 'Everything you need for your next session',
  tag: 'New In',
  images: bannerImages('training'),
  aspectRatio: aspectRatio(),
  url: linkPair('/training/'),
  ctas: [cta('Shop Training', '/training/')],
});

interface NavigationItem {
  label: string;
  images: ResponsivePair;
  aspectRatio: ResponsivePair;
  url: ResponsivePair;
  /** Where the item opens in the app: a target type and its value (a path or an identifier). */
  target: { type: SelectBox<'appTargetTypes'>; value: string };
}

const navigationItem = (label: string, art: BannerArt, path: string): NavigationItem => ({
  label,
  images: squareImages(art),
  aspectRatio: squareAspectRatio(),
  url: linkPair(path),
  target: { type: selectBox('appTargetTypes', 'listing'), value: path },
});

export const navigationBanner = defineTemplate('Navigation Banner', 'Tiles that link to categories of the store.', {
  title: 'Shop by Category',
  layout: selectBox('layouts', 'scroll'),
  items: [
    navigationItem('Trainers', 'trainers', '/footwear/trainers/'),
    navigationItem('Running', 'running', '/footwear/running/'),
    navigationItem('Outdoor', 'outdoor', '/outdoor/'),
    navigationItem('Football', 'football', '/football/'),
    navigationItem('Kids', 'kids', '/kids/'),
  ],
});

/** A personalised product feed; the products come from the feed at run time, so the default holds none. */
export const feedBanner = defineTemplate('Feed Banner', 'A personalised product feed, such as recently viewed.', {
  title: 'Recommended For You',
  text: paragraphs('Picked for you based on what you love.'),
  feedProperty: selectBox('feedProperties', 'recommended_for_you'),
  layout: selectBox('layouts', 'feed'),
  maxItems: 12,
  ctas: [cta('View All', '/recommended/')],
});
