import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { choice, list, record, text, type Content } from '../lib/content';
import { ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import './NavigationBanner.css';

const LAYOUTS = new Set(['scroll', 'column', 'feed']);

function Item({ item }: { item: Content }) {
  const label = text(item, 'label');
  const target = record(item, 'target');
  return (
    <a
      className="navigation-banner-item"
      href={linkHref(item, 'url')}
      data-target-type={choice(target, 'type') || undefined}
      data-target-value={text(target, 'value') || undefined}
    >
      <span className="navigation-banner-image ratio" style={ratioStyle(item)}>
        <ResponsiveImage images={record(item, 'images')} alt="" />
      </span>
      <span className="navigation-banner-label">{label}</span>
    </a>
  );
}

/**
 * Category navigation: a tile per item, its art and label linking to the item's page (and, in the app, to
 * its target). layout: scroll is a row that scrolls sideways (a carousel when the content has carousel
 * settings), column a list of rows, feed a grid.
 */
export default function NavigationBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const chosen = choice(content, 'layout', 'scroll');
  const layout = LAYOUTS.has(chosen) ? chosen : 'scroll';
  const items = list(content, 'items');
  const carousel = layout === 'scroll' && content.carousel !== undefined && content.carousel !== null;
  return (
    <nav className={`navigation-banner layout-${layout}`} aria-label={title || 'Categories'}>
      {title && <h2 className="navigation-banner-title">{title}</h2>}
      {carousel ? (
        <Carousel settings={record(content, 'carousel')} label={title || 'Categories'}>
          {items.map((item, index) => (
            <Item key={index} item={item} />
          ))}
        </Carousel>
      ) : (
        <ul className="navigation-banner-items">
          {items.map((item, index) => (
            <li key={index}>
              <Item item={item} />
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
