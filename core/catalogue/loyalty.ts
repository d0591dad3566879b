/**
 * Loyalty-scheme templates for the app (catalogue spec §3, "Other component fields"). Each names its campaign
 * in the test (uat) and live (prod) loyalty systems; the member's points and coupons come from there at run
 * time, so the defaults hold only copy, art and buttons.
 */
import { OTHER_CAROUSEL_SLIDES, carouselSettings } from './carousel';
import {
  aspectRatio,
  bannerImages,
  cta,
  squareAspectRatio,
  squareImages,
  type Cta,
  type ResponsivePair,
} from './fields';
import { defineTemplate } from './template';

export interface CampaignId {
  uat: string;
  prod: string;
}

export interface LoyaltyButton {
  text: string;
  /** 'primary', 'secondary' or 'text'. */
  variant: string;
  /** 'navigation' opens an app screen named by data; 'link' opens the URL in data. */
  action: 'navigation' | 'link';
  data: string;
}

export const campaignId = (code: string): CampaignId => ({ uat: `uat-${code}`, prod: `prod-${code}` });

const navigateTo = (text: string, screen: string, variant = 'primary'): LoyaltyButton => ({
  text,
  variant,
  action: 'navigation',
  data: screen,
});

const linkTo = (text: string, url: string, variant = 'primary'): LoyaltyButton => ({
  text,
  variant,
  action: 'link',
  data: url,
});

export const balanceDisplay = defineTemplate(
  'Balance Display',
  'The member’s loyalty points balance and what to do with it.',
  {
    campaignID: campaignId('points-balance'),
    title: 'Your Points',
    // {points} is replaced with the member's balance.
    text: 'You have {points} points to spend',
    images: bannerImages('rewards'),
    aspectRatio: aspectRatio(),
    buttons: [navigateTo('Redeem Points', 'rewards'), navigateTo('How It Works', 'rewards-help', 'text')],
  },
);

export const buttonList = defineTemplate('Button List', 'A list of app buttons that navigate or open links.', {
  title: 'Your Rewards',
  campaignID: campaignId('rewards-menu'),
  buttons: [
    navigateTo('My Coupons', 'coupons'),
    navigateTo('Points History', 'points-history', 'secondary'),
    linkTo('Terms & Conditions', '/rewards/terms/', 'text'),
  ],
});

export const gamificationWidget = defineTemplate('Gamification Widget', 'A game members can play for rewards.', {
  campaignID: campaignId('spin-to-win'),
  title: 'Spin to Win',
  text: 'Spin once a day for a chance to win bonus points.',
  images: squareImages('rewards'),
  aspectRatio: squareAspectRatio(),
  buttons: [navigateTo('Spin Now', 'spin-to-win')],
  settings: { attemptsPerDay: 1 },
});

export const couponsCarousel = defineTemplate('Coupons Carousel', 'The member’s coupons as a carousel.', {
  campaignID: campaignId('member-coupons'),
  title: 'Your Coupons',
  emptyText: 'No coupons right now. Check back soon!',
  buttons: [navigateTo('View All Coupons', 'coupons', 'secondary')],
  carousel: carouselSettings(OTHER_CAROUSEL_SLIDES.CouponsCarousel),
});

interface PopupSlide {
  /** 'modal' opens over the page; 'placeholder' sits in the page flow. */
  type: 'modal' | 'placeholder';
  /** Which members see the slide: a segment id in each environment, or everyone. */
  filters: { uatId: string; prodId: string; showForAllUsers: boolean; description: string };
  title: string;
  text: string;
  images: ResponsivePair;
  aspectRatio: ResponsivePair;
  ctas: Cta[];
}

/** A segment code targets members in that segment; null shows the slide to everyone. */
const popupSlide = (
  type: PopupSlide['type'],
  segment: { code: string; description: string } | null,
  copy: { title: string; text: string; cta: Cta },
): PopupSlide => ({
  type,
  filters: segment
    ? {
        uatId: `uat-${segment.code}`,
        prodId: `prod-${segment.code}`,
        showForAllUsers: false,
        description: segment.description,
      }
    : { uatId: '', prodId: '', showForAllUsers: true, description: 'Everyone' },
  title: copy.title,
  text: copy.text,
  // A modal is a square card; a placeholder spans the page like a banner.
  images: type === 'modal' ? squareImages('rewards') : bannerImages('rewards'),
  aspectRatio: type === 'modal' ? squareAspectRatio() : aspectRatio(),
  ctas: [copy.cta],
});

export const popupCarousel = defineTemplate(
  'Popup Carousel',
  'Slides shown as a popup or placeholder to chosen audiences.',
  {
    slides: [
      popupSlide(
        'modal',
        { code: 'segment-500-points', description: 'Members with 500 points or more' },
        {
          title: 'Double Points Weekend',
          text: 'Earn double points on every purchase until Sunday.',
          cta: cta('Shop Now', '/new-in/'),
        },
      ),
      popupSlide('placeholder', null, {
        title: 'Welcome to Rewards',
        text: 'Collect points every time you shop.',
        cta: cta('Learn More', '/rewards/'),
      }),
    ],
    carousel: carouselSettings(OTHER_CAROUSEL_SLIDES.PopupCarousel),
  },
);

export const addToWallet = defineTemplate(
  'Add To Wallet',
  'A button that adds the loyalty card to the phone’s wallet.',
  {
    campaignID: campaignId('membership-card'),
    title: 'Your Membership Card, Always With You',
    text: 'Add your card to your phone’s wallet and scan it at the till.',
    images: bannerImages('rewards'),
    aspectRatio: aspectRatio(),
    buttons: [linkTo('Add to Wallet', '/rewards/wallet-pass/')],
  },
);
