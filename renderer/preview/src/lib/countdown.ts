/**
 * CountdownBanner time rules (catalogue spec §3 "CountdownBanner", §4 "three display phases"). Pure: every
 * function takes the moment it reasons about, so the banner's one-second tick and the tests share one rule.
 *
 * A countdown's dates are wall-clock times in the time zone its `timezone` select box names. Each name in the
 * countdownTimeZones option list stands for one fixed offset from UTC: a summer-time name (PDT, BST, CEST)
 * is its own entry, so no daylight-saving rule applies on top of the offset.
 */

export type CountdownPhase = 'beforeStart' | 'duringCountdown' | 'completed';

export const COUNTDOWN_PHASES: readonly CountdownPhase[] = ['beforeStart', 'duringCountdown', 'completed'];

/**
 * Minutes east of UTC for each countdownTimeZones value. The list is ordered west to east; where an
 * abbreviation is ambiguous its place in that order decides (CAST is Central America, not Central Australia;
 * GST is Greenland, not the Gulf).
 */
export const TIME_ZONE_OFFSETS: Readonly<Record<string, number>> = Object.freeze({
  PST: -8 * 60, // Pacific Standard Time
  PDT: -7 * 60, // Pacific Daylight Time
  CAST: -6 * 60, // Central America Standard Time
  CST: -6 * 60, // (North American) Central Standard Time
  EST: -5 * 60, // Eastern Standard Time
  AST: -4 * 60, // Atlantic Standard Time
  GST: -3 * 60, // Greenland Standard Time
  UTC: 0,
  GMT: 0, // Greenwich Mean Time
  BST: 60, // British Summer Time
  CEST: 2 * 60, // Central European Summer Time
  MEST: 2 * 60, // Middle European Summer Time
  PKT: 5 * 60, // Pakistan Standard Time
  IST: 5 * 60 + 30, // India Standard Time
  MPST: 8 * 60, // Malay Peninsula Standard Time
  WAST: 8 * 60, // Western Australia Standard Time
  JST: 9 * 60, // Japan Standard Time
  KST: 9 * 60, // Korea Standard Time
  EAST: 10 * 60, // Eastern Australia Standard Time
  WPST: 10 * 60, // West Pacific Standard Time
  CPST: 11 * 60, // Central Pacific Standard Time
  NZST: 12 * 60, // New Zealand Standard Time
});

/** The zone a countdown falls back to when its timezone names no known zone. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const isKnownTimeZone = (zone: string): boolean => Object.hasOwn(TIME_ZONE_OFFSETS, zone);

/** Minutes east of UTC of a zone name (case-insensitive); unknown names count as UTC. */
export function zoneOffsetMinutes(zone: string): number {
  const name = zone.trim().toUpperCase();
  return isKnownTimeZone(name) ? TIME_ZONE_OFFSETS[name]! : 0;
}

/** '+05:30', '-08:00', '+00:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The UTC instant (ms since the epoch) of a wall-clock date ('YYYY-MM-DD') and time ('HH:mm' or 'HH:mm:ss';
 * empty is midnight) in a zone. NaN when the date or time is missing or not a real one.
 */
export function zonedTime(date: string, time: string, zone: string): number {
  const day = DATE.exec(date.trim());
  const clock = TIME.exec(time.trim() || '00:00');
  if (!day || !clock) return Number.NaN;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return Number.NaN;
  const utc = Date.UTC(year, month - 1, dayOfMonth, hours, minutes, seconds);
  // Date.UTC rolls 31 February over into March: such a date is not a real one.
  if (new Date(utc).getUTCDate() !== dayOfMonth) return Number.NaN;
  return utc - zoneOffsetMinutes(zone) * 60_000;
}

/** The UTC instant of a date-time input's value ('YYYY-MM-DDTHH:mm', a space also accepted) in a zone. */
export function zonedDateTime(dateTime: string, zone: string): number {
  const [date = '', time = ''] = dateTime.trim().split(/[T ]/);
  return zonedTime(date, time, zone);
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole milliseconds left, never negative. */
  totalMs: number;
}

/** Time left until a moment, split into whole days, hours, minutes and seconds (rounded down). */
export function remainingUntil(now: number, target: number): Remaining {
  const totalMs = Number.isFinite(target) ? Math.max(0, target - now) : 0;
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

export interface PhaseState {
  phase: CountdownPhase;
  /** Until the launch; all zero once it has passed or when no launch is set. */
  remaining: Remaining;
}

const instant = (value: number | Date): number => (value instanceof Date ? value.getTime() : value);

/**
 * The phase a countdown shows at `now`, all three given as instants (ms since the epoch, or Dates):
 * - completed from the launch on (the launch wins even if the countdown was set to start after it);
 * - beforeStart until the countdown starts;
 * - duringCountdown from the start until the launch.
 * No countdown start (NaN) counts down from the first moment on; no launch (NaN) never starts or completes.
 */
export function phaseAt(now: number | Date, launch: number | Date, startCountdown: number | Date): PhaseState {
  const [at, launchAt, startAt] = [instant(now), instant(launch), instant(startCountdown)];
  const remaining = remainingUntil(at, launchAt);
  if (!Number.isFinite(launchAt)) return { phase: 'beforeStart', remaining };
  if (at >= launchAt) return { phase: 'completed', remaining };
  if (Number.isFinite(startAt) && at < startAt) return { phase: 'beforeStart', remaining };
  return { phase: 'duringCountdown', remaining };
}

const WALL_CLOCK_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A wall-clock date ('YYYY-MM-DD') and optional time ('HH:mm') as written, without moving it to any zone:
 * "Fri 27 Nov 2026, 09:00". Text that is not such a date comes back as it is.
 */
export function formatWallClock(date: string, time = ''): string {
  const utc = zonedTime(date, time, 'UTC');
  if (!Number.isFinite(utc)) return [date, time].filter(Boolean).join(' ');
  const day = WALL_CLOCK_FORMAT.format(utc).replace(/,/g, '');
  const clock = TIME.exec(time.trim());
  return clock ? `${day}, ${clock[1]!.padStart(2, '0')}:${clock[2]}` : day;
}

/** formatWallClock for a date-time input's value ('YYYY-MM-DDTHH:mm'). */
export function formatWallClockDateTime(dateTime: string): string {
  const [date = '', time = ''] = dateTime.trim().split(/[T ]/);
  return formatWallClock(date, time);
}
