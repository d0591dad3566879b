import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { list, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';
import './CarouselCE.css';

/** The general-purpose content carousel: full-width campaign slides, each with its copy and calls to action. */
export default function CarouselCE({ content }: BlockProps) {
  const title = text(content, 'title');
  const slides = list(content, 'slides');
  return (
    <div className="carousel-ce">
      {title && <h2 className="carousel-ce-title">{title}</h2>}
      <Carousel settings={record(content, 'carousel')} label={title || 'Featured'}>
        {slides.map((slide, index) => {
          const slideTitle = text(slide, 'title');
          const subtitle = text(slide, 'subtitle');
          return (
            <article key={index} className="carousel-ce-slide" aria-label={`${index + 1} of ${slides.length}`}>
              <a
                className="carousel-ce-art ratio"
                style={ratioStyle(slide)}
                href={linkHref(slide, 'url')}
                tabIndex={-1}
                aria-hidden="true"
              >
                <ResponsiveImage images={record(slide, 'images')} alt="" />
              </a>
              <div className="carousel-ce-copy">
                {slideTitle && <h3>{slideTitle}</h3>}
                {subtitle && <p>{subtitle}</p>}
                <Ctas content={slide} />
              </div>
            </article>
          );
        })}
      </Carousel>
    </div>
  );
}
