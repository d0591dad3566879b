import type { CSSProperties } from 'react';
import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { Carousel } from '../lib/Carousel';
import { flag, list, record, text, type Content } from '../lib/content';
import { ratioStyle } from '../lib/media';
import { VideoPlayer } from '../lib/video';
import './AthleteInfo.css';

/** Videos in an athlete card are 16:9 unless the video block says otherwise. */
const VIDEO_RATIO = { '--ratio-desktop': '16 / 9', '--ratio-mobile': '16 / 9' } as CSSProperties;

function AthleteCard({ athlete }: { athlete: Content }) {
  const name = text(athlete, 'name');
  const about = record(athlete, 'aboutAthlete');
  const facts = list(about, 'info');
  const media = record(athlete, 'media');
  const infoImage = text(athlete, 'infoImage');
  const video = record(athlete, 'video');
  const hasOwnRatio = Object.keys(record(video, 'aspectRatio')).length > 0;
  return (
    <article className="athlete-card">
      {flag(media, 'showInfoImage') && infoImage && (
        <div className="athlete-portrait">
          <img src={imageUrl(infoImage)} alt={name} />
          <h3 className="athlete-name">{name}</h3>
        </div>
      )}
      {flag(media, 'showVideo') && (
        <VideoPlayer video={video} ratio={hasOwnRatio ? ratioStyle(video) : VIDEO_RATIO} className="athlete-video" />
      )}
      {!(flag(media, 'showInfoImage') && infoImage) && <h3 className="athlete-name plain">{name}</h3>}
      <div className="athlete-about">
        {text(about, 'header') && <h4>{text(about, 'header')}</h4>}
        {facts.length > 0 && (
          <dl>
            {facts.map((fact, index) => (
              <div key={index}>
                <dt>{text(fact, 'label')}</dt>
                <dd>{text(fact, 'value')}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </article>
  );
}

/** The athletes a brand sponsors: portrait and/or video per athlete, with their facts (5 per view, 1 on mobile). */
export default function AthleteInfo({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  return (
    <div className="athlete-info">
      {(title || subtitle) && (
        <header className="athlete-info-header">
          {title && <h2>{title}</h2>}
          {subtitle && <p>{subtitle}</p>}
        </header>
      )}
      <Carousel settings={record(content, 'carousel')} label={title || 'Athletes'}>
        {list(content, 'athletes').map((athlete, index) => (
          <AthleteCard key={index} athlete={athlete} />
        ))}
      </Carousel>
    </div>
  );
}
