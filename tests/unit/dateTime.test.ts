import { describe, expect, it } from 'vitest';
import { describeTime, formatRelativeTime } from '../../core/rules/dateTime';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (seconds: number): Date => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it('reads as now under ten seconds, and for a clock slightly ahead', () => {
    expect(formatRelativeTime(ago(3), now, 'en')).toBe('now');
    expect(formatRelativeTime(ago(-5), now, 'en')).toBe('now');
  });

  it('takes the largest whole unit', () => {
    expect(formatRelativeTime(ago(42), now, 'en')).toBe('42 seconds ago');
    expect(formatRelativeTime(ago(5 * 60 + 59), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400), now, 'en')).toBe('4 days ago');
  });

  it('speaks the given locale', () => {
    expect(formatRelativeTime(ago(120), now, 'fr')).toBe('il y a 2 minutes');
    expect(formatRelativeTime(ago(120), now, 'de')).toBe('vor 2 Minuten');
  });
});

describe('describeTime', () => {
  const iso = (date: Date): string => date.toISOString();

  it('reads a recent time relatively, with the local time and the exact UTC time on hover', () => {
    expect(describeTime(iso(ago(5 * 60)), now, 'en-GB', 'Europe/Paris')).toEqual({
      text: '5 minutes ago',
      title: '24 Nov 2026, 12:55 · 2026-11-24 11:55 UTC',
    });
  });

  it("shows an older time as a date and time in the user's zone and locale", () => {
    expect(describeTime('2026-11-01T08:30:00.000Z', now, 'en-GB', 'Europe/London').text).toBe('1 Nov 2026, 08:30');
    expect(describeTime('2026-11-01T08:30:00.000Z', now, 'en-US', 'America/New_York').text).toBe(
      'Nov 1, 2026, 3:30 AM',
    );
    expect(describeTime('2026-11-01T08:30:00.000Z', now, 'de', 'Europe/Berlin').text).toBe('01.11.2026, 09:30');
  });

  it('reads a clock a little ahead as now, and a time well in the future as a date', () => {
    expect(describeTime(iso(ago(-30)), now, 'en').text).toBe('now');
    expect(describeTime('2026-12-25T00:00:00Z', now, 'en-GB', 'UTC').text).toBe('25 Dec 2026, 00:00');
  });

  it('gives back a timestamp it cannot read as written, rather than "Invalid Date"', () => {
    expect(describeTime('soon', now)).toEqual({ text: 'soon', title: 'soon' });
  });
});
