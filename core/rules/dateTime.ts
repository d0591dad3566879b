import { formatUtcTime } from './utcTime';

/** The steps of a relative time: each unit is used until the next one reads better. */
const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

/** Beyond a week, "23 days ago" says less than the date itself. */
const RELATIVE_FOR_SECONDS = 7 * 86_400;

/**
 * How long ago `then` was, in the user's locale ("5 minutes ago", "il y a 5 minutes"). Under ten seconds reads
 * as "now": a figure that changes every second would only draw the eye.
 */
export function formatRelativeTime(then: Date, now: Date, locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const elapsed = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (elapsed < 10) return format.format(0, 'second');
  const step = UNITS.find(({ seconds }) => elapsed >= seconds) ?? UNITS[UNITS.length - 1]!;
  return format.format(-Math.floor(elapsed / step.seconds), step.unit);
}

export interface TimeText {
  /** What the page shows: relative within a week ("5 minutes ago"), else the date and time in the user's zone. */
  text: string;
  /** What shows on hover: the local date and time, then the exact time in UTC. */
  title: string;
}

/**
 * A stored timestamp (ISO 8601) as the user reads it (issue 15): in their locale and time zone, relative when
 * recent, with the exact UTC time on hover, since colleagues of one page sit in different time zones. The one
 * rule for every date the editor shows. `locale` and `timeZone` default to the user's.
 */
export function describeTime(iso: string, now: Date, locale?: string, timeZone?: string): TimeText {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return { text: iso, title: iso };
  const local = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(then);
  const elapsed = (now.getTime() - then.getTime()) / 1000;
  // A clock a little ahead of ours still reads "now"; a date truly in the future reads as a date.
  const recent = elapsed > -60 && elapsed < RELATIVE_FOR_SECONDS;
  return { text: recent ? formatRelativeTime(then, now, locale) : local, title: `${local} · ${formatUtcTime(iso)}` };
}
