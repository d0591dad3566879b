import {
  GoLiveRequestSchema,
  LiveAnswerSchema,
  LiveEntrySchema,
  LiveHistoryAnswerSchema,
  RollBackRequestSchema,
} from './live';
import { z } from 'zod';
import {
  ChangeReleaseItemsRequestSchema,
  CreateReleaseRequestSchema,
  ReleaseAnswerSchema,
  ReleaseIdRequestSchema,
  ReleaseIdSchema,
  ReleaseListAnswerSchema,
  ReleaseStatusSchema,
  RollBackReleaseRequestSchema,
  ScheduleReleaseRequestSchema,
} from './releases';
import {
  CountryCodeSchema,
  KeySegmentSchema,
  PageContentSchema,
  PageKeySchema,
  PageSummarySchema,
  VersionSummarySchema,
} from './schemas';
import { COMMIT_MESSAGE_MAX } from './rules/page';
import { ActionSchema, GrantSchema, PermissionsSchema } from './permissions';

/**
 * The wire contract of the content service and the team server (issue 21), as core/contract.ts is for IPC:
 * every route's request and answer, and every event of the team server's stream, declared once. The servers
 * validate requests with it (Fastify route schemas), the desktop parses answers and events with it.
 *
 * The content routes are served by both the embedded service (files) and the team server (PostgreSQL); the
 * team routes (/me, /presence, /events, /health, /audit, /webhooks/deliveries) by the team server only.
 */

// ---------------------------------------------------------------------------------------------------------
// Limits every server applies

