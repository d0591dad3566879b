import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { html, list, record, text } from '../lib/content';
import { ctaStyleOf } from '../lib/ctaStyle';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './RedefinedSection.css';

/**
 * A heading and intro over a row of sections, each its art, title, subtitle and call to action (styled by
 * ctaType). The row becomes a column on mobile.
 */
export default function RedefinedSection({ content }: BlockProps) {
  const title = text(content, 'title');
  const intro = html(content, 'text');
  const ctaStyle = ctaStyleOf(content);
  const sections = list(content, 'sections');
  return (
    <section className={`redefined-section cta-style-${ctaStyle}`} aria-label={title || undefined}>
      <header className="redefined-section-header">
        {title && <h2 className="redefined-section-title">{title}</h2>}
        <RichText value={intro} className="redefined-section-text" />
      </header>
      <div className="redefined-section-items" style={{ '--items': Math.max(sections.length, 1) } as CSSProperties}>
        {sections.map((section, index) => {
          const heading = text(section, 'title');
          return (
            <article key={index} className="redefined-section-item">
              <a
                className="redefined-section-art ratio"
                style={ratioStyle(section)}
                href={linkHref(section, 'url')}
                aria-label={heading || undefined}
              >
                <ResponsiveImage images={record(section, 'images')} alt={heading} />
              </a>
              {heading && <h3>{heading}</h3>}
              {text(section, 'subtitle') && <p>{text(section, 'subtitle')}</p>}
              <Ctas content={section} rounded={ctaStyle === 'round'} />
            </article>
          );
        })}
      </div>
    </section>
  );
}
