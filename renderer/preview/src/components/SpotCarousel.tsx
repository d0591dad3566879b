import type { BlockProps } from '../registry';
import { list, record, text } from '../lib/content';
import { Carousel } from '../lib/Carousel';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';

/** A carousel of category spots: square art, title, subtitle and a call to action each. */
export default function SpotCarousel({ content }: BlockProps) {
  const title = text(content, 'title');
  return (
    <div className="spot-carousel">
      {title && <h2 className="block-title">{title}</h2>}
      <Carousel settings={record(content, 'carousel')} label={title || 'Spots'}>
        {list(content, 'slides').map((slide, index) => (
          <article key={index} className="spot">
            <a className="ratio" style={ratioStyle(slide)} href={linkHref(slide, 'url')}>
              <ResponsiveImage images={record(slide, 'images')} alt={text(slide, 'title')} />
            </a>
            <h3>{text(slide, 'title')}</h3>
            <p>{text(slide, 'subtitle')}</p>
            <Ctas content={slide} />
          </article>
        ))}
      </Carousel>
    </div>
  );
}
