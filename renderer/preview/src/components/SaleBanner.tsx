import { useState, type CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { choice, record, text } from '../lib/content';
import { formatWallClockDateTime } from '../lib/countdown';
import { ctaStyleOf } from '../lib/ctaStyle';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import './SaleBanner.css';

/**
 * A sale banner: campaign art with a panel in the sale's colours holding the headline (at its chosen font
 * size), subtitle, calls to action, the small print and when the sale ends. The panel sits on the art on
 * desktop and under it on mobile.
 */
export default function SaleBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const smallPrint = text(content, 'text');
  const ends = text(content, 'saleEndDateTime');
  const ctaStyle = ctaStyleOf(content);
  // The moment of first render is enough to say whether the sale is over; the editor re-renders on edits.
  const [now] = useState(() => Date.now());
  const endsAt = ends ? new Date(ends).getTime() : Number.NaN;
  const ended = Number.isFinite(endsAt) && endsAt <= now;

  const style = {
    ...ratioStyle(content),
    '--sale-background': text(content, 'backgroundColor') || '#d7182a',
    '--sale-color': text(content, 'textColor') || '#ffffff',
    '--sale-title-size': choice(content, 'fontSize', '64px'),
  } as CSSProperties;

  return (
    <div className="sale-banner" style={style}>
      <div className="sale-banner-art ratio">
        <ResponsiveImage images={record(content, 'images')} alt={title} />
      </div>
      <div className="sale-banner-panel">
        {title && <h2 className="sale-banner-title">{title}</h2>}
        {subtitle && <p className="sale-banner-subtitle">{subtitle}</p>}
        <div className={`cta-style-${ctaStyle}`}>
          <Ctas content={content} rounded={ctaStyle === 'round'} align="center" />
        </div>
        {ends && (
          <p className={ended ? 'sale-banner-ends ended' : 'sale-banner-ends'}>
            {ended ? 'Sale ended' : 'Ends'} <time dateTime={ends}>{formatWallClockDateTime(ends)}</time>
          </p>
        )}
        {smallPrint && <p className="sale-banner-small-print">{smallPrint}</p>}
      </div>
    </div>
  );
}
