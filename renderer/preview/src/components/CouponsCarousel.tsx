import type { BlockProps } from '../registry';
import { list, record, text, type Content } from '../lib/content';
import { Carousel } from '../lib/Carousel';
import { CampaignCaption, LoyaltyButtons } from '../lib/loyalty';
import './CouponsCarousel.css';

/**
 * A member's coupons come from the loyalty system at run time, so the template holds none. The preview shows
 * these samples in their place (marked as samples) so the carousel's layout can be judged; coupons written
 * into the content (title, value, text, code, expiryDate) are shown instead.
 */
const SAMPLE_COUPONS: Content[] = [
  { value: '£5 off', title: 'Welcome reward', text: 'On orders over £30', expiryDate: '30 Jun' },
  { value: '10% off', title: 'Footwear', text: 'Any trainers, full price only', expiryDate: '14 Jul' },
  { value: 'Free', title: 'Next-day delivery', text: 'On your next order', expiryDate: '31 Jul' },
  { value: '2x', title: 'Double points', text: 'On in-store purchases', expiryDate: '31 Aug' },
];

function Coupon({ coupon, sample }: { coupon: Content; sample: boolean }) {
  const value = text(coupon, 'value');
  const title = text(coupon, 'title');
  const body = text(coupon, 'text');
  const code = text(coupon, 'code');
  const expiry = text(coupon, 'expiryDate');
  return (
    <article className="coupons-carousel-coupon">
      <div className="coupons-carousel-value">
        {value && <span className="coupons-carousel-amount">{value}</span>}
        {sample && <span className="coupons-carousel-sample">Sample</span>}
      </div>
      <div className="coupons-carousel-details">
        {title && <h3 className="coupons-carousel-coupon-title">{title}</h3>}
        {body && <p className="coupons-carousel-coupon-text">{body}</p>}
        {code && (
          <p className="coupons-carousel-code">
            Code <code>{code}</code>
          </p>
        )}
        {expiry && <p className="coupons-carousel-expiry">Expires {expiry}</p>}
      </div>
    </article>
  );
}

/** The member's coupons as a carousel of tickets, with a title, buttons and the empty-state copy. */
export default function CouponsCarousel({ content }: BlockProps) {
  const title = text(content, 'title');
  const emptyText = text(content, 'emptyText');
  const own = list(content, 'coupons');
  const coupons = own.length > 0 ? own : SAMPLE_COUPONS;
  return (
    <div className="coupons-carousel">
      <div className="coupons-carousel-header">
        {title && <h2 className="coupons-carousel-title">{title}</h2>}
        <LoyaltyButtons content={content} className="coupons-carousel-buttons" />
      </div>
      <Carousel settings={record(content, 'carousel')} label={title || 'Coupons'}>
        {coupons.map((coupon, index) => (
          <Coupon key={index} coupon={coupon} sample={own.length === 0} />
        ))}
      </Carousel>
      <div className="coupons-carousel-footer">
        {emptyText && (
          <p className="coupons-carousel-empty">
            <span className="coupons-carousel-empty-label">With no coupons:</span> {emptyText}
          </p>
        )}
        <CampaignCaption content={content} note={own.length === 0 ? 'sample coupons' : ''} />
      </div>
    </div>
  );
}
