import { useEffect, useState } from 'react';
import type { BlockProps } from '../registry';
import { choice, flag, record, text } from '../lib/content';
import {
  DEFAULT_TIME_ZONE,
  formatWallClock,
  formatWallClockDateTime,
  isKnownTimeZone,
  phaseAt,
  zonedDateTime,
  zonedTime,
  type Remaining,
} from '../lib/countdown';
import { Ctas, linkHref, ratioStyle } from '../lib/media';
import { ParallaxArt } from '../lib/parallax';
import './CountdownBanner.css';

const TICK_MS = 1000;

/** The current time, again every second while the banner is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const pad = (value: number): string => String(value).padStart(2, '0');

function Timer({ remaining }: { remaining: Remaining }) {
  const units: [number, string][] = [
    [remaining.days, 'Days'],
    [remaining.hours, 'Hours'],
    [remaining.minutes, 'Mins'],
    [remaining.seconds, 'Secs'],
  ];
  const spoken = `${remaining.days} days ${remaining.hours} hours ${remaining.minutes} minutes ${remaining.seconds} seconds`;
  return (
    <div className="countdown-banner-timer" role="timer" aria-label={spoken}>
      {units.map(([value, unit]) => (
        <div key={unit} className="countdown-banner-unit" aria-hidden="true">
          <span className="countdown-banner-value">{pad(value)}</span>
          <span className="countdown-banner-name">{unit}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * A launch countdown in three phases (catalogue spec §4), each with its own title, subtitle, link and calls
 * to action: beforeStart until startCountdownDateTime, duringCountdown with a ticking days/hours/minutes/
 * seconds timer until launchDate at launchTime, and completed from then on. All dates are wall-clock times in
 * the chosen time zone. parallax fixes the art behind the page as it scrolls.
 */
export default function CountdownBanner({ content }: BlockProps) {
  const now = useNow();
  const chosenZone = choice(content, 'timezone', DEFAULT_TIME_ZONE).trim().toUpperCase();
  const zone = isKnownTimeZone(chosenZone) ? chosenZone : DEFAULT_TIME_ZONE;
  const launchDate = text(content, 'launchDate');
  const launchTime = text(content, 'launchTime');
  const startDateTime = text(content, 'startCountdownDateTime');
  const { phase, remaining } = phaseAt(
    now,
    zonedTime(launchDate, launchTime, zone),
    zonedDateTime(startDateTime, zone),
  );

  const copy = record(content, phase);
  const texts = record(copy, 'texts');
  const title = text(texts, 'title');
  const subtitle = text(texts, 'subtitle');
  const images = record(content, 'images');
  const parallax = flag(content, 'parallax');
  const launch = launchDate ? `${formatWallClock(launchDate, launchTime)} ${zone}` : '';

  return (
    <div
      className={parallax ? 'countdown-banner parallax' : 'countdown-banner'}
      data-phase={phase}
      data-time-zone={zone}
      style={ratioStyle(content)}
    >
      <div className="countdown-banner-art ratio">
        <ParallaxArt images={images} alt={title} parallax={parallax} className="countdown-banner-parallax" />
        <a className="countdown-banner-link" href={linkHref(copy, 'links')} aria-label={title || 'Countdown'} />
      </div>
      <div className="countdown-banner-layer">
        <div className="countdown-banner-copy">
          {title && <h2 className="countdown-banner-title">{title}</h2>}
          {subtitle && <p className="countdown-banner-subtitle">{subtitle}</p>}
          {phase === 'beforeStart' && startDateTime && (
            <p className="countdown-banner-when">
              Countdown starts{' '}
              <time dateTime={startDateTime}>{`${formatWallClockDateTime(startDateTime)} ${zone}`}</time>
            </p>
          )}
          {phase === 'duringCountdown' && <Timer remaining={remaining} />}
          {phase === 'duringCountdown' && launch && (
            <p className="countdown-banner-when">
              Launches <time dateTime={`${launchDate}T${launchTime}`}>{launch}</time>
            </p>
          )}
          {phase === 'completed' && <p className="countdown-banner-live">Live now</p>}
          <Ctas content={copy} align="center" />
        </div>
      </div>
    </div>
  );
}
