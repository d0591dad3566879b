import type { BlockProps } from '../registry';
import { record, text } from '../lib/content';
import { CampaignCaption, LoyaltyButtons } from '../lib/loyalty';
import { ResponsiveImage, ratioStyle } from '../lib/media';
import './AddToWallet.css';

/** The membership card pitch: copy and an add-to-wallet button beside the art (under it on mobile). */
export default function AddToWallet({ content }: BlockProps) {
  const title = text(content, 'title');
  const body = text(content, 'text');
  return (
    <div className="add-to-wallet">
      <div className="add-to-wallet-art ratio" style={ratioStyle(content)}>
        <ResponsiveImage images={record(content, 'images')} alt="" />
      </div>
      <div className="add-to-wallet-copy">
        <p className="add-to-wallet-eyebrow" aria-hidden="true">
          <span className="add-to-wallet-icon" />
          Membership card
        </p>
        {title && <h2 className="add-to-wallet-title">{title}</h2>}
        {body && <p className="add-to-wallet-text">{body}</p>}
        <LoyaltyButtons content={content} />
        <CampaignCaption content={content} />
      </div>
    </div>
  );
}
