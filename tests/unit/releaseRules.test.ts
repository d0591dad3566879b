import { describe, expect, it } from 'vitest';
import { EVERYWHERE, effectivePermissions, roleTable, type Grant } from '../../core/permissions';
import {
  collisionWarning,
  describeSchedule,
  isOpenRelease,
  lateNote,
  mayChangeRelease,
  maySeeReleases,
  releaseChangeRefusal,
  scheduleRefusal,
  unscheduledWarning,
} from '../../core/releases';

/** The release rules of core/releases.ts (issue 24 §2), pure. */

describe('collisionWarning', () => {
  it('names both releases of a collision', () => {
    expect(collisionWarning(['Summer sale', 'Black Friday'], 'JD GB home')).toBe(
      '"Summer sale" and "Black Friday" both hold JD GB home',
    );
  });

  it('names every release when more hold the page', () => {
    expect(collisionWarning(['A', 'B', 'C'], 'JD DE sale')).toBe('"A", "B" and "C" all hold JD DE sale');
  });
});

describe('lateNote', () => {
  const at = '2026-11-28T00:00:00.000Z';
  it('says nothing of a release that went live within 60 s of its time', () => {
    expect(lateNote(at, '2026-11-28T00:00:59.000Z', 'no team server was running at its time')).toBeNull();
    expect(lateNote(at, '2026-11-28T00:01:00.000Z', 'no team server was running at its time')).toBeNull();
  });

  it('says how late in minutes, or hours past two hours, and why', () => {
    expect(lateNote(at, '2026-11-28T00:12:10.000Z', 'no team server was running at its time')).toBe(
      'Went live 12 minutes late: no team server was running at its time.',
    );
    expect(lateNote(at, '2026-11-28T00:01:20.000Z', 'the server going live with it stopped')).toBe(
      'Went live 1 minute late: the server going live with it stopped.',
    );
    expect(lateNote(at, '2026-11-28T05:10:00.000Z', 'no team server was running at its time')).toBe(
      'Went live 5 hours late: no team server was running at its time.',
    );
  });
});

describe('scheduleRefusal', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it('refuses a time that has passed, or is now', () => {
    for (const at of ['2026-11-28T11:59:59Z', '2026-11-28T12:00:00Z'])
      expect(scheduleRefusal(at, now)).toBe('Choose a time in the future: that time has passed');
  });

  it('refuses what is not a time, and takes one ahead', () => {
    expect(scheduleRefusal('soon', now)).toBe('Choose a date and time for the release');
    expect(scheduleRefusal('2026-11-28T13:00:00+01:00', now)).toBe('Choose a time in the future: that time has passed');
    expect(scheduleRefusal('2026-11-28T12:00:01Z', now)).toBeNull();
  });
});

describe('releaseChangeRefusal', () => {
  it('lets drafts, scheduled and failed releases change, and refuses the others by name', () => {
    for (const status of ['draft', 'scheduled', 'failed'] as const) {
      expect(releaseChangeRefusal('Sale', status)).toBeNull();
      expect(mayChangeRelease(status)).toBe(true);
    }
    expect(releaseChangeRefusal('Sale', 'live')).toBe(
      '"Sale" is live: its items can no longer change. Make a new release instead.',
    );
    expect(releaseChangeRefusal('Sale', 'going-live')).toBe(
      '"Sale" is going live: its items can no longer change. Make a new release instead.',
    );
    expect(releaseChangeRefusal('Sale', 'rolled-back')).toBe(
      '"Sale" is rolled back: its items can no longer change. Make a new release instead.',
    );
  });

  it('counts releases that may still go live as open (they collide)', () => {
    expect(['draft', 'scheduled', 'going-live', 'failed'].every((status) => isOpenRelease(status as never))).toBe(true);
    expect(isOpenRelease('live')).toBe(false);
    expect(isOpenRelease('rolled-back')).toBe(false);
  });

  it('warns that a change unscheduled a release', () => {
    expect(unscheduledWarning('Sale')).toBe(
      '"Sale" was scheduled: changing it unscheduled it. Schedule it again when it is ready.',
    );
  });
});

describe('describeSchedule', () => {
  it('shows the time in the user’s zone with UTC beside it', () => {
    expect(describeSchedule('2026-11-28T23:30:00Z', 'Europe/Berlin')).toBe(
      '29 Nov 2026, 00:30 (Europe/Berlin) · 28 Nov 2026, 23:30 UTC',
    );
    expect(describeSchedule('2026-07-01T08:00:00Z', 'Europe/London')).toBe(
      '1 Jul 2026, 09:00 (Europe/London) · 08:00 UTC',
    );
  });
});

describe('maySeeReleases', () => {
  const permissionsOf = (role: string, effect: Grant['effect'] = 'allow') =>
    effectivePermissions([{ role, to: { kind: 'user', name: 'x' }, scope: EVERYWHERE, effect }], roleTable([]));
  it('shows releases to publishers and admins, not to editors', () => {
    expect(maySeeReleases(permissionsOf('publisher'))).toBe(true);
    expect(maySeeReleases(permissionsOf('admin'))).toBe(true);
    expect(maySeeReleases(permissionsOf('editor'))).toBe(false);
  });
});
