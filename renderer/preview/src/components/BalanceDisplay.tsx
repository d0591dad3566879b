import type { BlockProps } from '../registry';
import { record, text } from '../lib/content';
import { CampaignCaption, LoyaltyButtons } from '../lib/loyalty';
import { ResponsiveImage, ratioStyle } from '../lib/media';
import './BalanceDisplay.css';

/** The member's balance comes from the loyalty system at run time; the preview shows this sample in its place. */
const SAMPLE_POINTS = '1,250';
const POINTS_TOKEN = '{points}';

/** The member's points balance on campaign art: the figure, the copy (with {points} filled in) and buttons. */
export default function BalanceDisplay({ content }: BlockProps) {
  const title = text(content, 'title');
  const parts = text(content, 'text').split(POINTS_TOKEN);
  return (
    <div className="balance-display">
      <div className="balance-display-art ratio" style={ratioStyle(content)}>
        <ResponsiveImage images={record(content, 'images')} alt="" />
      </div>
      <div className="balance-display-card">
        {title && <h2 className="balance-display-title">{title}</h2>}
        <p className="balance-display-figure" title="Sample balance: members see their own points">
          <span className="balance-display-number">{SAMPLE_POINTS}</span>
          <span className="balance-display-unit">points</span>
        </p>
        {parts.some(Boolean) && (
          <p className="balance-display-text">
            {parts.map((part, index) => (
              <span key={index}>
                {index > 0 && <strong>{SAMPLE_POINTS}</strong>}
                {part}
              </span>
            ))}
          </p>
        )}
        <LoyaltyButtons content={content} />
        <CampaignCaption content={content} note="sample balance" />
      </div>
    </div>
  );
}
