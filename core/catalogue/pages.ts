/** Page-like templates: tabbed, timed and long-form content. */
import { aspectRatio, bannerImages, bannerSlide, cta, paragraphs, selectBox } from './fields';
import type { BannerArt } from './sampleAssets';
import { defineTemplate } from './template';

const releaseTab = (
  label: string,
  releaseDate: string,
  title: string,
  subtitle: string,
  art: BannerArt,
  slug: string,
) => ({
  label,
  releaseDate,
  ...bannerSlide(title, subtitle, art, `/launches/${slug}/`, 'View Launch'),
});

/** Upcoming releases, one tab per drop; releaseDate is a date input by its key (editor spec §3). */
export const tabbedTimeline = defineTemplate('Tabbed Timeline', 'Upcoming releases, one tab per drop date.', {
  title: 'Release Calendar',
  subtitle: 'Set a reminder for the drops you cannot miss',
  tabs: [
    releaseTab(
      'Mon 2 Mar',
      '2026-03-02',
      'Stride Aero Runner',
      'Three new colourways',
      'trainers',
      'stride-aero-runner',
    ),
    releaseTab('Fri 6 Mar', '2026-03-06', 'Rovers Home Kit', 'The new season shirt', 'football', 'rovers-home-kit'),
    releaseTab('Sat 14 Mar', '2026-03-14', 'Northpeak Storm Shell', 'Fully taped seams', 'outdoor', 'storm-shell'),
  ],
});

export const tabbedPage = defineTemplate('Tabbed Page', 'Whole sections of content, one per tab.', {
  title: 'Help & Information',
  activeTab: 0,
  tabs: [
    {
      label: 'Delivery',
      content: paragraphs('Free standard delivery on orders over £50.', 'Next-day delivery when you order by 9pm.'),
    },
    {
      label: 'Returns',
      content: paragraphs('Return unworn items within 30 days for a full refund.', 'Returns in store are always free.'),
    },
    {
      label: 'Payment',
      content: paragraphs('We accept all major cards, PayPal and pay-in-three.'),
    },
  ],
});

/** An information page of numbered sections, such as a scheme's terms. */
export const infoPage = defineTemplate('Info Page', 'Numbered sections of text, such as terms and conditions.', {
  title: 'Student Discount',
  text: paragraphs('Students save 10% on full-price items, online and in store.'),
  bulletType: selectBox('bulletTypes', 'number'),
  images: bannerImages('streetwear'),
  aspectRatio: aspectRatio(),
  sections: [
    {
      header: 'How it works',
      items: ['Verify your student status online.', 'Get your unique code by email.', 'Enter the code at checkout.'],
    },
    {
      header: 'Terms',
      items: ['Full-price items only.', 'One code per order.', 'Cannot be combined with other offers.'],
    },
  ],
  ctas: [cta('Verify Now', '/student-discount/verify/')],
});

/** A long-form article; publishDate is a date input by its key (editor spec §3). */
export const editorial = defineTemplate('Editorial', 'A long-form article with images and a publish date.', {
  title: 'How to Choose Your First Running Shoe',
  subtitle: 'Our in-store experts share what really matters',
  author: 'The Journal Team',
  publishDate: '2026-02-20',
  images: bannerImages('running'),
  aspectRatio: aspectRatio(),
  text: paragraphs(
    'Start with how the shoe feels, not how it looks: your foot should have a thumb’s width of room at the toe.',
    'Think about where you will run. Road shoes favour cushioning; trail shoes add grip and protection.',
    'Finally, try them on in the afternoon, when your feet are at their largest.',
  ),
  ctas: [cta('Shop Running Shoes', '/footwear/running/')],
});