/** The most pages, versions or presence entries one answer holds; a request asks for fewer with `limit`. */
export const MAX_LIST_LIMIT = 500;
/** What a listing answers without `limit`: enough for a dashboard's first screens, small on the wire. */
export const DEFAULT_LIST_LIMIT = 100;
/** Editor spec §5: a save message has at most 150 characters (the editor's own rule, core/rules/page.ts). */
export const MAX_COMMIT_MESSAGE_LENGTH = COMMIT_MESSAGE_MAX;
/** Seconds a client waits before trying again while the store is unavailable (503 Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

// ---------------------------------------------------------------------------------------------------------
// Errors: every answer other than 2xx

/** `{error: {code, message, ...}}`; some codes carry more (conflict: latest; not-found: skipped). */
export const ErrorBodySchema = z.object({
  error: z.looseObject({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * 403 (issue 22): the user's grants do not allow the request. The message names what they may do and the
 * missing action ("Your roles let you edit JD DE text, not add or remove components (structure)."); action
 * and scope say the same as data: the action missing and the place (one fascia in one country) it is missing at.
 */
export const ForbiddenBodySchema = z.object({
  error: z.object({
    code: z.literal('forbidden'),
    message: z.string(),
    action: ActionSchema,
    scope: z.object({ fascia: z.string(), country: z.string() }),
  }),
});
export type ForbiddenBody = z.infer<typeof ForbiddenBodySchema>;

/**
 * How to sign in with the company's identity provider (issue 22 §3), carried by every 401 of a team server
 * that accepts OpenID Connect access tokens, so a desktop needs only the server's address: the issuer to
 * discover, the public client id to sign in as (authorization code flow with PKCE) and the scopes to ask for.
 */
export const SignInSchema = z.object({
  issuer: z.url(),
  clientId: z.string().min(1),
  scopes: z.array(z.string().min(1)),
});
export type SignIn = z.infer<typeof SignInSchema>;

/** A 401: why the request was refused, and how to sign in when the server accepts company sign-in. */
export const UnauthorizedBodySchema = z.object({
  error: z.looseObject({ code: z.literal('unauthorized'), message: z.string(), signIn: SignInSchema.optional() }),
});
export type UnauthorizedBody = z.infer<typeof UnauthorizedBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Query strings: every value arrives as text

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`);

/** `limit` and `offset` of a listing (/pages, /versions, /presence). */
export const PagingQuerySchema = z.object({
  limit: wholeNumber('limit', 1, MAX_LIST_LIMIT).optional(),
  offset: wholeNumber('offset', 0, 1_000_000_000).optional(),
});

/** GET /pages: the dashboard's filters and a page of the listing. */
export const PageListQuerySchema = PagingQuerySchema.extend({
  fascia: KeySegmentSchema.optional(),
  country: CountryCodeSchema.optional(),
  text: z
    .string()
    .max(200, 'text must be at most 200 characters')
    .refine((text) => ![...text].some((char) => char.charCodeAt(0) < 0x20), 'text must not contain control characters')
    .optional(),
});
export type PageListQuery = z.output<typeof PageListQuerySchema>;

/** GET /page and GET /versions: one page by its key (plus paging for /versions). */
export const PageKeyQuerySchema = PageKeySchema;
export const VersionsQuerySchema = PageKeySchema.extend(PagingQuerySchema.shape);
export type VersionsQuery = z.output<typeof VersionsQuerySchema>;

/** GET /version: one version of a page. */
export const VersionQuerySchema = PageKeySchema.extend({
  version: z
    .string({ error: 'version is required' })
    .regex(/^[1-9]\d{0,8}$/, 'version must be a positive whole number')
    .transform(Number),
});

/** GET /release: one release by its id. */
export const ReleaseIdQuerySchema = z.object({ id: wholeNumber('id', 1, 2_147_483_647) });

// ---------------------------------------------------------------------------------------------------------
// Content routes

export const SaveIdSchema = z
  .string()
  .min(8, 'a save id has at least 8 characters')
  .max(100, 'a save id has at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'a save id holds letters, digits, - and _ only');

/** The hash a client names as its base: the server's own hash of that version, never longer than this. */
export const BaseHashSchema = z.string().min(1).max(64);

/**
 * POST /saveContent. baseHash: the hash of the version the edit started from, null for a page the editor
 * believes is new, absent for a deliberate overwrite. saveId makes the save idempotent.
 */
export const SaveContentRequestSchema = z.object({
  content: PageContentSchema,
  baseHash: BaseHashSchema.nullable().optional(),
  saveId: SaveIdSchema.optional(),
});
export type SaveContentRequest = z.infer<typeof SaveContentRequestSchema>;

/** POST /saveBookmark (editor spec §7): stored like content, never refused for a conflict. */
export const SaveBookmarkRequestSchema = z.object({ content: PageContentSchema, saveId: SaveIdSchema.optional() });

/**
 * POST /goLive and /rollBack on the wire: the desktop's request and who moves the page, as the desktop sends it.
 * The embedded service records that user, as it keeps a save's author; a team server records its token's user
 * whatever is sent, as it does for saves.
 */
const LiveMoverShape = {
  by: z.string().min(1, 'by names who moves the page').max(320, 'by has at most 320 characters'),
};
export const GoLiveBodySchema = GoLiveRequestSchema.extend(LiveMoverShape);
export type GoLiveBody = z.infer<typeof GoLiveBodySchema>;
export const RollBackBodySchema = RollBackRequestSchema.extend(LiveMoverShape);
export type RollBackBody = z.infer<typeof RollBackBodySchema>;

/** 201 for a new version; 200 with repeated: true when the save id had made this version already. */
export const SaveAnswerSchema = z.object({
  version: VersionSummarySchema,
  // A service from before save ids sends no `repeated`.
  repeated: z.boolean().default(false),
});
export type SaveAnswer = z.output<typeof SaveAnswerSchema>;

/** Version numbers that exist but could not be read (a damaged file): left out, and said. */
export const SkippedVersionsSchema = z.array(z.number().int().positive()).default([]);

export const PageListingSchema = z
  .object({
    pages: z.array(PageSummarySchema),
    /** How many pages match the filters in all (the listing holds at most `limit` of them). */
    total: z.number().int().nonnegative().optional(),
    skipped: z.array(z.object({ key: PageKeySchema, versions: SkippedVersionsSchema })).default([]),
  })
  // A service from before listings were paged sends no total.
  .transform((listing) => ({ ...listing, total: listing.total ?? listing.pages.length }));
export type PageListing = z.output<typeof PageListingSchema>;

export const PageAnswerSchema = z.object({
  content: PageContentSchema,
  version: VersionSummarySchema,
  skipped: SkippedVersionsSchema,
});
export type PageAnswer = z.output<typeof PageAnswerSchema>;

export const VersionsAnswerSchema = z
  .object({
    versions: z.array(VersionSummarySchema),
    total: z.number().int().nonnegative().optional(),
    skipped: SkippedVersionsSchema,
  })
  .transform((listing) => ({ ...listing, total: listing.total ?? listing.versions.length }));
export type VersionsAnswer = z.output<typeof VersionsAnswerSchema>;

export const VersionAnswerSchema = z.object({ content: PageContentSchema, version: VersionSummarySchema });

// ---------------------------------------------------------------------------------------------------------
// Team routes

/**
 * GET /me: the token's user, proof that this is a Storefront Studio server, and what the user may do (issue
 * 22): their groups from the identity provider, the grants that apply to them and the permissions these give.
 * The desktop shows these; the server still decides every request.
 */
export const MeAnswerSchema = z.object({
  user: z.string().min(1),
  server: z.literal('storefront-studio'),
  groups: z.array(z.string()),
  grants: z.array(GrantSchema),
  permissions: PermissionsSchema,
});
export type MeAnswer = z.infer<typeof MeAnswerSchema>;

/**
 * The audit log (issue 22 §4). An entry's action, dotted: the ones this server writes are named here; the
 * permissions' command line adds its own (grant.add, role.define, ...), so an action is any such name.
 */
export const AUDIT_ACTIONS = {
  save: 'page.save',
  bookmark: 'page.bookmark',
  refused: 'request.refused',
  signIn: 'session.sign-in',
  tokenCreate: 'token.create',
  tokenRevoke: 'token.revoke',
  grantAdd: 'grant.add',
  grantRevoke: 'grant.revoke',
  roleDefine: 'role.define',
  userDisable: 'user.disable',
  userEnable: 'user.enable',
  goLive: 'page.go-live',
  rollBack: 'page.roll-back',
  deliveryKeyCreate: 'delivery-key.create',
  deliveryKeyRevoke: 'delivery-key.revoke',
  webhookAdd: 'webhook.add',
  webhookRemove: 'webhook.remove',
  releaseCreate: 'release.create',
  releaseChange: 'release.change',
  releaseSchedule: 'release.schedule',
  releaseUnschedule: 'release.unschedule',
  releaseGoLive: 'release.go-live',
  releaseFail: 'release.fail',
  releaseRollBack: 'release.roll-back',
  releaseDelete: 'release.delete',
} as const;
export const AuditActionSchema = z
  .string()
  .regex(/^[a-z][a-z0-9.-]{0,63}$/, 'action is lowercase letters, digits, . and -, like page.save');

const instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO date-time` });

/**
 * GET /audit: entries newest first, filtered by user (the actor, or the user an entry is about), page (any of
 * the key's fields), action and time (`since` inclusive, `until` exclusive), and paged like every listing.
 */
export const AuditQuerySchema = PagingQuerySchema.extend({
  user: z.string().min(1).max(320).optional(),
  fascia: KeySegmentSchema.optional(),
  country: CountryCodeSchema.optional(),
  page: KeySegmentSchema.optional(),
  source: KeySegmentSchema.optional(),
  platform: PageKeySchema.shape.platform.optional(),
  action: AuditActionSchema.optional(),
  since: z.union([instant('since'), z.iso.date()]).optional(),
  until: z.union([instant('until'), z.iso.date()]).optional(),
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  /** The entry's number: a bigint, so text. */
  id: z.string(),
  /** When, in UTC (ISO 8601 with Z). */
  at: z.string(),
  /** Who acted; null when unknown (a request refused for its token, the server's command line). */
  actor: z.string().nullable(),
  /** Whom the entry is about when not the actor: a token's owner, a grant's user or group. */
  subject: z.string().nullable(),
  action: z.string(),
  pageKey: PageKeySchema.nullable(),
  version: z.number().int().nullable(),
  /** ok, saved, repeat, conflict, refused, ... */
  result: z.string(),
  reason: z.string().nullable(),
  userAgent: z.string().nullable(),
  clientAddress: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditAnswerSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** How many entries match the filters in all. */
  total: z.number().int().nonnegative(),
});
export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;

/** The moves a webhook can be told of (issue 24 §3), as `webhook add URL --events live,rollback` names them. */
export const WEBHOOK_EVENTS = ['live', 'rollback'] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/**
 * What a webhook receives (a POST of this as JSON, signed X-Studio-Signature: sha256=HMAC of the body): the move
 * and every page × country it moved, each with the version now live and its hash (the delivery route's ETag).
 * A single page's move has one item and no release; a release's move will name the release and hold its items.
 */
export const WebhookPayloadSchema = z.object({
  event: WebhookEventSchema,
  release: z.string().nullable(),
  items: z.array(
    z.object({ pageKey: PageKeySchema, country: CountryCodeSchema, version: z.number().int(), hash: z.string() }),
  ),
  /** When the move was made, in UTC (ISO 8601 with Z). */
  at: z.string(),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

/** GET /webhooks/deliveries: newest first, of every webhook or of one (its id), paged like every listing. */
export const WebhookDeliveriesQuerySchema = PagingQuerySchema.extend({
  webhook: wholeNumber('webhook', 1, 2_147_483_647).optional(),
});

/** One attempt to deliver: the receiver's HTTP status, or why there was none (refused, timed out, ...). */
export const WebhookAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  /** When the attempt ended, in UTC (ISO 8601 with Z). */
  at: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  /** Also sent as the X-Studio-Delivery header, the same on every attempt, so a receiver can skip a repeat. */
  id: z.string(),
  webhook: z.number().int().positive(),
  url: z.string(),
  event: WebhookEventSchema,
  createdAt: z.string(),
  /** Oldest first; empty until the first attempt ends. */
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesAnswerSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  total: z.number().int().nonnegative(),
});
export type WebhookDeliveriesAnswer = z.infer<typeof WebhookDeliveriesAnswerSchema>;

/** The longest component identifier and field path that presence carries (a NOTIFY payload stays small). */
export const MAX_FOCUS_COMPONENT_LENGTH = 200;
export const MAX_FOCUS_FIELD_LENGTH = 500;

/**
 * Where an editor's focus is on an open page (issue 23 §3): a component, by its `_identifier`, and a field in
 * it, by its path as versionDiff spells paths ('content.title', 'content.slides[2].heading').
 */
export const PresenceFocusSchema = z.object({
  component: z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_FOCUS_COMPONENT_LENGTH, `has at most ${MAX_FOCUS_COMPONENT_LENGTH} characters`),
  field: z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_FOCUS_FIELD_LENGTH, `has at most ${MAX_FOCUS_FIELD_LENGTH} characters`),
});
export type PresenceFocus = z.infer<typeof PresenceFocusSchema>;

