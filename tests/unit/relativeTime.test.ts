import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../renderer/editor/src/team/relativeTime';

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
