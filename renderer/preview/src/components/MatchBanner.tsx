import type { BlockProps } from '../registry';
import { imageUrl } from '../lib/blockContext';
import { record, text, type Content } from '../lib/content';
import { formatWallClockDateTime } from '../lib/countdown';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import './MatchBanner.css';

function Team({ team, side }: { team: Content; side: 'home' | 'away' }) {
  const name = text(team, 'name');
  const logo = text(team, 'logo');
  return (
    <div className={`match-banner-team ${side}`}>
      {logo ? (
        <img className="match-banner-crest" src={imageUrl(logo)} alt={name ? `${name} crest` : ''} />
      ) : (
        <span className="match-banner-crest" aria-hidden="true" />
      )}
      <span className="match-banner-team-name">{name || (side === 'home' ? 'Home' : 'Away')}</span>
    </div>
  );
}

/**
 * A fixture on matchday art: the competition, both clubs' crests and names, kick-off and venue, then the
 * campaign copy and where to buy each side's kit.
 */
export default function MatchBanner({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const competition = text(content, 'competition');
  const kickOff = text(content, 'kickOffDateTime');
  const venue = text(content, 'venue');
  const [date, time] = kickOff ? formatWallClockDateTime(kickOff).split(', ') : [];
  return (
    <div className="match-banner" style={ratioStyle(content)}>
      <div className="match-banner-art ratio">
        <ResponsiveImage images={record(content, 'images')} alt="" />
      </div>
      <div className="match-banner-layer">
        <div className="match-banner-fixture">
          {competition && <p className="match-banner-competition">{competition}</p>}
          <div className="match-banner-teams">
            <Team team={record(content, 'homeTeam')} side="home" />
            <div className="match-banner-kickoff">
              <span className="match-banner-vs">vs</span>
              {time && <span className="match-banner-time">{time}</span>}
            </div>
            <Team team={record(content, 'awayTeam')} side="away" />
          </div>
          {(date || venue) && (
            <p className="match-banner-when">
              {date && <time dateTime={kickOff}>{date}</time>}
              {date && venue && <span aria-hidden="true"> · </span>}
              {venue && <span className="match-banner-venue">{venue}</span>}
            </p>
          )}
        </div>
        <div className="match-banner-copy">
          {title && <h2 className="match-banner-title">{title}</h2>}
          {subtitle && <p className="match-banner-subtitle">{subtitle}</p>}
          <Ctas content={content} align="center" />
        </div>
      </div>
    </div>
  );
}