/**
 * POST /presence: a heartbeat while a page is open, `closed` when it is left. An `open` carries the editor's
 * focus, absent when none (clients from before issue 23 send none); a `closed` ignores it.
 */
export const PresenceRequestSchema = z.object({
  pageKey: PageKeySchema,
  state: z.enum(['open', 'closed'], { error: 'state must be "open" or "closed"' }),
  focus: PresenceFocusSchema.optional(),
});
export type PresenceRequest = z.infer<typeof PresenceRequestSchema>;

/** Someone has a page open on the team server (multi-country: one entry per country); focus absent when none. */
export const ServerPresenceSchema = z.object({
  pageKey: PageKeySchema,
  user: z.string(),
  openedAt: z.string(),
  lastSeen: z.string(),
  focus: PresenceFocusSchema.optional(),
});
export type ServerPresence = z.infer<typeof ServerPresenceSchema>;

export const PresenceAnswerSchema = z.object({ presence: z.array(ServerPresenceSchema) });
export const OkAnswerSchema = z.object({ ok: z.literal(true) });

export const HealthAnswerSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable', 'busy']),
  events: z.enum(['listening', 'reconnecting']).optional(),
});

// ---------------------------------------------------------------------------------------------------------
// The event stream (GET /events, Server-Sent Events): each event's `event:` name and its `data:` JSON

