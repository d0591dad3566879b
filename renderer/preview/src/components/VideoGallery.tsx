import type { BlockProps } from '../registry';
import { Carousel } from '../lib/Carousel';
import { flag, list, record, text, type Content } from '../lib/content';
import { ratioStyle } from '../lib/media';
import { VideoPlayer } from '../lib/video';
import './VideoGallery.css';

/** The title under a video, unless its overlay already shows the same title over the poster. */
function caption(video: Content): string {
  const title = text(video, 'title');
  const overlay = record(video, 'overlay');
  return flag(overlay, 'showOverlay') && text(overlay, 'title') === title ? '' : title;
}

/** A carousel of videos, each with its poster, overlay and title (3 per view, 1 on mobile by default). */
export default function VideoGallery({ content }: BlockProps) {
  const title = text(content, 'title');
  const ratio = ratioStyle(content);
  return (
    <div className="video-gallery">
      {title && <h2 className="video-gallery-title">{title}</h2>}
      <Carousel settings={record(content, 'carousel')} label={title || 'Videos'}>
        {list(content, 'videos').map((video, index) => (
          <figure key={index} className="video-gallery-item">
            <VideoPlayer video={video} ratio={ratio} />
            {caption(video) && <figcaption>{caption(video)}</figcaption>}
          </figure>
        ))}
      </Carousel>
    </div>
  );
}
