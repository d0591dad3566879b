import { aspectRatio, bannerImages, cta, linkPair, overlay, selectBox } from './fields';
import { logoImage } from './sampleAssets';
import { defineTemplate } from './template';

interface BannerButton {
  text: string;
  id: string;
  url: string;
  invert: boolean;
  color: string;
  /** Category and subcategory names the button stands for, used to target app listings. */
  categories: string[];
  subCategories: string[];
}

const bannerButton = (text: string, url: string, category: string, subCategory: string): BannerButton => ({
  text,
  id: `main-banner-${text.toLowerCase()}`,
  url,
  invert: false,
  color: '#111111',
  categories: [category],
  subCategories: [subCategory],
});

/** The page-opening hero (catalogue spec §3, "Main Banner"). */
export const mainBanner = defineTemplate('Main Banner', 'The page-opening hero: big art, a headline and buttons.', {
  title: 'New Season Trainers',
  subtitle: 'Fresh drops from the biggest names in sport',
  fontSize: {
    title: selectBox('fontSizesMainBannerTitle', '48px'),
    subtitle: selectBox('fontSizesMainBannerSubtitle', '20px'),
  },
  invertText: false,
  mainLink: linkPair('/footwear/trainers/new-in/'),
  images: bannerImages('trainers'),
  aspectRatio: aspectRatio(),
  overlay: overlay({ desktop: logoImage('stride'), mobile: logoImage('stride') }, [
    cta('Shop Stride', '/brands/stride/'),
  ]),
  buttons: [
    bannerButton('Men', '/men/footwear/trainers/', 'Men', 'Trainers'),
    bannerButton('Women', '/women/footwear/trainers/', 'Women', 'Trainers'),
    bannerButton('Kids', '/kids/footwear/trainers/', 'Kids', 'Trainers'),
  ],
  // 'left', 'center' or 'right'.
  buttonAlignment: 'center',
  roundedButtons: false,
});
