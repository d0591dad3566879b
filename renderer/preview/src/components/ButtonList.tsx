import type { BlockProps } from '../registry';
import { text } from '../lib/content';
import { CampaignCaption, LoyaltyButtons } from '../lib/loyalty';
import './ButtonList.css';

/** The member's quick links into the loyalty scheme: a stack of buttons under a title. */
export default function ButtonList({ content }: BlockProps) {
  const title = text(content, 'title');
  return (
    <div className="button-list">
      {title && <h2 className="button-list-title">{title}</h2>}
      <LoyaltyButtons content={content} className="button-list-buttons" />
      <CampaignCaption content={content} />
    </div>
  );
}