export const SavedEventSchema = z.object({
  type: z.literal('saved'),
  pageKey: PageKeySchema,
  version: z.number().int().positive(),
  kind: z.enum(['content', 'bookmark']),
  author: z.string(),
  message: z.string(),
  timestamp: z.string(),
});
export type SavedEvent = z.infer<typeof SavedEventSchema>;

/**
 * Someone opened, closed or left a page, or moved their focus on it (`focus`: an open page's focus now, absent
 * when none). A client from before issue 23 refuses the reason `focus` and so ignores focus moves only.
 */
export const PresenceChangeEventSchema = z.object({
  type: z.literal('presence'),
  pageKey: PageKeySchema,
  user: z.string(),
  state: z.enum(['open', 'closed']),
  reason: z.enum(['opened', 'closed', 'expired', 'focus']),
  focus: PresenceFocusSchema.optional(),
  timestamp: z.string(),
});
export type PresenceChangeEvent = z.infer<typeof PresenceChangeEventSchema>;

/**
 * A page's live pointer moved (issue 24): a go-live or a rollback, alone or through a release. The entry's
 * fields at the top, pageKey among them, as the relay's view-scope filter reads every page event.
 */
export const LiveEventSchema = LiveEntrySchema.extend({ type: z.literal('live') });
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * A release changed (created, items changed, scheduled, went live, failed, rolled back, deleted): the Releases
 * screens read it again. Sent to users who may see releases; its items' own moves come as live events.
 */
