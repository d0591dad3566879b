import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { flag, html, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './AbstractSection.css';

/**
 * A free-form section in its own colours: title, subtitle, rich text and calls to action beside its art
 * (above it on mobile). settings.fullWidth lets it span the page instead of the centred content width.
 */
export default function AbstractSection({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const body = html(content, 'text');
  const settings = record(content, 'settings');
  const images = record(content, 'images');
  const hasArt = Boolean(text(images, 'desktop') || text(images, 'mobile'));
  const background = text(settings, 'backgroundColor');
  const color = text(settings, 'textColor');
  // Calls to action take the section's colours: text colour filled, or outlined when inverted.
  const style = {
    '--section-background': background || 'transparent',
    '--section-color': color || 'inherit',
    '--section-cta-background': color || '#111111',
    '--section-cta-color': background || '#ffffff',
  } as CSSProperties;
  const classes = [
    'abstract-section',
    flag(settings, 'fullWidth') ? 'full-width' : 'contained',
    hasArt ? 'with-art' : '',
  ];
  return (
    <section className={classes.filter(Boolean).join(' ')} style={style} aria-label={title || undefined}>
      <div className="abstract-section-inner">
        <div className="abstract-section-copy">
          {title && <h2 className="abstract-section-title">{title}</h2>}
          {subtitle && <p className="abstract-section-subtitle">{subtitle}</p>}
          <RichText value={body} className="abstract-section-text" />
          <Ctas content={content} />
        </div>
        {hasArt && (
          <div className="abstract-section-art ratio" style={ratioStyle(content)}>
            <ResponsiveImage images={images} alt={title} />
          </div>
        )}
      </div>
    </section>
  );
}
