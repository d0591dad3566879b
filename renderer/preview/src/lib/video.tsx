import { useRef, useState, type CSSProperties } from 'react';
import { imageUrl } from './blockContext';
import { flag, record, text, type Content } from './content';
import { Ctas, IMAGE_MOBILE_MAX_WIDTH, ResponsiveImage } from './media';
import { useMediaQuery } from './viewport';
import './video.css';

const MOBILE_QUERY = `(max-width: ${IMAGE_MOBILE_MAX_WIDTH}px)`;

/**
 * A video block (title, videos, overlayImages, overlay, settings). With a video address it plays in a <video>
 * with its settings (autoplay, muted, loop, controls) and the overlay art as its poster; without one (no
 * sample video ships) the overlay art shows as the poster with a play affordance. The overlay's title and
 * calls to action sit over it until the video plays.
 */
export function VideoPlayer({ video, ratio, className }: { video: Content; ratio: CSSProperties; className?: string }) {
  // The mobile source and poster play up to the mobile image breakpoint (765px), following resizes.
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const player = useRef<HTMLVideoElement>(null);
  // The source that is playing, so a changed address starts again from its poster.
  const [playingSource, setPlayingSource] = useState('');
  const title = text(video, 'title');
  const sources = record(video, 'videos');
  const desktopSource = text(sources, 'desktop');
  const mobileSource = text(sources, 'mobile');
  const source = (isMobile ? mobileSource || desktopSource : desktopSource || mobileSource).trim();
  const posters = record(video, 'overlayImages');
  const poster = (
    isMobile ? text(posters, 'mobile') || text(posters, 'desktop') : text(posters, 'desktop') || text(posters, 'mobile')
  ).trim();
  const playing = source !== '' && playingSource === source;
  const overlay = record(video, 'overlay');
  const settings = record(video, 'settings');
  const autoplay = flag(settings, 'autoplay');
  const overlayTitle = text(overlay, 'title');
  const showOverlay = flag(overlay, 'showOverlay') && !playing;

  return (
    <div
      className={['video-player ratio', source ? 'has-video' : 'no-video', className].filter(Boolean).join(' ')}
      style={ratio}
    >
      {source ? (
        <video
          key={source}
          ref={player}
          src={source}
          poster={poster ? imageUrl(poster) : undefined}
          autoPlay={autoplay}
          muted={flag(settings, 'muted')}
          loop={flag(settings, 'loop')}
          controls={flag(settings, 'controls')}
          playsInline
          preload="metadata"
          aria-label={title || overlayTitle || 'Video'}
          onPlay={() => setPlayingSource(source)}
          onPause={() => setPlayingSource('')}
          onEnded={() => setPlayingSource('')}
        />
      ) : (
        <ResponsiveImage images={posters} alt={title || overlayTitle} />
      )}
      {showOverlay && (
        <div className="video-overlay">
          {overlayTitle && <p className="video-overlay-title">{overlayTitle}</p>}
          <Ctas content={overlay} />
        </div>
      )}
      {!playing && (
        <button
          type="button"
          className="video-play"
          aria-label={source ? `Play ${title || 'video'}` : `${title || 'Video'}: no video file set`}
          title={source ? undefined : 'No video file set yet'}
          disabled={!source}
          onClick={() => void player.current?.play().catch(() => undefined)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5.5v13l11-6.5z" />
          </svg>
        </button>
      )}
    </div>
  );
}
