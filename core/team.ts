import { z } from 'zod';
import { PageKeySchema, VersionSummarySchema } from './schemas';
import { PermissionsSchema } from './permissions';
import { LiveEventSchema, ReleaseEventSchema, SavedEventSchema, ServerPresenceSchema } from './teamProtocol';
import { ConflictedMergeSchema } from './conflictedMerge';
import { MergeNoticeSchema } from './rules/merge/mergingSave';

/**
 * Team mode (issue 13): the schemas of the team channels in core/contract.ts and of the live events main
 * pushes to the editor (TEAM_EVENT in core/channels.ts; window.studio.onTeamEvent). Main owns the connection,
 * the event stream, presence and the outbox; the renderer only shows what these say.
 */

/** The toast of a save recorded in the outbox because the team server could not be reached (exact text). */
export const QUEUED_SAVE_MESSAGE = 'Saved on this computer; it will be saved to UAT when the team server is reachable.';

/**
 * Where saves go and whether that place answers now.
 * - mode 'local': "This computer only", the embedded store (the default); connection is always 'online'.
 * - mode 'team': a team server; user is the server's user for the token, the author of every save.
 * connection: 'connecting' until the first answer, then 'online' or 'offline' (from the event stream and from
 * failed calls). lastContact is the last time the server answered (ISO UTC), shown as "Offline since …".
 */
export const TeamStatusSchema = z.object({
  mode: z.enum(['local', 'team']),
  serverUrl: z.string().nullable(),
  user: z.string().nullable(),
  connection: z.enum(['online', 'offline', 'connecting']),
  lastContact: z.string().nullable(),
  /** Why the server is offline (e.g. "not reachable", "refused the token"), null while online. */
  offlineReason: z.string().nullable(),
  /** When main checks again (ISO UTC), with backoff; null while online. */
  nextAttemptAt: z.string().nullable(),
  /** How many saves wait in the outbox. */
  pendingSaves: z.number().int().nonnegative(),
  /** Whether the token outlives this session (false: no secure storage, or the browser host's memory). */
  tokenPersists: z.boolean(),
  /**
   * Signed in with the company account: how the session ended when the identity provider refused to refresh
   * it (the user was disabled, the session ended), else null. Drafts and the outbox stay; saves wait in the
   * outbox until the user signs in again.
   */
  signedOut: z.string().nullable(),
});
export type TeamStatus = z.infer<typeof TeamStatusSchema>;

/**
 * What the user may do, for the editor to show (issue 22 §2; core/rules/editingRights.ts):
 * - 'everything': the embedded store, which has no roles, or a team server that has not answered GET /me
 *   since the sign-in (it still decides every request);
 * - 'granted': the permissions of the team server's last GET /me answer.
 */
export const UserPermissionsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('everything') }),
  z.object({ mode: z.literal('granted'), permissions: PermissionsSchema }),
]);
export type UserPermissions = z.infer<typeof UserPermissionsSchema>;

/** The form of Settings → Team server. allowInsecureHttp: the user's consent for plain http to another machine. */
export const TeamServerFormSchema = z.object({
  url: z.string().trim().min(1, 'Enter the team server address').max(2000),
  token: z.string().trim().min(1, 'Enter the API token').max(500),
  allowInsecureHttp: z.boolean().default(false),
});

/** Settings → Team server → "Sign in with your company account": the server's address is all it needs. */
export const CompanySignInFormSchema = TeamServerFormSchema.pick({ url: true, allowInsecureHttp: true });

/**
 * A company sign-in under way: the identity provider's page to open. openedInBrowser: main opened it in the
 * system browser (Electron); otherwise the editor opens it in its own window (the browser host).
 */
export const CompanySignInStartSchema = z.object({ authorizationUrl: z.url(), openedInBrowser: z.boolean() });

