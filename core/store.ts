import { allowedIn, type ActionScopes } from './permissions';
import type { LiveEntry } from './live';
import { versionHash } from './rules/page';
import {
  PageKeySchema,
  type LiveState,
  type PageContent,
  type PageKey,
  type PageSummary,
  type VersionSummary,
} from './schemas';
import { DEFAULT_LIST_LIMIT, MAX_COMMIT_MESSAGE_LENGTH, MAX_LIST_LIMIT } from './teamProtocol';

/**
 * The one interface behind the content API (issue 12): pages and their immutable versions. Two stores
 * implement it: files for the embedded default (main/services/filesStore.ts), PostgreSQL for the team server
 * (postgresStore.ts). The HTTP layer (api.ts) knows only this.
 */

export type VersionKind = 'content' | 'bookmark';

export interface StoredVersion {
  version: number;
  kind: VersionKind;
  content: PageContent;
  /** The client's id for the save that made this version, when it sent one. */
  saveId?: string;
}

export interface SaveInput {
  content: PageContent;
  kind: VersionKind;
  /**
   * The hash of the content version the edit started from; null for a page the editor believes is new.
   * Absent: no conflict check (bookmarks, deliberate overwrites).
   */
  baseHash?: string | null;
  /** Makes the save idempotent: a repeat of a save already applied answers with the version it made. */
  saveId?: string;
  /** The client that asked, for the team server's audit log (issue 22); the files store keeps no log. */
  audit?: AuditClient;
}

/** Who sent a request and from where, as an audit entry records it. */
export interface AuditClient {
  /** The request's user; null when unknown. */
  actor: string | null;
  userAgent: string | null;
  clientAddress: string | null;
  /** The request's id (http/app.ts genReqId), also in the server's log line of the request. */
  requestId: string | null;
}

export interface SaveResult {
  version: VersionSummary;
  /** True when saveId named a save already applied: nothing new was written. */
  repeated: boolean;
}

/** Version numbers that exist but could not be read (a damaged file); they are left out, never thrown. */
export type SkippedVersions = number[];

export interface LatestResult {
  /** The newest readable version of kind content, or null when there is none. */
  stored: StoredVersion | null;
  /** Newer versions passed over because they are damaged. */
  skipped: SkippedVersions;
}

/** A page of a listing: at most `limit` (DEFAULT_LIST_LIMIT when absent, never over MAX_LIST_LIMIT) from `offset`. */
export interface Paging {
  limit?: number;
  offset?: number;
}

export interface VersionsResult {
  /** Newest first; at most `limit` from `offset`. */
  versions: VersionSummary[];
  /** How many readable versions the page has in all. */
  total: number;
  skipped: SkippedVersions;
}

export interface PageQuery extends Paging {
  fascia?: string;
  country?: string;
  /** Matched, case-insensitively, as a substring of the page name, category or author. */
  text?: string;
  /**
   * Only pages whose fascia and country these scopes allow (core/permissions.ts allowedIn): the team server
   * lists what the user may view, in the store's own query so that `total` and paging count those only.
   */
  within?: ActionScopes;
}

/** A page whose listing passed over damaged versions: all of its versions when none has readable content. */
export interface SkippedPage {
  key: PageKey;
  versions: SkippedVersions;
}

export interface PageListing {
  /** Newest save first, then by key; at most `limit` from `offset`. */
  pages: PageSummary[];
  /** How many pages match the query in all. */
  total: number;
  skipped: SkippedPage[];
}

export interface ContentStore {
  /**
   * Saves a new version, stamped by stampSave (the store's time and hash); throws ConflictError when baseHash
   * is given and is not the newest content's hash.
   */
  save(input: SaveInput): Promise<SaveResult>;
  latest(key: PageKey): Promise<LatestResult>;
  versions(key: PageKey, paging?: Paging): Promise<VersionsResult>;
  /** One version; null when it does not exist; throws DamagedVersionError when it exists but cannot be read. */
  version(key: PageKey, version: number): Promise<StoredVersion | null>;
  listPages(query?: PageQuery): Promise<PageListing>;
  /**
   * Puts one of the page's content versions live (issue 24 §1) and answers the new live entry. Throws
   * LiveChangeError when the version does not exist or is a bookmark.
   */
  goLive(input: LiveMoveInput & { version: number }): Promise<LiveEntry>;
  /**
   * Puts the page back on the version live before the current one (a new entry of move 'rollback', whose
   * previous is the version it replaced). Throws LiveChangeError when the page is not live, or has no earlier
   * live version.
   */
  rollBack(input: LiveMoveInput): Promise<LiveEntry>;
  /** The page's live entry now; null when it has never gone live. */
  live(key: PageKey): Promise<LiveEntry | null>;
  /** The page's live entries, newest first, with how many there are. */
  liveHistory(key: PageKey, paging?: Paging): Promise<{ entries: LiveEntry[]; total: number }>;
  close(): Promise<void>;
}

