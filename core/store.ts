import type { PageContent, PageKey, PageSummary, VersionSummary } from './schemas';

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

export interface VersionsResult {
  /** Newest first. */
  versions: VersionSummary[];
  skipped: SkippedVersions;
}

export interface PageQuery {
  fascia?: string;
  country?: string;
  /** Matched, case-insensitively, as a substring of the page name, category or author. */
  text?: string;
  limit?: number;
  offset?: number;
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
  /** Saves a new version; throws ConflictError when baseHash is given and is not the newest content's hash. */
  save(input: SaveInput): Promise<SaveResult>;
  latest(key: PageKey): Promise<LatestResult>;
  versions(key: PageKey): Promise<VersionsResult>;
  /** One version; null when it does not exist; throws DamagedVersionError when it exists but cannot be read. */
  version(key: PageKey, version: number): Promise<StoredVersion | null>;
  listPages(query?: PageQuery): Promise<PageListing>;
  close(): Promise<void>;
}

/** The most pages one request may ask for with `limit`; without one, every match is listed. */
export const MAX_PAGE_LIMIT = 10_000;

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

/** The backend cannot be reached (database down); the API answers 503 with Retry-After. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
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

export function keyOf(content: PageContent): PageKey {
  const { fascia, country, page, source, platform } = content;
  return { fascia, country, page, source, platform };
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

/** The key's parts in the tie-break order of the listing (PostgreSQL sorts the same columns with COLLATE "C"). */
function keyText(key: PageKey): string {
  return [key.fascia, key.country, key.platform, key.source, key.page].join('\u0000');
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The text filter of a listing, the same in both stores. */
export function matchesPageQuery(summary: PageSummary, query: PageQuery): boolean {
  if (query.fascia !== undefined && summary.key.fascia !== query.fascia) return false;
  if (query.country !== undefined && summary.key.country !== query.country) return false;
  if (query.text) {
    const needle = query.text.toLowerCase();
    const haystack = [summary.key.page, summary.category, summary.author].map((part) => part.toLowerCase());
    if (!haystack.some((part) => part.includes(needle))) return false;
  }
  return true;
}
