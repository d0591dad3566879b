import type { BlockProps } from '../registry';
import { choice, flag, list, record, text, type Content } from '../lib/content';
import { Carousel } from '../lib/Carousel';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import './PopupCarousel.css';

/** Who sees a slide: everyone, or the members of a segment (named by its description and its test id). */
function Audience({ slide }: { slide: Content }) {
  const filters = record(slide, 'filters');
  const everyone = flag(filters, 'showForAllUsers');
  const description = text(filters, 'description');
  const uatId = text(filters, 'uatId');
  const prodId = text(filters, 'prodId');
  return (
    <p className="popup-carousel-audience" title={!everyone && prodId ? `Live segment: ${prodId}` : undefined}>
      <span className="popup-carousel-audience-label">Shown to</span>{' '}
      {everyone ? 'all members' : description || 'a segment'}
      {!everyone && uatId && (
        <>
          {' '}
          · <code>{uatId}</code>
        </>
      )}
    </p>
  );
}

/** A placeholder slide sits in the page flow like a banner. */
function Placeholder({ slide }: { slide: Content }) {
  const title = text(slide, 'title');
  const body = text(slide, 'text');
  return (
    <article className="popup-carousel-placeholder">
      <div className="popup-carousel-art ratio" style={ratioStyle(slide)}>
        <ResponsiveImage images={record(slide, 'images')} alt="" />
        <div className="popup-carousel-copy">
          {title && <h3 className="popup-carousel-slide-title">{title}</h3>}
          {body && <p className="popup-carousel-slide-text">{body}</p>}
          <Ctas content={slide} />
        </div>
      </div>
      <Audience slide={slide} />
    </article>
  );
}

/**
 * A modal slide opens over the page in the app. The preview never blocks the page with it: it shows the
 * popup as a card inside a framed, labelled stand-in for the screen.
 */
function ModalPreview({ slide, number, of }: { slide: Content; number: number; of: number }) {
  const title = text(slide, 'title');
  const body = text(slide, 'text');
  return (
    <figure className="popup-carousel-modal">
      <figcaption className="popup-carousel-modal-label">
        <span className="popup-carousel-modal-badge">Popup</span>
        {of > 1 ? `${number} of ${of} · ` : ''}opens over the page
      </figcaption>
      <div className="popup-carousel-modal-screen">
        <div className="popup-carousel-modal-card" role="group" aria-label={`Popup preview: ${title || 'untitled'}`}>
          <span className="popup-carousel-modal-close" aria-hidden="true">
            ×
          </span>
          <div className="popup-carousel-modal-art ratio" style={ratioStyle(slide)}>
            <ResponsiveImage images={record(slide, 'images')} alt="" />
          </div>
          <div className="popup-carousel-modal-copy">
            {title && <h3 className="popup-carousel-slide-title">{title}</h3>}
            {body && <p className="popup-carousel-slide-text">{body}</p>}
            <Ctas content={slide} align="center" />
          </div>
        </div>
      </div>
      <Audience slide={slide} />
    </figure>
  );
}

/** Targeted slides: placeholders in a carousel in the page, and previews of the popups that open over it. */
export default function PopupCarousel({ content }: BlockProps) {
  const title = text(content, 'title');
  const slides = list(content, 'slides');
  const placeholders = slides.filter((slide) => choice(slide, 'type') !== 'modal');
  const modals = slides.filter((slide) => choice(slide, 'type') === 'modal');
  return (
    <div className="popup-carousel">
      {title && <h2 className="popup-carousel-title">{title}</h2>}
      {placeholders.length > 0 && (
        <Carousel settings={record(content, 'carousel')} label={title || 'Promotions'}>
          {placeholders.map((slide, index) => (
            <Placeholder key={index} slide={slide} />
          ))}
        </Carousel>
      )}
      {modals.length > 0 && (
        <div className="popup-carousel-modals">
          {modals.map((slide, index) => (
            <ModalPreview key={index} slide={slide} number={index + 1} of={modals.length} />
          ))}
        </div>
      )}
      {slides.length === 0 && <p className="popup-carousel-empty">No slides yet.</p>}
    </div>
  );
}