/** A move of a page's live pointer as a store receives it. */
export interface LiveMoveInput {
  key: PageKey;
  /** Who moves it (lowercased email). */
  by: string;
  message: string;
  /** The release it goes live through; absent for a single page. */
  release?: string;
  /** For the team server's audit log, written by the move's own statement; the files store keeps none. */
  audit?: AuditClient;
}

/** A live move the page's versions do not allow: the API answers 409 with the message. */
export class LiveChangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LiveChangeError';
  }
}

/** Why a go-live of this version of the page is refused, or null when it may go live. */
export function goLiveRefusal(
  key: PageKey,
  version: number,
  stored: Pick<StoredVersion, 'kind'> | null,
): string | null {
  if (!stored) return `${describeKey(key)} has no version ${version} to put live.`;
  if (stored.kind !== 'content')
    return `Version ${version} of ${describeKey(key)} is a bookmark; only saved content goes live.`;
  return null;
}

/** Why a rollback of the page is refused, or null when it may roll back to current.previous. */
export function rollBackRefusal(key: PageKey, current: LiveEntry | null): string | null {
  if (!current) return `${describeKey(key)} is not live, so there is nothing to roll back.`;
  if (current.previous === null)
    return `${describeKey(key)} has been live at version ${current.version} only: there is no earlier live version to go back to.`;
  return null;
}

/** The bounds of a page of a listing: DEFAULT_LIST_LIMIT without `limit`, never more than MAX_LIST_LIMIT. */
export function pageBounds(paging: Paging = {}): { limit: number; offset: number } {
  const limit = Math.min(paging.limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  return { limit: Math.max(limit, 0), offset: Math.max(paging.offset ?? 0, 0) };
}

/** The page of `items` that `paging` asks for. */
export function pageOf<T>(items: readonly T[], paging: Paging = {}): T[] {
  const { limit, offset } = pageBounds(paging);
  return items.slice(offset, offset + limit);
}

/** The save's base is not the page's newest content: someone saved since the editor opened it. */
export class ConflictError extends Error {
  constructor(
    message: string,
    readonly latest: VersionSummary,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/**
 * Why the store cannot answer now: its database cannot be reached, or every connection to it is in use. Either
 * way the API answers 503 with Retry-After; the message says which.
 */
export type UnavailableReason = 'unreachable' | 'busy';

const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  unreachable: 'The database is not reachable; try again shortly.',
  busy: 'The server is busy: every database connection is in use. Try again shortly.',
};

/** The backend cannot answer now (database down, or too busy); the API answers 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason = 'unreachable',
    options?: { cause?: unknown },
  ) {
    super(UNAVAILABLE_MESSAGES[reason], options);
    this.name = 'StoreUnavailableError';
  }
}

/** A save id sent again with different content: a client bug, refused rather than guessed at. */
export class SaveIdReusedError extends Error {
  constructor(
    readonly saveId: string,
    readonly version: number,
  ) {
    super(`Save id ${saveId} already made version ${version} with different content; send a new id for a new save.`);
    this.name = 'SaveIdReusedError';
  }
}

/** Content the store cannot hold as sent (PostgreSQL's jsonb refuses \u0000 in text): the API answers 400. */
export class InvalidContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidContentError';
  }
}

/** The version exists but cannot be read. */
export class DamagedVersionError extends Error {
  constructor(
    readonly key: PageKey,
    readonly version: number,
    reason: string,
  ) {
    super(`Version ${version} of ${describeKey(key)} is damaged and cannot be read (${reason}).`);
    this.name = 'DamagedVersionError';
  }
}

/** The fields of a page key, in the schema's order: every list of them (SQL columns, values) is derived from this. */
export const PAGE_KEY_FIELDS = PageKeySchema.keyof().options;

/** The key part of anything that holds one (page content, a row of a page's table), with nothing else. */
export function keyOf(holder: PageKey): PageKey {
  return Object.fromEntries(PAGE_KEY_FIELDS.map((field) => [field, holder[field]])) as PageKey;
}

