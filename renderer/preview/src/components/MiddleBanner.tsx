import type { BlockProps } from '../registry';
import { choice, flag, record, text } from '../lib/content';
import { ctaStyleOf } from '../lib/ctaStyle';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { placement } from '../lib/placement';
import './MiddleBanner.css';

/**
 * A mid-page banner: campaign art linking to its page, with title, subtitle, text and calls to action laid
 * over it at textPosition (below the art on mobile). invertText turns the light copy dark.
 */
export default function MiddleBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const body = text(content, 'text');
  const position = choice(content, 'textPosition', 'center-left');
  const { row, column } = placement(position, 'center-left');
  const style = ctaStyleOf(content);
  return (
    <div className={['middle-banner', flag(content, 'invertText') ? 'inverted' : ''].filter(Boolean).join(' ')}>
      <div className="middle-banner-art ratio" style={ratioStyle(content)}>
        <ResponsiveImage images={record(content, 'images')} alt={title} />
        <a className="middle-banner-link" href={linkHref(content, 'url')} aria-label={title || 'Banner'} />
      </div>
      <div className={`middle-banner-layer row-${row} col-${column}`}>
        <div className="middle-banner-copy">
          {title && <h2 className="middle-banner-title">{title}</h2>}
          {subtitle && <p className="middle-banner-subtitle">{subtitle}</p>}
          {body && <p className="middle-banner-text">{body}</p>}
          <div className={`cta-style-${style}`}>
            <Ctas content={content} rounded={style === 'round'} align={column} />
          </div>
        </div>
      </div>
    </div>
  );
}
