import type { BlockProps } from '../registry';
import { choice, html, num, text } from '../lib/content';
import { Ctas } from '../lib/media';
import { RichText } from '../lib/RichText';
import './FeedBanner.css';

const LAYOUTS = new Set(['scroll', 'column', 'feed']);
const FEED_NAMES: Record<string, string> = {
  recommended_for_you: 'Recommended for you',
  recently_viewed: 'Recently viewed',
  trending: 'Trending',
};
/** A feed shows at most this many products, whatever maxItems says. */
const MAX_PRODUCTS = 48;

/**
 * A personalised product feed. The storefront fills it at run time from the shopper's feed (feedProperty),
 * so the preview shows where its products go: maxItems placeholder cards in the chosen layout (a row that
 * scrolls, a column, or a grid), under the title and text, with the calls to action below.
 */
export default function FeedBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const body = html(content, 'text');
  const feed = choice(content, 'feedProperty', 'recommended_for_you');
  const feedName = FEED_NAMES[feed] ?? feed.replaceAll('_', ' ');
  const chosen = choice(content, 'layout', 'feed');
  const layout = LAYOUTS.has(chosen) ? chosen : 'feed';
  const count = Math.min(Math.max(Math.floor(num(content, 'maxItems', 12)), 0), MAX_PRODUCTS);
  return (
    <div className={`feed-banner layout-${layout}`} data-feed={feed}>
      <div className="feed-banner-header">
        {title && <h2 className="feed-banner-title">{title}</h2>}
        <RichText value={body} className="feed-banner-text" />
      </div>
      <p className="feed-banner-note">
        <span className="feed-banner-source">{feedName}</span> feed: up to {count} products, filled in for each shopper
        on the storefront.
      </p>
      <ul className="feed-banner-products" aria-label={`${feedName} products`}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="feed-banner-product" aria-hidden="true">
            <span className="feed-banner-product-image" />
            <span className="feed-banner-product-line" />
            <span className="feed-banner-product-line short" />
          </li>
        ))}
      </ul>
      <Ctas content={content} align="center" />
    </div>
  );
}
