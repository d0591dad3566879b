import { z } from 'zod';
import { LiveMessageSchema } from './live';
import type { Permissions } from './permissions';
import { PageKeySchema } from './schemas';

/**
 * Releases (issue 24 §2): a named set of page × country × version items that go live together, at once or at a
 * scheduled time, in one transaction, and roll back together. Kept by a team server only.
 */

/** The most items one release holds (Contentful's is 200, Sanity's 1,000); one answer lists them all. */
export const MAX_RELEASE_ITEMS = 500;
/** How late past its time a release may fire and still count as on time (the issue's "within 60 s"). */
export const RELEASE_ON_TIME_MS = 60_000;

/**
 * - draft: being put together; items change freely.
 * - scheduled: frozen, waiting for its time. Changing an item returns it to draft (with a warning).
 * - going-live: its time came and a server is moving its pointers (one transaction).
 * - live: every item went live. failed: none did (note says why); it can be changed and scheduled again.
 * - rolled-back: every item is back on the version it had before.
 */
export const RELEASE_STATUSES = ['draft', 'scheduled', 'going-live', 'live', 'failed', 'rolled-back'] as const;
export const ReleaseStatusSchema = z.enum(RELEASE_STATUSES);
export type ReleaseStatus = z.infer<typeof ReleaseStatusSchema>;

export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  'going-live': 'Going live',
  live: 'Live',
  failed: 'Failed',
  'rolled-back': 'Rolled back',
};

/** Open releases can still go live; two open releases holding one page × country collide. */
export function isOpenRelease(status: ReleaseStatus): boolean {
  return status === 'draft' || status === 'scheduled' || status === 'going-live' || status === 'failed';
}

/** Items can change while a release has not gone live (a scheduled one returns to draft). */
export function mayChangeRelease(status: ReleaseStatus): boolean {
  return status === 'draft' || status === 'scheduled' || status === 'failed';
}

/** Who sees the Releases screen and the release events: users with publish somewhere, and admins. */
export function maySeeReleases(permissions: Permissions): boolean {
  return permissions.publish.allow.length > 0 || permissions.admin.allow.length > 0;
}

export const ReleaseNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the release a name')
  .max(80, 'A release name has at most 80 characters')
  .refine((name) => ![...name].some((char) => char.charCodeAt(0) < 0x20), 'A release name has no control characters');

export const ReleaseIdSchema = z.number().int().positive().max(2_147_483_647);

/** One page × country of a release, and the content version it puts live. */
export const ReleaseItemSchema = z.object({ pageKey: PageKeySchema, version: z.number().int().positive() });
export type ReleaseItem = z.infer<typeof ReleaseItemSchema>;

/**
 * An item as a release holds it. liveBefore: once the release went live, the version that was live before it
 * (null when the page was not live), which is what changed and what a rollback returns to.
 */
export const ReleaseItemStateSchema = ReleaseItemSchema.extend({
  liveBefore: z.number().int().positive().nullable(),
});
export type ReleaseItemState = z.infer<typeof ReleaseItemStateSchema>;

export const ReleaseSummarySchema = z.object({
  id: ReleaseIdSchema,
  name: z.string(),
  status: ReleaseStatusSchema,
  /** When it is to go live, in UTC (ISO 8601 with Z); null unless scheduled (kept after it went live). */
  scheduledFor: z.string().nullable(),
  /** Who scheduled it: the user whose publish permission it goes live with. */
  scheduledBy: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  wentLiveAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  /** Why it failed, or how late it went live and why; null otherwise. */
  note: z.string().nullable(),
  itemCount: z.number().int().nonnegative(),
});
export type ReleaseSummary = z.infer<typeof ReleaseSummarySchema>;

export const ReleaseSchema = ReleaseSummarySchema.extend({ items: z.array(ReleaseItemStateSchema) });
export type Release = z.infer<typeof ReleaseSchema>;

/** A page × country of this release that other open releases hold too. */
export const ReleaseCollisionSchema = z.object({
  pageKey: PageKeySchema,
  releases: z.array(z.object({ id: ReleaseIdSchema, name: z.string() })).min(1),
});
export type ReleaseCollision = z.infer<typeof ReleaseCollisionSchema>;

