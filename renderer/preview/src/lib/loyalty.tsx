import { list, record, text, type Content } from './content';
import './loyalty.css';

/**
 * Loyalty buttons (catalogue spec §3, "Other component fields"): text, variant, and an action that either
 * opens an app screen named by data ('navigation') or the URL in data ('link'). Every loyalty component (Button
 * List, Balance Display, Gamification Widget, Coupons Carousel, Add to Wallet) renders its buttons with these.
 */
const VARIANTS = ['primary', 'secondary', 'text'] as const;
type Variant = (typeof VARIANTS)[number];

export function buttonVariant(button: Content): Variant {
  const variant = text(button, 'variant').trim().toLowerCase();
  return (VARIANTS as readonly string[]).includes(variant) ? (variant as Variant) : 'primary';
}

export function LoyaltyButton({ button, className = '' }: { button: Content; className?: string }) {
  const label = text(button, 'text');
  const data = text(button, 'data');
  const classes = ['loyalty-button', `loyalty-button-${buttonVariant(button)}`, className].filter(Boolean).join(' ');
  if (text(button, 'action') === 'link') {
    return (
      <a className={classes} href={data || '#'} data-action="link">
        {label}
      </a>
    );
  }
  // An app screen, not a URL: the app navigates to it; the preview only names it.
  return (
    <button
      type="button"
      className={classes}
      data-action="navigation"
      data-screen={data}
      title={data ? `Opens the “${data}” app screen` : undefined}
    >
      {label}
    </button>
  );
}

/** The buttons of a loyalty component, in order; nothing when it has none. */
export function LoyaltyButtons({ content, className = '' }: { content: Content; className?: string }) {
  const buttons = list(content, 'buttons');
  if (buttons.length === 0) return null;
  return (
    <div className={['loyalty-buttons', className].filter(Boolean).join(' ')}>
      {buttons.map((button, index) => (
        <LoyaltyButton key={index} button={button} />
      ))}
    </div>
  );
}

/** The campaign in the test (uat) loyalty system, as a small caption; the live (prod) id shows on hover. */
export function CampaignCaption({ content, note = '' }: { content: Content; note?: string }) {
  const campaign = record(content, 'campaignID');
  const uat = text(campaign, 'uat');
  const prod = text(campaign, 'prod');
  if (!uat && !note) return null;
  return (
    <p className="campaign-caption" title={prod ? `Live campaign: ${prod}` : undefined}>
      {uat && (
        <>
          Campaign <code>{uat}</code>
        </>
      )}
      {uat && note ? ' · ' : ''}
      {note}
    </p>
  );
}
