import { maySeeReleases, type ReleaseItemState, type ReleaseSummary } from '../../../../core/releases';
import type { VersionSummary } from '../../../../core/schemas';
import type { UserPermissions } from '../../../../core/team';

/**
 * What the Releases screen and the dashboard's Add to release show, kept apart from React so it can be tested:
 * who sees releases, an item's change once live, a release's time, the schedule's input in the user's zone.
 */

/**
 * Whether the desktop offers releases: to whom the server lets list, create and change them (publish somewhere,
 * or admin), and while GET /me has not answered (the server still decides).
 * Without it the actions are absent, like Go live.
 */
export function mayUseReleases(permissions: UserPermissions): boolean {
  return permissions.mode === 'everything' || maySeeReleases(permissions.permissions);
}

/** What a live release changed on an item: "v3 → v5", or "not live → v5" when the page was not live before. */
export function describeItemChange(item: Pick<ReleaseItemState, 'version' | 'liveBefore'>): string {
  return `${item.liveBefore === null ? 'not live' : `v${item.liveBefore}`} → v${item.version}`;
}

/** The time a release's list row shows, with what it is: when it goes or went live, rolled back, or last changed. */
export function releaseTime(release: ReleaseSummary): { label: string; at: string } {
  if (release.status === 'rolled-back' && release.rolledBackAt)
    return { label: 'Rolled back', at: release.rolledBackAt };
  if (release.wentLiveAt) return { label: 'Went live', at: release.wentLiveAt };
  if (release.scheduledFor && (release.status === 'scheduled' || release.status === 'going-live'))
    return { label: 'Goes live', at: release.scheduledFor };
  return { label: 'Changed', at: release.updatedAt };
}

/** A page's content versions (bookmarks never go live), newest first whatever order the service answered in. */
export function contentVersionsNewestFirst(versions: readonly VersionSummary[]): VersionSummary[] {
  return versions.filter(({ kind }) => kind === 'content').sort((a, b) => b.version - a.version);
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** A time as a date-and-time input shows it, in the zone the desktop runs in: "2026-11-28T21:30". */
export function toScheduleInput(at: Date): string {
  return `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}T${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`;
}

/** A date-and-time input's value, read in the desktop's zone, as the UTC time the wire carries; null when empty or not a time. */
export function scheduleFromInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  // Without an offset, a date-time string is read in the local zone (ECMAScript Date Time String Format).
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** The schedule a release's form starts with: its own time when it has one, else the next whole hour. */
export function initialScheduleInput(scheduledFor: string | null, now: Date): string {
  if (scheduledFor) return toScheduleInput(new Date(scheduledFor));
  const next = new Date(now);
  next.setHours(next.getHours() + 1, 0, 0, 0);
  return toScheduleInput(next);
}

/** The time zone the desktop runs in, as describeSchedule names it ("Europe/London"). */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
