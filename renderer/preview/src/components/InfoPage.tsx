import type { BlockProps } from '../registry';
import { ContentError, choice, html, list, record, text, type Content } from '../lib/content';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './InfoPage.css';

/** A list of plain texts (a section's items); a missing list is empty, anything but text in it is an error. */
function texts(content: Content, key: string): string[] {
  const value = content[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ContentError(`“${key}” should be a list of texts`);
  return value.map((item, index) => {
    if (typeof item === 'string' || typeof item === 'number') return String(item);
    throw new ContentError(`item ${index + 1} of “${key}” should be text`);
  });
}

/** An information page, such as a scheme's terms: art, title, intro, then sections of bulleted items. */
export default function InfoPage({ content }: BlockProps) {
  const title = text(content, 'title');
  const bulletType = choice(content, 'bulletType', 'default');
  const ordered = bulletType === 'number' || bulletType === 'letter';
  const images = record(content, 'images');
  const hasArt = Boolean(text(images, 'desktop') || text(images, 'mobile'));
  const sections = list(content, 'sections');
  return (
    <div className={`info-page bullets-${bulletType}`}>
      {hasArt && (
        <div className="info-page-art ratio" style={ratioStyle(content)}>
          <ResponsiveImage images={images} alt={title} />
        </div>
      )}
      <div className="info-page-body">
        {title && <h2 className="info-page-title">{title}</h2>}
        <RichText value={html(content, 'text')} className="info-page-intro" />
        {sections.map((section, index) => {
          const items = texts(section, 'items');
          const List = ordered ? 'ol' : 'ul';
          return (
            <section key={index} className="info-page-section">
              {text(section, 'header') && <h3>{text(section, 'header')}</h3>}
              {items.length > 0 && (
                <List className="info-page-items">
                  {items.map((item, itemIndex) => (
                    <li key={itemIndex}>{item}</li>
                  ))}
                </List>
              )}
            </section>
          );
        })}
        <Ctas content={content} />
      </div>
    </div>
  );
}
