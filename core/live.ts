import { z } from 'zod';
import { COMMIT_MESSAGE_MAX } from './rules/page';
import { PageKeySchema } from './schemas';

export { LiveStateSchema, type LiveState } from './schemas';

/**
 * Going live (issue 24 §1): each page × country has at most one live version, a pointer to one of its saved
 * content versions (immutable, so the pointer fixes exactly what the storefront serves). Every move of the
 * pointer is kept as a live entry: which version, when, by whom, why, and through which release.
 */

/** How the pointer moved: a go-live picks a version; a rollback returns to the version live before. */
export const LiveMoveSchema = z.enum(['live', 'rollback']);
export type LiveMove = z.infer<typeof LiveMoveSchema>;

export const LiveMessageSchema = z
  .string()
  .trim()
  .min(1, 'Write a message saying why this goes live')
  .max(COMMIT_MESSAGE_MAX, `A message has at most ${COMMIT_MESSAGE_MAX} characters`);

/** One move of a page's live pointer; the newest entry of a page is what is live now. */
export const LiveEntrySchema = z.object({
  pageKey: PageKeySchema,
  /** The content version live from this entry on. */
  version: z.number().int().positive(),
  /** That version's hash: the delivery route's ETag. */
  hash: z.string().min(1),
  /** The version live before this entry; null for a page's first go-live. */
  previous: z.number().int().positive().nullable(),
  move: LiveMoveSchema,
  /** When, in UTC (ISO 8601 with Z). */
  at: z.string(),
  /** Who moved it (lowercased email); the release's scheduler for a scheduled release. */
  by: z.string(),
  message: z.string(),
  /** The release it went live through; null for a single page's go-live or rollback. */
  release: z.string().nullable(),
});
export type LiveEntry = z.infer<typeof LiveEntrySchema>;

/** POST /goLive: puts one of the page's content versions live. */
export const GoLiveRequestSchema = z.object({
  pageKey: PageKeySchema,
  version: z.number().int().positive(),
  message: LiveMessageSchema,
});
export type GoLiveRequest = z.infer<typeof GoLiveRequestSchema>;

/** POST /rollBack: puts the page back on the version live before the current one. */
export const RollBackRequestSchema = z.object({ pageKey: PageKeySchema, message: LiveMessageSchema });
export type RollBackRequest = z.infer<typeof RollBackRequestSchema>;

export const LiveAnswerSchema = z.object({ live: LiveEntrySchema });

/** GET /liveHistory: a page's live entries, newest first. */
export const LiveHistoryAnswerSchema = z.object({
  entries: z.array(LiveEntrySchema),
  total: z.number().int().nonnegative(),
});
export type LiveHistoryAnswer = z.infer<typeof LiveHistoryAnswerSchema>;

/** The delivery route's stage (issue 24 §3): UAT serves the newest content version, live the live one. */
export const DeliveryStageSchema = z.enum(['uat', 'live']);
export type DeliveryStage = z.infer<typeof DeliveryStageSchema>;

/** "UAT is 3 versions ahead of live", or null when UAT is what is live. */
export function aheadOfLive(ahead: number): string | null {
  if (ahead <= 0) return null;
  return `UAT is ${ahead} ${ahead === 1 ? 'version' : 'versions'} ahead of live`;
}

/**
 * The version a rollback returns to: the one live before the current entry. Null when the page was never live
 * or its first go-live is all there is (nothing to return to).
 */
export function rollbackTarget(current: LiveEntry | null): number | null {
  return current?.previous ?? null;
}

/** How a live move reads in a notice: "JD GB home went live at version 12". */
export function describeLiveMove(entry: Pick<LiveEntry, 'move' | 'version'>, page: string): string {
  return entry.move === 'live'
    ? `${page} went live at version ${entry.version}`
    : `${page} was rolled back to version ${entry.version}`;
}

/** Why a live move's message is refused (LiveMessageSchema's text), or null when it passes. */
export function liveMessageError(message: string): string | null {
  const parsed = LiveMessageSchema.safeParse(message);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Write a message saying why this goes live');
}

/** How History marks a version: live now, or live at some time before. */
export type LiveMark = 'Live' | 'Was live';

/**
 * The marks of a page's versions from its live entries (newest first): the newest entry's version is live,
 * every other version an entry names was live. A version with no entry has no mark.
 */
export function liveMarks(entries: readonly Pick<LiveEntry, 'version'>[]): Map<number, LiveMark> {
  const marks = new Map<number, LiveMark>();
  entries.forEach(({ version }, index) => {
    if (!marks.has(version)) marks.set(version, index === 0 ? 'Live' : 'Was live');
  });
  return marks;
}
