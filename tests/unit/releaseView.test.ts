import { describe, expect, it } from 'vitest';
import { EVERYWHERE, PermissionsSchema } from '../../core/permissions';
import type { ReleaseSummary } from '../../core/releases';
import type { VersionSummary } from '../../core/schemas';
import {
  contentVersionsNewestFirst,
  describeItemChange,
  initialScheduleInput,
  mayUseReleases,
  releaseTime,
  scheduleFromInput,
  toScheduleInput,
} from '../../renderer/editor/src/releases/releaseView';
import { parseRoute, releasePath, RELEASES_PATH } from '../../renderer/editor/src/router';

/** What the Releases screen and the dashboard's Add to release show (issue 24 §4). */

const granted = (actions: Record<string, unknown>) =>
  ({ mode: 'granted', permissions: PermissionsSchema.parse(actions) }) as const;

describe('who is offered releases', () => {
  it('a user with publish anywhere, or admin, and anyone before the server has said', () => {
    expect(mayUseReleases({ mode: 'everything' })).toBe(true);
    const inDe = { fascias: ['site_jd'], countries: ['de'] };
    expect(
      mayUseReleases(granted({ view: { allow: [EVERYWHERE], deny: [] }, publish: { allow: [inDe], deny: [] } })),
    ).toBe(true);
    expect(mayUseReleases(granted({ admin: { allow: [EVERYWHERE], deny: [] } }))).toBe(true);
  });

  it('not an editor or a viewer, who hold no publish', () => {
    expect(
      mayUseReleases(granted({ view: { allow: [EVERYWHERE], deny: [] }, edit: { allow: [EVERYWHERE], deny: [] } })),
    ).toBe(false);
    expect(mayUseReleases(granted({ publish: { allow: [], deny: [EVERYWHERE] } }))).toBe(false);
  });
});

describe('what a live release changed', () => {
  it('names the version live before and the one the release put live', () => {
    expect(describeItemChange({ liveBefore: 3, version: 5 })).toBe('v3 → v5');
    expect(describeItemChange({ liveBefore: null, version: 5 })).toBe('not live → v5');
  });
});

describe("a release's time in the list", () => {
  const summary = (patch: Partial<ReleaseSummary>): ReleaseSummary => ({
    id: 1,
    name: 'Black Friday',
    status: 'draft',
    scheduledFor: null,
    scheduledBy: null,
    createdBy: 'pub@example.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    wentLiveAt: null,
    rolledBackAt: null,
    note: null,
    itemCount: 0,
    ...patch,
  });
  const at = '2026-11-27T00:00:00.000Z';

  it('is when it goes live, went live or was rolled back, else when it last changed', () => {
    expect(releaseTime(summary({}))).toEqual({ label: 'Changed', at: '2026-11-02T10:00:00.000Z' });
    expect(releaseTime(summary({ status: 'scheduled', scheduledFor: at }))).toEqual({ label: 'Goes live', at });
    expect(releaseTime(summary({ status: 'going-live', scheduledFor: at }))).toEqual({ label: 'Goes live', at });
    expect(releaseTime(summary({ status: 'live', scheduledFor: at, wentLiveAt: '2026-11-27T00:00:20.000Z' }))).toEqual({
      label: 'Went live',
      at: '2026-11-27T00:00:20.000Z',
    });
    expect(
      releaseTime(summary({ status: 'rolled-back', wentLiveAt: at, rolledBackAt: '2026-11-28T09:00:00.000Z' })),
    ).toEqual({ label: 'Rolled back', at: '2026-11-28T09:00:00.000Z' });
    // A failed release that was scheduled shows when it last changed, not a time that passed without it.
    expect(releaseTime(summary({ status: 'failed', scheduledFor: at }))).toEqual({
      label: 'Changed',
      at: '2026-11-02T10:00:00.000Z',
    });
  });
});

describe("a release item's version choices", () => {
  const version = (number: number, kind: VersionSummary['kind']): VersionSummary => ({
    version: number,
    hash: `h${number}`,
    author: 'ed@example.com',
    timestamp: '2026-11-01T10:00:00.000Z',
    commitMessage: '',
    kind,
  });
  it('are the content versions, newest first (bookmarks never go live)', () => {
    const versions = [version(1, 'content'), version(3, 'content'), version(4, 'bookmark'), version(2, 'content')];
    expect(contentVersionsNewestFirst(versions).map(({ version: number }) => number)).toEqual([3, 2, 1]);
  });
});

describe("the schedule's date and time input", () => {
  it("reads the input in the desktop's zone and sends UTC", () => {
    // new Date(y, m, d, h, min) is local time too, so this holds in every zone the tests run in.
    expect(scheduleFromInput('2026-11-28T21:30')).toBe(new Date(2026, 10, 28, 21, 30).toISOString());
    expect(scheduleFromInput('2026-11-28T21:30:15')).toBe(new Date(2026, 10, 28, 21, 30, 15).toISOString());
  });

  it('gives no time for an empty or partial input', () => {
    expect(scheduleFromInput('')).toBeNull();
    expect(scheduleFromInput('2026-11-28')).toBeNull();
    expect(scheduleFromInput('2026-13-45T99:99')).toBeNull();
  });

  it("shows a time in the desktop's zone, to the minute, and reads back the same time", () => {
    const time = new Date(2027, 0, 5, 7, 4, 59);
    expect(toScheduleInput(time)).toBe('2027-01-05T07:04');
    expect(scheduleFromInput(toScheduleInput(time))).toBe(new Date(2027, 0, 5, 7, 4).toISOString());
  });

  it("starts at the release's own time, or at the next whole hour", () => {
    const scheduled = new Date(2026, 11, 1, 0, 0).toISOString();
    expect(initialScheduleInput(scheduled, new Date(2026, 10, 28, 9, 41))).toBe('2026-12-01T00:00');
    expect(initialScheduleInput(null, new Date(2026, 10, 28, 9, 41))).toBe('2026-11-28T10:00');
    expect(initialScheduleInput(null, new Date(2026, 11, 31, 23, 5))).toBe('2027-01-01T00:00');
  });
});

describe('the Releases routes', () => {
  it('are the list and one release by its id', () => {
    expect(parseRoute(`#${RELEASES_PATH}`)).toEqual({ name: 'releases' });
    expect(parseRoute(`#${releasePath(42)}`)).toEqual({ name: 'release', id: 42 });
    expect(parseRoute('#/releases/0')).toEqual({ name: 'unknown', path: '/releases/0' });
    expect(parseRoute('#/releases/abc')).toEqual({ name: 'unknown', path: '/releases/abc' });
  });
});
