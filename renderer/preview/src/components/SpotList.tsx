import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { choice, list, record, text, type Content } from '../lib/content';
import { ctaStyleOf } from '../lib/ctaStyle';
import { Ctas, LAYOUT_MOBILE_MAX_WIDTH, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import { useMediaQuery } from '../lib/viewport';
import './SpotList.css';

const MOBILE_QUERY = `(max-width: ${LAYOUT_MOBILE_MAX_WIDTH}px)`;

/**
 * The carousel a spot list becomes when its content says nothing: a peek of the next spot on mobile, four
 * at a time from 768px, with pagination. Carousel settings in the content replace these, key by key.
 */
function carouselSettings(content: Content): Content {
  return {
    slidesPerView: 1.3,
    spaceBetween: 12,
    breakpoints: { 768: { slidesPerView: 4, spaceBetween: 16 } },
    arrows: { buttons: true, hideMobile: true, showBackground: true, backgroundColor: '#ffffff', fontColor: '#111111' },
    pagination: { show: true, showOnMobile: true },
    ...record(content, 'carousel'),
  };
}

/**
 * A row of sport spots: art, title, subtitle and a call to action each. carouselActive turns the row into a
 * carousel on every screen, on desktop only or on mobile only (767px and under); hoverEffect zooms the art.
 */
export default function SpotList({ content }: BlockProps) {
  // At or under the 767px layout breakpoint, following it as it changes.
  const mobile = useMediaQuery(MOBILE_QUERY);
  const title = text(content, 'title');
  const active = choice(content, 'carouselActive', 'disabled');
  const carousel =
    active === 'enabled' || (active === 'mobile-only' && mobile) || (active === 'desktop-only' && !mobile);
  const hover = choice(content, 'hoverEffect', 'none') === 'zoom' ? 'zoom' : 'none';
  const ctaStyle = ctaStyleOf(content);
  const spots = list(content, 'spots').map((spot, index) => {
    const heading = text(spot, 'title');
    return (
      <article key={index} className="spot-list-spot">
        <a
          className="spot-list-art ratio"
          style={ratioStyle(spot)}
          href={linkHref(spot, 'url')}
          aria-label={heading || undefined}
        >
          <ResponsiveImage images={record(spot, 'images')} alt={heading} />
        </a>
        {heading && <h3>{heading}</h3>}
        {text(spot, 'subtitle') && <p>{text(spot, 'subtitle')}</p>}
        <Ctas content={spot} rounded={ctaStyle === 'round'} />
      </article>
    );
  });
  return (
    <div
      className={`spot-list hover-${hover} cta-style-${ctaStyle} ${carousel ? 'as-carousel' : 'as-row'}`}
      data-carousel-active={active}
    >
      {title && <h2 className="spot-list-title">{title}</h2>}
      {carousel ? (
        <Carousel settings={carouselSettings(content)} label={title || 'Spots'}>
          {spots}
        </Carousel>
      ) : (
        <div className="spot-list-row" style={{ '--spots': Math.max(spots.length, 1) } as CSSProperties}>
          {spots}
        </div>
      )}
    </div>
  );
}
