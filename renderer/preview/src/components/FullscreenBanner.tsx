import type { BlockProps } from '../registry';
import { choice, flag, num, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { ParallaxArt } from '../lib/parallax';
import { placement } from '../lib/placement';
import './FullscreenBanner.css';

/**
 * A banner that fills the screen: art (optionally fixed behind the page for a parallax effect) with title,
 * subtitle and calls to action at textPosition, and an optional overlay panel of its own art and calls to
 * action. invertText turns the light copy dark.
 */
export default function FullscreenBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const images = record(content, 'images');
  const parallax = flag(content, 'parallax');
  const copy = placement(choice(content, 'textPosition', 'center'), 'center');
  const overlay = record(content, 'overlay');
  const overlayPlace = placement(choice(overlay, 'position', 'center'), 'center');
  const overlayWidth = Math.min(Math.max(num(overlay, 'width', 40), 10), 100);
  const classes = ['fullscreen-banner', flag(content, 'invertText') ? 'inverted' : '', parallax ? 'parallax' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')} style={ratioStyle(content)}>
      <div className="fullscreen-banner-art ratio">
        <ParallaxArt images={images} alt={title} parallax={parallax} className="fullscreen-banner-parallax" />
        <a className="fullscreen-banner-link" href={linkHref(content, 'url')} aria-label={title || 'Banner'} />
      </div>
      <div className={`fullscreen-banner-layer row-${copy.row} col-${copy.column}`}>
        <div className="fullscreen-banner-copy">
          {title && <h2 className="fullscreen-banner-title">{title}</h2>}
          {subtitle && <p className="fullscreen-banner-subtitle">{subtitle}</p>}
          <Ctas content={content} align={copy.column} />
        </div>
      </div>
      {flag(overlay, 'showOverlay') && (
        <div className={`fullscreen-banner-layer overlay-layer row-${overlayPlace.row} col-${overlayPlace.column}`}>
          <div className="fullscreen-banner-overlay" style={{ width: `${overlayWidth}%` }}>
            <ResponsiveImage images={record(overlay, 'images')} alt="" />
            <Ctas content={overlay} align="center" />
          </div>
        </div>
      )}
    </div>
  );
}
