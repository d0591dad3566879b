import { useEffect, useState } from 'react';
import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { choice, num, text } from '../lib/content';
import './Curalate.css';

/** Milliseconds the storefront waits for the provider's script before it shows the gallery (catalogue spec §9). */
const DEFAULT_WAIT_TIME_MS = 2000;

/**
 * Shipped sample images standing in for the shoppers' photos: the preview loads no provider script and
 * reaches no network, so the gallery is a placeholder of the same shape.
 */
const SAMPLE_PHOTOS = [
  'banner-streetwear-mobile.svg',
  'product-runner-a.svg',
  'banner-trainers-mobile.svg',
  'product-hoodie-b.svg',
  'banner-running-mobile.svg',
  'product-cap-a.svg',
  'banner-training-mobile.svg',
  'product-joggers-c.svg',
  'banner-outdoor-mobile.svg',
  'product-backpack-a.svg',
  'banner-football-mobile.svg',
  'product-football-b.svg',
].map((file) => `/sample/images/${file}`);

/** A shoppable social gallery from Curalate: a loading state for waitTime ms, then the tagged photos. */
export default function Curalate({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const siteName = text(content, 'siteName');
  const filterTag = text(content, 'filterTag').replace(/^#/, '');
  const waitTime = Math.max(0, num(content, 'waitTime', DEFAULT_WAIT_TIME_MS));
  // The wait that has run out; a changed waitTime waits again.
  const [waited, setWaited] = useState<number | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaited(waitTime), waitTime);
    return () => window.clearTimeout(timer);
  }, [waitTime]);
  const ready = waited === waitTime;

  return (
    <div className="curalate">
      <header className="curalate-header">
        {title && <h2>{title}</h2>}
        {subtitle && <p>{subtitle}</p>}
        {(filterTag || siteName) && (
          <p className="curalate-source">
            {filterTag && <span className="curalate-tag">#{filterTag}</span>}
            {siteName && <span className="curalate-site">{siteName}</span>}
          </p>
        )}
      </header>
      <div
        className={['curalate-gallery', text(content, 'scriptClassNames')].filter(Boolean).join(' ')}
        data-crl-site={siteName || undefined}
        data-crl-locale={choice(content, 'locale') || undefined}
        data-crl-code={text(content, 'code') || undefined}
        data-crl-filter={filterTag ? `tag:${filterTag}` : undefined}
        aria-busy={!ready}
      >
        {ready ? (
          <ul className="curalate-grid" aria-label={filterTag ? `Photos tagged #${filterTag}` : 'Shoppers’ photos'}>
            {SAMPLE_PHOTOS.map((photo, index) => (
              <li key={photo}>
                <img
                  src={imageUrl(photo)}
                  alt={`Shopper photo ${index + 1}${filterTag ? ` tagged #${filterTag}` : ''}`}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="curalate-loading" role="status">
            <span className="curalate-spinner" aria-hidden="true" />
            Loading gallery…
          </div>
        )}
      </div>
    </div>
  );
}
