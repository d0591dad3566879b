import { aspectRatio, bannerImages, cta, linkPair, selectBox, type Cta, type ResponsivePair } from './fields';
import { defineTemplate } from './template';

interface CountdownPhase {
  texts: { title: string; subtitle: string };
  links: ResponsivePair;
  ctas: Cta[];
}

const phase = (title: string, subtitle: string, path: string, ctaText: string): CountdownPhase => ({
  texts: { title, subtitle },
  links: linkPair(path),
  ctas: [cta(ctaText, path, true)],
});

/**
 * A launch countdown with three display phases (catalogue spec §4): before startCountdownDateTime, counting
 * down to launchDate at launchTime, and after the launch. Dates are local to `timezone`.
 */
export const countdownBanner = defineTemplate(
  'Countdown Banner',
  'A countdown to a launch, with texts for before, during and after.',
  {
    launchDate: '2026-11-27',
    // 'HH:mm', 24-hour.
    launchTime: '09:00',
    startCountdownDateTime: '2026-11-20T09:00',
    timezone: selectBox('countdownTimeZones', 'GMT'),
    parallax: false,
    images: bannerImages('sale'),
    aspectRatio: aspectRatio(),
    beforeStart: phase(
      'Black Friday Is Coming',
      'Sign up for early access to the best deals',
      '/newsletter/',
      'Get Early Access',
    ),
    duringCountdown: phase(
      'Black Friday Starts In',
      'Up to 50% off across footwear and clothing',
      '/black-friday/',
      'Preview the Deals',
    ),
    completed: phase('Black Friday Is Live', 'Up to 50% off, while stocks last', '/sale/', 'Shop the Sale'),
  },
);