/**
 * A release with its collisions. unscheduled: this change took a scheduled release back to draft (the
 * desktop shows unscheduledWarning).
 */
export const ReleaseAnswerSchema = z.object({
  release: ReleaseSchema,
  collisions: z.array(ReleaseCollisionSchema),
  unscheduled: z.boolean().default(false),
});
export type ReleaseAnswer = z.output<typeof ReleaseAnswerSchema>;

export const ReleaseListAnswerSchema = z.object({
  releases: z.array(ReleaseSummarySchema),
  total: z.number().int().nonnegative(),
});
export type ReleaseListAnswer = z.infer<typeof ReleaseListAnswerSchema>;

// Requests (the wire and IPC carry the same shapes; the server takes who asks from the token)

export const CreateReleaseRequestSchema = z.object({ name: ReleaseNameSchema });
/** Adds items or changes their version (set), and takes items out (remove); at most MAX_RELEASE_ITEMS after. */
export const ChangeReleaseItemsRequestSchema = z.object({
  id: ReleaseIdSchema,
  set: z.array(ReleaseItemSchema).max(MAX_RELEASE_ITEMS).default([]),
  remove: z.array(PageKeySchema).max(MAX_RELEASE_ITEMS).default([]),
});
export type ChangeReleaseItemsRequest = z.input<typeof ChangeReleaseItemsRequestSchema>;
/** Schedules the release (needs publish for every item): `at` in UTC, in the future. */
export const ScheduleReleaseRequestSchema = z.object({
  id: ReleaseIdSchema,
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time' }),
});
export const ReleaseIdRequestSchema = z.object({ id: ReleaseIdSchema });
/** Rolls a live release back: every item to the version it had before (its liveBefore). */
export const RollBackReleaseRequestSchema = z.object({ id: ReleaseIdSchema, message: LiveMessageSchema });

// Rules and wording

/** Why release calls fail without a team server (the embedded store keeps no releases). */
export const RELEASES_NEED_TEAM =
  'Releases are kept by a team server. Sign in to one in Settings to make and schedule releases.';

/** The live entries' message of a release's go-live. */
export function releaseLiveMessage(name: string): string {
  return `Release "${name}"`;
}

/** "\"Summer sale\" and \"Black Friday\" both hold JD GB home (GB, web)": a collision, naming every release. */
export function collisionWarning(names: readonly string[], page: string): string {
  const quoted = names.map((name) => `"${name}"`);
  const list = quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `${list} ${quoted.length === 2 ? 'both' : 'all'} hold ${page}`;
}

/** The warning when a change took a scheduled release back to draft. */
export function unscheduledWarning(name: string): string {
  return `"${name}" was scheduled: changing it unscheduled it. Schedule it again when it is ready.`;
}

/** Why a release's items cannot change now, or null when they can. */
export function releaseChangeRefusal(name: string, status: ReleaseStatus): string | null {
  if (mayChangeRelease(status)) return null;
  return `"${name}" is ${RELEASE_STATUS_LABELS[status].toLowerCase()}: its items can no longer change. Make a new release instead.`;
}

/** Why a time cannot be a release's schedule, or null (it must lie ahead of now). */
export function scheduleRefusal(at: string, now: Date): string | null {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return 'Choose a date and time for the release';
  return time <= now.getTime() ? 'Choose a time in the future: that time has passed' : null;
}

/** The note of a release that went live late: "Went live 12 minutes late: no team server was running at its time." */
export function lateNote(scheduledFor: string, wentLiveAt: string, why: string): string | null {
  const late = Date.parse(wentLiveAt) - Date.parse(scheduledFor);
  if (!(late > RELEASE_ON_TIME_MS)) return null;
  const minutes = Math.round(late / 60_000);
  const span = minutes < 120 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(minutes / 60)} hours`;
  return `Went live ${span} late: ${why}.`;
}

/** A schedule as the Releases screen shows it: the user's own time zone, and UTC beside it. */
export function describeSchedule(at: string, timeZone: string, locale = 'en-GB'): string {
  const date = new Date(at);
  const local = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
  const utc = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(date);
  const utcDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  const localDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(date);
  return `${local} (${timeZone}) · ${utcDay === localDay ? '' : `${utcDay}, `}${utc} UTC`;
}
