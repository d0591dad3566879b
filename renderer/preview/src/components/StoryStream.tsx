import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { choice, num, text } from '../lib/content';
import { Ctas } from '../lib/media';
import './StoryStream.css';

/**
 * Shipped sample images standing in for the stream's social posts: the preview loads no provider script and
 * reaches no network, so the gallery is a placeholder laid out as the chosen gallery type.
 */
const SAMPLE_POSTS = [
  'athlete-okafor.svg',
  'banner-streetwear-mobile.svg',
  'product-hoodie-a.svg',
  'athlete-tanaka.svg',
  'banner-trainers-mobile.svg',
  'product-runner-b.svg',
  'athlete-moreau.svg',
  'banner-kids-mobile.svg',
  'product-joggers-a.svg',
  'athlete-reyes.svg',
  'banner-training-mobile.svg',
  'product-cap-c.svg',
  'athlete-lindqvist.svg',
  'banner-outdoor-mobile.svg',
  'product-backpack-b.svg',
].map((file) => `/sample/images/${file}`);

/** Most posts a preview shows, whatever itemsToShow says. */
const MAX_ITEMS = 48;

/** A StoryStream social gallery of posts tagged with filterTag, laid out per galleryType. */
export default function StoryStream({ content }: BlockProps) {
  const title = text(content, 'title');
  const filterTag = text(content, 'filterTag').replace(/^#/, '');
  const galleryType = choice(content, 'galleryType', 'mosaic');
  const count = Math.max(0, Math.min(MAX_ITEMS, Math.trunc(num(content, 'itemsToShow', 12))));
  const posts = Array.from({ length: count }, (_, index) => SAMPLE_POSTS[index % SAMPLE_POSTS.length]!);
  return (
    <div className={`story-stream gallery-${galleryType}`}>
      <header className="story-stream-header">
        {title && <h2>{title}</h2>}
        {filterTag && <p className="story-stream-tag">#{filterTag}</p>}
      </header>
      <ul
        className="story-stream-gallery"
        aria-label={filterTag ? `Posts tagged #${filterTag}` : 'Social posts'}
        data-stream-code={text(content, 'code') || undefined}
        data-stream-locale={choice(content, 'locale') || undefined}
      >
        {posts.map((post, index) => (
          <li key={index} className="story-stream-post">
            <img src={imageUrl(post)} alt={`Social post ${index + 1}${filterTag ? ` tagged #${filterTag}` : ''}`} />
          </li>
        ))}
      </ul>
      <Ctas content={content} align="center" />
    </div>
  );
}
