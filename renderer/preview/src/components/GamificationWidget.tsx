import type { BlockProps } from '../registry';
import { num, record, text } from '../lib/content';
import { CampaignCaption, LoyaltyButtons } from '../lib/loyalty';
import { ResponsiveImage, ratioStyle } from '../lib/media';
import './GamificationWidget.css';

const attemptsLabel = (attempts: number): string => (attempts === 1 ? '1 go a day' : `${attempts} goes a day`);

/** A loyalty game (spin to win and the like): its art, the pitch, the daily allowance and the play button. */
export default function GamificationWidget({ content }: BlockProps) {
  const title = text(content, 'title');
  const body = text(content, 'text');
  const attempts = num(record(content, 'settings'), 'attemptsPerDay', 0);
  return (
    <div className="gamification-widget">
      <div className="gamification-widget-card">
        <div className="gamification-widget-art ratio" style={ratioStyle(content)}>
          <ResponsiveImage images={record(content, 'images')} alt={title} />
        </div>
        <div className="gamification-widget-copy">
          {attempts > 0 && <p className="gamification-widget-badge">{attemptsLabel(attempts)}</p>}
          {title && <h2 className="gamification-widget-title">{title}</h2>}
          {body && <p className="gamification-widget-text">{body}</p>}
          <LoyaltyButtons content={content} />
          <CampaignCaption content={content} />
        </div>
      </div>
    </div>
  );
}
