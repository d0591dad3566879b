import type { BlockProps } from '../registry';
import { html, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import './WrapUp.css';

/**
 * The end-of-page round-up: a last message on campaign art, with the main ways back into the store as a
 * row of calls to action. The message sits on the art on desktop and under it on mobile.
 */
export default function WrapUp({ content }: BlockProps) {
  const title = text(content, 'title');
  const body = html(content, 'text');
  return (
    <div className="wrap-up" style={ratioStyle(content)}>
      <div className="wrap-up-art ratio">
        <ResponsiveImage images={record(content, 'images')} alt="" />
      </div>
      <div className="wrap-up-layer">
        <div className="wrap-up-panel">
          {title && <h2 className="wrap-up-title">{title}</h2>}
          <RichText value={body} className="wrap-up-text" />
          <Ctas content={content} align="center" />
        </div>
      </div>
    </div>
  );
}
