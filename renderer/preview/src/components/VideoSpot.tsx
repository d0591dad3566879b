import type { BlockProps } from '../registry';
import { choice, html, record, text } from '../lib/content';
import { Ctas, ratioStyle } from '../lib/media';
import { RichText } from '../lib/RichText';
import { VideoPlayer } from '../lib/video';
import './VideoSpot.css';

/** One video beside its copy (videoPosition: left, right, top, bottom, or background behind the copy). */
export default function VideoSpot({ content }: BlockProps) {
  const title = text(content, 'title');
  const position = choice(content, 'videoPosition', 'left');
  return (
    <div className={`video-spot video-${position}`}>
      <VideoPlayer video={record(content, 'video')} ratio={ratioStyle(content)} className="video-spot-media" />
      <div className="video-spot-copy">
        {title && <h2 className="video-spot-title">{title}</h2>}
        <RichText value={html(content, 'text')} className="video-spot-text" />
        <Ctas content={content} />
      </div>
    </div>
  );
}