/** One stable string per page key, to group or compare keys (equal keys, equal ids; the same for any field order). */
export function pageKeyId(key: PageKey): string {
  return JSON.stringify(keyOf(key));
}

export function describeKey(key: PageKey): string {
  return `page '${key.page}' (${key.fascia}, ${key.country}, ${key.platform}/${key.source})`;
}

export function versionSummary(stored: StoredVersion): VersionSummary {
  const { content } = stored;
  return {
    version: stored.version,
    hash: content.hash,
    author: content.author,
    timestamp: content.timestamp,
    commitMessage: content.commitMessage,
    kind: stored.kind,
  };
}

/** A dashboard row: the page's key, its category and its newest content version's summary. */
export function pageSummary(
  key: PageKey,
  category: string,
  latest: Pick<VersionSummary, 'version' | 'hash' | 'author' | 'timestamp'>,
  live?: LiveState | null,
): PageSummary {
  return {
    key: keyOf(key),
    category,
    author: latest.author,
    timestamp: latest.timestamp,
    hash: latest.hash,
    version: latest.version,
    ...(live ? { live } : {}),
  };
}

/**
 * The content as a store keeps it (audit of issue 21): the time is the store's, not the client's (a client's
 * clock must not order the listing), and the hash is computed here as the editor computes it
 * (core/rules/page.ts versionHash: the hash of the editable document), so a client cannot name one save by
 * another's hash. Refuses a change message longer than the spec allows (§5), which would not fit an event.
 */
export function stampSave(content: PageContent, now: Date): PageContent {
  const length = [...content.commitMessage].length;
  if (length > MAX_COMMIT_MESSAGE_LENGTH) {
    throw new InvalidContentError(
      `The change message has ${length} characters; it can have at most ${MAX_COMMIT_MESSAGE_LENGTH}.`,
    );
  }
  return { ...content, timestamp: now.toISOString(), hash: versionHash(content) };
}

/**
 * Both stores' answer to a save whose id made a version already: that version again (a retry whose first
 * answer was lost), or SaveIdReusedError when the id came with other content or as another kind.
 */
export function repeatedSave(
  saveId: string,
  earlier: VersionSummary,
  again: { hash: string; kind: VersionKind },
): SaveResult {
  if (earlier.hash !== again.hash || earlier.kind !== again.kind) throw new SaveIdReusedError(saveId, earlier.version);
  return { version: earlier, repeated: true };
}

/**
 * The save is refused when its base is not the page's newest content (editor spec: conflicts). Both stores
 * decide with this one rule; a null base means the editor believes the page is new.
 */
export function conflictOf(key: PageKey, baseHash: string | null, latest: VersionSummary | null): ConflictError | null {
  if (!latest) return null;
  if (baseHash === null) {
    return new ConflictError(
      `${describeKey(key)} was created by ${latest.author} at ${latest.timestamp} after you started it.`,
      latest,
    );
  }
  if (latest.hash !== baseHash) {
    return new ConflictError(
      `${describeKey(key)} was saved by ${latest.author} at ${latest.timestamp} (version ${latest.version}) since you opened it.`,
      latest,
    );
  }
  return null;
}

/** Listing order of both stores: newest save first, then the key, compared by code point so both agree. */
export function comparePageSummaries(a: PageSummary, b: PageSummary): number {
  return Date.parse(b.timestamp) - Date.parse(a.timestamp) || compareCodePoints(keyText(a.key), keyText(b.key));
}

/**
 * The key's fields in the tie-break order of the listing: PostgreSQL sorts the same columns with COLLATE "C"
 * (postgresStore.ts, and the pages_newest index of migration 001).
 */
export const LISTING_KEY_ORDER = [
  'fascia',
  'country',
  'platform',
  'source',
  'page',
] as const satisfies readonly (keyof PageKey)[];

function keyText(key: PageKey): string {
  return LISTING_KEY_ORDER.map((field) => key[field]).join('\u0000');
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text filter of a listing, the same in both stores. */
export function matchesPageQuery(summary: PageSummary, query: PageQuery): boolean {
  if (query.fascia !== undefined && summary.key.fascia !== query.fascia) return false;
  if (query.country !== undefined && summary.key.country !== query.country) return false;
  if (query.within && !allowedIn(query.within, summary.key)) return false;
  if (query.text) {
    const needle = query.text.toLowerCase();
    const haystack = [summary.key.page, summary.category, summary.author].map((part) => part.toLowerCase());
    if (!haystack.some((part) => part.includes(needle))) return false;
  }
  return true;
}