/** Why a connection test failed, for the form to say so (the message is a full sentence to show as is). */
export const TeamConnectionProblemSchema = z.object({
  reason: z.enum([
    'invalid-address',
    'insecure-http',
    'unreachable',
    'unauthorized',
    'not-studio',
    'tls',
    'unavailable',
  ]),
  message: z.string(),
});
export type TeamConnectionProblem = z.infer<typeof TeamConnectionProblemSchema>;

/** Test connection's answer: the user's address as the server knows it (GET /me), or the problem. */
export const TeamConnectionTestSchema = z.object({
  user: z.string().nullable(),
  problem: TeamConnectionProblemSchema.nullable(),
});

/**
 * A save waiting in the outbox (one file per save in the data folder, sent in order once the server answers).
 * - 'waiting': not yet acknowledged; sent again with the same saveId, so a repeat is harmless.
 * - 'conflict': the server has a newer version (latest) and merging with it met fields changed two ways (or
 *   the base to merge from could not be found); this page's later saves wait behind it until the user settles
 *   it (resolvePendingMerge) or reloads theirs (discardPendingSave). A newer version merged without conflicts
 *   is saved on replay, and never stops here (issue 23 §2).
 * - 'refused': the server refused it for another reason (problem); kept until the user discards it.
 * hash: the content hash the version will have; a later save of the page is based on it.
 */
export const PendingSaveSchema = z.object({
  id: z.string(),
  key: PageKeySchema,
  commitMessage: z.string(),
  baseHash: z.string().nullable(),
  hash: z.string(),
  saveId: z.string(),
  queuedAt: z.string(),
  state: z.enum(['waiting', 'conflict', 'refused']),
  problem: z.string().nullable(),
  latest: VersionSummarySchema.nullable(),
});
export type PendingSave = z.infer<typeof PendingSaveSchema>;

/**
 * Someone (the signed-in user's own entries are left out) has a page open, with their focus on it if any;
 * multi-country: one per country.
 */
export const PresenceEntrySchema = ServerPresenceSchema.pick({
  pageKey: true,
  user: true,
  lastSeen: true,
  focus: true,
});
export type PresenceEntry = z.infer<typeof PresenceEntrySchema>;

/**
 * What main pushes to the editor, one schema for both shells (Electron: webContents.send on TEAM_EVENT;
 * browser host: the SSE stream GET /api/events). On subscribing, the editor gets 'status' and 'presence' at once.
 * - status: the connection or the sign-in changed.
 * - saved: a version was saved on the team server (a colleague's save of an open page: show the notice).
 * - presence: everyone's open pages now (the whole list, not a change).
 * - resync: events may have been missed (a dropped stream); list the pages again.
 * - outbox: the pending saves changed (the whole list).
 * - pendingSaved: a pending save was acknowledged by the server (repeated: it had landed before; merged: the
 *   automatic merge it took on replay, for its one-line notice, else null).
 * - pendingConflict: a pending save met a newer version and could not be merged by itself: open the merge UI
 *   for it with merge (the conflicts to settle), or, null when its base could not be found, the conflict UI.
 */
export const TeamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), status: TeamStatusSchema }),
  // A version saved on the team server, by anyone (compare author with the status' user).
  SavedEventSchema,
  // A page's live pointer moved (issue 24), by anyone.
  LiveEventSchema,
  // A release changed: the Releases screen reads it again.
  ReleaseEventSchema,
  z.object({ type: z.literal('presence'), presence: z.array(PresenceEntrySchema) }),
  z.object({ type: z.literal('resync'), reason: z.string() }),
  z.object({ type: z.literal('outbox'), pending: z.array(PendingSaveSchema) }),
  z.object({
    type: z.literal('pendingSaved'),
    pending: PendingSaveSchema,
    version: VersionSummarySchema,
    repeated: z.boolean(),
    merged: MergeNoticeSchema.nullable(),
  }),
  z.object({
    type: z.literal('pendingConflict'),
    pending: PendingSaveSchema,
    latest: VersionSummarySchema.nullable(),
    merge: ConflictedMergeSchema.nullable(),
  }),
]);
export type TeamEvent = z.infer<typeof TeamEventSchema>;
