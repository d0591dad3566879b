import type { BlockProps } from '../registry';
import { choice, flag, list, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, linkHref, ratioStyle } from '../lib/media';

/** The page-opening hero: art, title and subtitle over it, an optional overlay panel, category buttons. */
export default function MainBanner({ content }: BlockProps) {
  const fontSize = record(content, 'fontSize');
  const overlay = record(content, 'overlay');
  const buttons = list(content, 'buttons');
  const rounded = flag(content, 'roundedButtons');
  return (
    <div className={flag(content, 'invertText') ? 'main-banner inverted' : 'main-banner'}>
      <a className="main-banner-art ratio" style={ratioStyle(content)} href={linkHref(content, 'mainLink')}>
        <ResponsiveImage images={record(content, 'images')} alt={text(content, 'title')} />
        <div className="main-banner-copy">
          <h2 style={{ fontSize: choice(fontSize, 'title') || undefined }}>{text(content, 'title')}</h2>
          <p style={{ fontSize: choice(fontSize, 'subtitle') || undefined }}>{text(content, 'subtitle')}</p>
        </div>
        {flag(overlay, 'showOverlay') && (
          <div
            className={`main-banner-overlay position-${choice(overlay, 'position', 'center-left')}`}
            style={{ width: `${text(overlay, 'width') || 40}%` }}
          >
            <ResponsiveImage images={record(overlay, 'images')} alt="" />
            <Ctas content={overlay} rounded={rounded} />
          </div>
        )}
      </a>
      {buttons.length > 0 && (
        <div className={`banner-buttons align-${text(content, 'buttonAlignment') || 'center'}`}>
          {buttons.map((button, index) => (
            <a
              key={index}
              className={['cta', button.invert === true ? 'cta-invert' : '', rounded ? 'cta-rounded' : ''].join(' ')}
              href={linkHref(button, 'url')}
              style={{ backgroundColor: button.invert === true ? undefined : text(button, 'color') || undefined }}
            >
              {text(button, 'text')}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
