import { describe, expect, it } from 'vitest';
import { OPTION_LISTS } from '../../core/optionLists';
import {
  TIME_ZONE_OFFSETS,
  formatOffset,
  formatWallClock,
  formatWallClockDateTime,
  phaseAt,
  remainingUntil,
  zoneOffsetMinutes,
  zonedDateTime,
  zonedTime,
} from '../../renderer/preview/src/lib/countdown';

const utc = (iso: string): number => Date.parse(`${iso}Z`);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The catalogue default: the countdown starts a week before a 09:00 launch, both GMT.
const start = utc('2026-11-20T09:00:00');
const launch = utc('2026-11-27T09:00:00');

describe('phaseAt', () => {
  it('is beforeStart until the countdown starts', () => {
    expect(phaseAt(utc('2026-11-01T00:00:00'), launch, start).phase).toBe('beforeStart');
    expect(phaseAt(start - 1, launch, start).phase).toBe('beforeStart');
  });

  it('is duringCountdown from the start until the launch, with the time left', () => {
    expect(phaseAt(start, launch, start).phase).toBe('duringCountdown');
    const state = phaseAt(launch - (2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND), launch, start);
    expect(state.phase).toBe('duringCountdown');
    expect(state.remaining).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalMs: 2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND,
    });
    expect(phaseAt(launch - 1, launch, start).phase).toBe('duringCountdown');
  });

  it('rounds the time left down to whole seconds', () => {
    const state = phaseAt(launch - 1500, launch, start);
    expect(state.remaining).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('is completed from the launch on, with nothing left', () => {
    expect(phaseAt(launch, launch, start).phase).toBe('completed');
    const later = phaseAt(launch + 30 * DAY, launch, start);
    expect(later.phase).toBe('completed');
    expect(later.remaining).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 });
  });

  it('accepts Dates as well as instants', () => {
    expect(phaseAt(new Date(start + HOUR), new Date(launch), new Date(start)).phase).toBe('duringCountdown');
  });

  it('lets the launch win over a countdown start set after it', () => {
    expect(phaseAt(launch + HOUR, launch, launch + DAY).phase).toBe('completed');
    expect(phaseAt(launch - HOUR, launch, launch + DAY).phase).toBe('beforeStart');
  });

  it('counts down from the first moment when no start is set, and never starts without a launch', () => {
    expect(phaseAt(start - 30 * DAY, launch, Number.NaN).phase).toBe('duringCountdown');
    expect(phaseAt(start, Number.NaN, start).phase).toBe('beforeStart');
    expect(phaseAt(start, Number.NaN, Number.NaN).remaining.totalMs).toBe(0);
  });
});

