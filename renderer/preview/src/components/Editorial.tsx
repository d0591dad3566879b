import type { BlockProps } from '../registry';
import { html, record, text } from '../lib/content';
import { formatDate } from '../lib/format';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './Editorial.css';

/** A long-form article: hero art, headline and standfirst, byline and date, the body copy and its calls to action. */
export default function Editorial({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const author = text(content, 'author');
  const publishDate = text(content, 'publishDate');
  const images = record(content, 'images');
  const hasArt = Boolean(text(images, 'desktop') || text(images, 'mobile'));
  return (
    <article className="editorial">
      {hasArt && (
        <div className="editorial-art ratio" style={ratioStyle(content)}>
          <ResponsiveImage images={images} alt={title} />
        </div>
      )}
      <div className="editorial-body">
        <header className="editorial-header">
          {title && <h2 className="editorial-title">{title}</h2>}
          {subtitle && <p className="editorial-subtitle">{subtitle}</p>}
          {(author || publishDate) && (
            <p className="editorial-byline">
              {author && <span className="editorial-author">By {author}</span>}
              {author && publishDate && <span aria-hidden="true"> · </span>}
              {publishDate && <time dateTime={publishDate}>{formatDate(publishDate)}</time>}
            </p>
          )}
        </header>
        <RichText value={html(content, 'text')} className="editorial-text" />
        <Ctas content={content} />
      </div>
    </article>
  );
}