export const ReleaseEventSchema = z.object({
  type: z.literal('release'),
  id: ReleaseIdSchema,
  name: z.string(),
  /** null: deleted. */
  status: ReleaseStatusSchema.nullable(),
});
export type ReleaseEvent = z.infer<typeof ReleaseEventSchema>;

/**
 * Every event of the stream by its SSE name. A (re)connected stream starts with presence-snapshot; resync
 * says the server lost its database for a while, so events may have been missed.
 */
export const teamStreamEvents = {
  'presence-snapshot': PresenceAnswerSchema,
  saved: SavedEventSchema,
  presence: PresenceChangeEventSchema,
  live: LiveEventSchema,
  release: ReleaseEventSchema,
  resync: z.object({ reason: z.string() }),
} as const;
export type TeamStreamEventName = keyof typeof teamStreamEvents;
/** One event of the stream: its name and its data; `switch (event.event)` over it is exhaustive. */
export type TeamStreamEvent = {
  [Name in TeamStreamEventName]: { event: Name; data: z.infer<(typeof teamStreamEvents)[Name]> };
}[TeamStreamEventName];

/** A stream event as it arrived, parsed; null for a name this contract does not know or data it refuses. */
export function parseTeamStreamEvent(event: string, data: string): TeamStreamEvent | null {
  if (!Object.hasOwn(teamStreamEvents, event)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = teamStreamEvents[event as TeamStreamEventName].safeParse(json);
  return parsed.success ? ({ event, data: parsed.data } as TeamStreamEvent) : null;
}

// ---------------------------------------------------------------------------------------------------------
// The routes

type RouteSchema = {
  method: 'GET' | 'POST';
  url: `/${string}`;
  body?: z.ZodType;
  querystring?: z.ZodType;
  /** The answer of each success status; errors are ErrorBodySchema. */
  response: Partial<Record<200 | 201, z.ZodType>>;
};

/** The content API, served over any store by both servers. */
export const contentRoutes = {
  saveContent: {
    method: 'POST',
    url: '/saveContent',
    body: SaveContentRequestSchema,
    response: { 200: SaveAnswerSchema, 201: SaveAnswerSchema },
  },
  saveBookmark: {
    method: 'POST',
    url: '/saveBookmark',
    body: SaveBookmarkRequestSchema,
    response: { 200: SaveAnswerSchema, 201: SaveAnswerSchema },
  },
  pages: { method: 'GET', url: '/pages', querystring: PageListQuerySchema, response: { 200: PageListingSchema } },
  page: { method: 'GET', url: '/page', querystring: PageKeyQuerySchema, response: { 200: PageAnswerSchema } },
  versions: {
    method: 'GET',
    url: '/versions',
    querystring: VersionsQuerySchema,
    response: { 200: VersionsAnswerSchema },
  },
  version: { method: 'GET', url: '/version', querystring: VersionQuerySchema, response: { 200: VersionAnswerSchema } },
  /** Needs publish (issue 24); the embedded store lets its one person do it. */
  goLive: { method: 'POST', url: '/goLive', body: GoLiveBodySchema, response: { 201: LiveAnswerSchema } },
  rollBack: { method: 'POST', url: '/rollBack', body: RollBackBodySchema, response: { 201: LiveAnswerSchema } },
  liveHistory: {
    method: 'GET',
    url: '/liveHistory',
    querystring: VersionsQuerySchema,
    response: { 200: LiveHistoryAnswerSchema },
  },
} as const satisfies Record<string, RouteSchema>;

/** The team server's own routes, beside the content API. /events answers text/event-stream (teamStreamEvents). */
export const teamRoutes = {
  health: { method: 'GET', url: '/health', response: { 200: HealthAnswerSchema } },
  me: { method: 'GET', url: '/me', response: { 200: MeAnswerSchema } },
  presence: {
    method: 'GET',
    url: '/presence',
    querystring: PagingQuerySchema,
    response: { 200: PresenceAnswerSchema },
  },
  heartbeat: { method: 'POST', url: '/presence', body: PresenceRequestSchema, response: { 200: OkAnswerSchema } },
  events: { method: 'GET', url: '/events', response: {} },
  /** Admins only (issue 22 §4). */
  audit: { method: 'GET', url: '/audit', querystring: AuditQuerySchema, response: { 200: AuditAnswerSchema } },
  /**
   * Releases (issue 24 §2), for users with publish somewhere. Changes answer the release with its collisions;
   * schedule needs publish for every item; a refused change (the release is live, the time has passed) is 409.
   */
  releases: {
    method: 'GET',
    url: '/releases',
    querystring: PagingQuerySchema,
    response: { 200: ReleaseListAnswerSchema },
  },
  release: {
    method: 'GET',
    url: '/release',
    querystring: ReleaseIdQuerySchema,
    response: { 200: ReleaseAnswerSchema },
  },
  createRelease: {
    method: 'POST',
    url: '/releases/create',
    body: CreateReleaseRequestSchema,
    response: { 201: ReleaseAnswerSchema },
  },
  changeReleaseItems: {
    method: 'POST',
    url: '/releases/items',
    body: ChangeReleaseItemsRequestSchema,
    response: { 200: ReleaseAnswerSchema },
  },
  scheduleRelease: {
    method: 'POST',
    url: '/releases/schedule',
    body: ScheduleReleaseRequestSchema,
    response: { 200: ReleaseAnswerSchema },
  },
  unscheduleRelease: {
    method: 'POST',
    url: '/releases/unschedule',
    body: ReleaseIdRequestSchema,
    response: { 200: ReleaseAnswerSchema },
  },
  /** Now, not at a time: the same atomic move a schedule makes. */
  goLiveRelease: {
    method: 'POST',
    url: '/releases/goLive',
    body: ReleaseIdRequestSchema,
    response: { 200: ReleaseAnswerSchema },
  },
  rollBackRelease: {
    method: 'POST',
    url: '/releases/rollBack',
    body: RollBackReleaseRequestSchema,
    response: { 200: ReleaseAnswerSchema },
  },
  /** A release that never went live (draft or failed) only. */
  deleteRelease: {
    method: 'POST',
    url: '/releases/delete',
    body: ReleaseIdRequestSchema,
    response: { 200: OkAnswerSchema },
  },
  /** Admins everywhere only: each webhook delivery's attempts and last answer (issue 24 §3). */
  webhookDeliveries: {
    method: 'GET',
    url: '/webhooks/deliveries',
    querystring: WebhookDeliveriesQuerySchema,
    response: { 200: WebhookDeliveriesAnswerSchema },
  },
} as const satisfies Record<string, RouteSchema>;
