/** The steps of a relative time: each unit is used until the next one reads better. */
const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
  { unit: 'second', seconds: 1 },
];

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
