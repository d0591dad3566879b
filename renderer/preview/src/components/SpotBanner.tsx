import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { choice, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import './SpotBanner.css';

const CONTENT_TYPES = new Set(['image', 'video', 'tag', 'basic_button', 'listing']);

/**
 * A single spot. contentType sets its form:
 * - image: art with the tag, title, subtitle and calls to action laid over it;
 * - video: the same with the video (its `videos` pair) in place of the art, the art as its poster;
 * - tag: a card, the tag as a label above the copy beneath the art;
 * - basic_button: no art, a strip of copy and a button;
 * - listing: the art beside the copy, as a listing teaser.
 */
export default function SpotBanner({ content }: BlockProps) {
  const type = choice(content, 'contentType', 'image');
  const contentType = CONTENT_TYPES.has(type) ? type : 'image';
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const tag = text(content, 'tag');
  const images = record(content, 'images');
  const videos = record(content, 'videos');
  const video = text(videos, 'desktop') || text(videos, 'mobile');
  const href = linkHref(content, 'url');

  const art =
    contentType === 'video' && video ? (
      <video
        className="spot-banner-video"
        src={imageUrl(video)}
        poster={imageUrl(text(images, 'desktop'))}
        muted
        loop
        playsInline
        controls
        aria-label={title}
      />
    ) : (
      <ResponsiveImage images={images} alt={title} />
    );

  return (
    <div className={`spot-banner content-${contentType}`} data-content-type={contentType}>
      {contentType !== 'basic_button' && (
        <div className="spot-banner-art ratio" style={ratioStyle(content)}>
          {art}
          {contentType === 'video' && !video && <span className="spot-banner-play" aria-hidden="true" />}
          {contentType !== 'video' && <a className="spot-banner-link" href={href} aria-label={title || 'Spot'} />}
          {tag && contentType !== 'tag' && <span className="spot-banner-tag">{tag}</span>}
        </div>
      )}
      <div className="spot-banner-copy">
        {tag && (contentType === 'tag' || contentType === 'basic_button') && (
          <span className="spot-banner-tag">{tag}</span>
        )}
        {title && (
          <h2 className="spot-banner-title">
            <a href={href}>{title}</a>
          </h2>
        )}
        {subtitle && <p className="spot-banner-subtitle">{subtitle}</p>}
        <Ctas content={content} align={contentType === 'basic_button' ? 'center' : 'left'} />
      </div>
    </div>
  );
}