describe('remainingUntil', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(remainingUntil(0, 10 * DAY + 23 * HOUR + 59 * MINUTE + 59 * SECOND)).toMatchObject({
      days: 10,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
    expect(remainingUntil(0, 59 * SECOND)).toMatchObject({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  });

  it('never goes negative', () => {
    expect(remainingUntil(DAY, 0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0 });
  });
});

describe('time zones', () => {
  it('has an offset for every value of the countdownTimeZones option list, and nothing else', () => {
    expect(Object.keys(TIME_ZONE_OFFSETS).sort()).toEqual([...OPTION_LISTS.countdownTimeZones].sort());
  });

  it('lists the zones west to east', () => {
    const offsets = OPTION_LISTS.countdownTimeZones.map((zone) => TIME_ZONE_OFFSETS[zone]!);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('knows the offsets of the common zones', () => {
    expect(zoneOffsetMinutes('PST')).toBe(-480);
    expect(zoneOffsetMinutes('PDT')).toBe(-420);
    expect(zoneOffsetMinutes('EST')).toBe(-300);
    expect(zoneOffsetMinutes('GMT')).toBe(0);
    expect(zoneOffsetMinutes('UTC')).toBe(0);
    expect(zoneOffsetMinutes('BST')).toBe(60);
    expect(zoneOffsetMinutes('CEST')).toBe(120);
    expect(zoneOffsetMinutes('IST')).toBe(330);
    expect(zoneOffsetMinutes('JST')).toBe(540);
    expect(zoneOffsetMinutes('NZST')).toBe(720);
  });

  it('reads names case-insensitively and counts an unknown zone as UTC', () => {
    expect(zoneOffsetMinutes('bst')).toBe(60);
    expect(zoneOffsetMinutes('Mars')).toBe(0);
    expect(zoneOffsetMinutes('')).toBe(0);
    expect(zoneOffsetMinutes('toString')).toBe(0);
  });

  it('formats offsets as ±HH:MM', () => {
    expect(formatOffset(330)).toBe('+05:30');
    expect(formatOffset(-480)).toBe('-08:00');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('turns a wall-clock time in a zone into the UTC instant', () => {
    expect(zonedTime('2026-11-27', '09:00', 'GMT')).toBe(utc('2026-11-27T09:00:00'));
    expect(zonedTime('2026-11-27', '09:00', 'UTC')).toBe(utc('2026-11-27T09:00:00'));
    expect(zonedTime('2026-07-01', '09:00', 'BST')).toBe(utc('2026-07-01T08:00:00'));
    expect(zonedTime('2026-11-27', '09:00', 'PST')).toBe(utc('2026-11-27T17:00:00'));
    expect(zonedTime('2026-11-27', '09:00', 'IST')).toBe(utc('2026-11-27T03:30:00'));
    // Crossing midnight backwards: 09:00 in Auckland is the evening before in UTC.
    expect(zonedTime('2026-11-27', '09:00', 'NZST')).toBe(utc('2026-11-26T21:00:00'));
    expect(zonedTime('2026-11-27', '09:00:30', 'GMT')).toBe(utc('2026-11-27T09:00:30'));
  });

  it('reads a date-time input value in a zone', () => {
    expect(zonedDateTime('2026-11-20T09:00', 'GMT')).toBe(utc('2026-11-20T09:00:00'));
    expect(zonedDateTime('2026-11-20T09:00', 'CEST')).toBe(utc('2026-11-20T07:00:00'));
    expect(zonedDateTime('2026-11-20 23:30', 'EST')).toBe(utc('2026-11-21T04:30:00'));
  });

  it('takes a missing time as midnight and anything unreadable as no moment', () => {
    expect(zonedTime('2026-11-27', '', 'GMT')).toBe(utc('2026-11-27T00:00:00'));
    expect(zonedTime('', '09:00', 'GMT')).toBeNaN();
    expect(zonedTime('27/11/2026', '09:00', 'GMT')).toBeNaN();
    expect(zonedTime('2026-02-31', '09:00', 'GMT')).toBeNaN();
    expect(zonedTime('2026-11-27', '25:00', 'GMT')).toBeNaN();
    expect(zonedDateTime('', 'GMT')).toBeNaN();
  });

  it('moves the phase boundaries with the zone', () => {
    // A 09:00 launch in Tokyo has already happened at 08:00 UTC the same day; in New York it is hours away.
    const now = utc('2026-11-27T08:00:00');
    const startOf = (zone: string) => zonedDateTime('2026-11-20T09:00', zone);
    expect(phaseAt(now, zonedTime('2026-11-27', '09:00', 'JST'), startOf('JST')).phase).toBe('completed');
    const newYork = phaseAt(now, zonedTime('2026-11-27', '09:00', 'EST'), startOf('EST'));
    expect(newYork.phase).toBe('duringCountdown');
    expect(newYork.remaining).toMatchObject({ days: 0, hours: 6, minutes: 0, seconds: 0 });
  });
});

describe('formatWallClock', () => {
  it('shows a date and time as written, in no particular zone', () => {
    expect(formatWallClock('2026-11-27', '09:00')).toBe('Fri 27 Nov 2026, 09:00');
    expect(formatWallClock('2026-11-27')).toBe('Fri 27 Nov 2026');
    expect(formatWallClockDateTime('2026-03-14T15:00')).toBe('Sat 14 Mar 2026, 15:00');
  });

  it('gives unreadable text back as it is', () => {
    expect(formatWallClock('next Friday', '9am')).toBe('next Friday 9am');
    expect(formatWallClockDateTime('')).toBe('');
  });
});
