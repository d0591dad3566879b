import type { z } from 'zod';
import { StudioError } from '../../core/result';
import { LiveAnswerSchema, LiveHistoryAnswerSchema, type LiveEntry, type LiveHistoryAnswer } from '../../core/live';
import { formatUtcTime } from '../../core/rules/utcTime';
import { VersionSummarySchema, type PageContent, type PageKey, type VersionSummary } from '../../core/schemas';
import {
  AuditAnswerSchema,
  MAX_LIST_LIMIT,
  PageAnswerSchema,
  PageListingSchema,
  SaveAnswerSchema,
  VersionAnswerSchema,
  VersionsAnswerSchema,
  type AuditAnswer,
  type GoLiveBody,
  type PageAnswer,
  type PageListing,
  type PageListQuery,
  type RollBackBody,
  type SaveAnswer,
  type VersionsAnswer,
} from '../../core/teamProtocol';
import { LIVE_CHANGE_REFUSED, RELEASE_REFUSED } from '../../http/errors';
import { createServiceHttp, defaultErrorCode, describeRouteFailure, serviceErrorOf } from './http';
import { createReleasesClient, type ReleasesClient } from './releasesClient';

/**
 * The client of a content service (the embedded one or a team's): every answer is parsed with the wire
 * contract (core/teamProtocol.ts), every failure becomes a StudioError whose message a person can act on.
 */

export type PageVersion = PageAnswer;
export type { PageListing };
export type VersionListing = VersionsAnswer;
export type StoredVersion = z.output<typeof VersionAnswerSchema>;

export type PageQuery = PageListQuery;

/** A team server's releases (./releasesClient.ts) beside the content calls; the embedded service has none. */
export interface ContentClient extends ReleasesClient {
  /**
   * saveId makes the save idempotent: sent again after a lost answer, the service answers with the version
   * the first attempt made instead of a conflict with it.
   */
  saveContent(content: PageContent, baseHash: string | null, saveId?: string): Promise<VersionSummary>;
  /** saveContent, also saying whether the service answered a repeat of a save id it had applied (the outbox). */
  saveContentReceipt(content: PageContent, baseHash: string | null, saveId: string): Promise<SaveAnswer>;
  saveBookmark(content: PageContent): Promise<VersionSummary>;
  listPages(query?: PageQuery): Promise<PageListing>;
  loadPage(key: PageKey): Promise<PageVersion | null>;
  /** Every version of the page, newest first, asked for in pages of MAX_LIST_LIMIT. */
  listVersions(key: PageKey): Promise<VersionListing>;
  loadVersion(key: PageKey, version: number): Promise<StoredVersion | null>;
  /** A team server's audit entries of the page, newest first, at most MAX_LIST_LIMIT (GET /audit, admins). */
  pageAudit(key: PageKey): Promise<AuditAnswer>;
  /** Puts a content version of the page live (issue 24); sent once, never again after a lost answer. */
  goLive(move: GoLiveBody): Promise<LiveEntry>;
  /** Puts the page back on the version live before the current one; sent once. */
  rollBack(move: RollBackBody): Promise<LiveEntry>;
  /** The page's live entries, newest first, at most MAX_LIST_LIMIT, with how many there are. */
  liveHistory(key: PageKey): Promise<LiveHistoryAnswer>;
}

export interface ContentClientOptions {
  /** Per attempt. */
  timeoutMs?: number;
  /** The longest wait between two attempts of a GET; tests shorten it. */
  retryDelayMs?: number;
  /** A team server's token, sent as `Authorization: Bearer`; a function is asked at every request (it is refreshed). */
  token?: string | (() => string);
}

export function createContentClient(baseUrl: string, options: ContentClientOptions = {}): ContentClient {
  const { timeoutMs = 10_000, retryDelayMs = 1_000, token } = options;
  const serviceName = `The content service at ${baseUrl}`;
  const root = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const http = createServiceHttp({
    timeoutMs,
    retryDelayMs,
    headers: token ? () => ({ authorization: `Bearer ${typeof token === 'string' ? token : token()}` }) : {},
    describe: (failure, route) => describeRouteFailure(serviceName, failure, route),
    explain: (failure, route) => {
      if (failure.kind !== 'status') return undefined;
      // This app's own service: its messages are written for the editor, whole.
      const own = serviceErrorOf(failure.body);
      const serverMessage = own?.message ?? `HTTP ${failure.status}`;
      // A live move the page's versions do not allow, or a refused change of a release: the message says why, whole.
      if (failure.status === 409 && (own?.code === LIVE_CHANGE_REFUSED || own?.code === RELEASE_REFUSED))
        return new StudioError('conflict', own.message);
      if (failure.status === 409) {
        const latest = VersionSummarySchema.safeParse(own?.['latest']);
        // A team's service may not say who saved; the conflict is just as real.
        const who = latest.success ? ` (${latest.data.author}, ${formatUtcTime(latest.data.timestamp)})` : '';
        return new StudioError(
          'conflict',
          `Someone else saved this page since you opened it${who}.`,
          latest.success ? latest.data : undefined,
        );
      }
      // Any other 404, a route's included, means the address is not a content service of this kind.
      if (failure.status === 404 && own?.code !== 'not-found')
        return new StudioError('failed', describeRouteFailure(serviceName, failure, route));
      if (failure.status === 404) return new StudioError('not-found', serverMessage);
      if (failure.status === 401)
        return new StudioError('unauthorized', `${serviceName} refused the API token: ${serverMessage}`);
      // The team server's roles refused it (issue 22): its message names the missing action and where, whole.
      if (failure.status === 403 && own) return new StudioError('forbidden', own.message);
      if (defaultErrorCode(failure) === 'invalid-input') return new StudioError('invalid-input', serverMessage);
      return undefined;
    },
  });

  function call<S extends z.ZodType>(
    route: string,
    request:
      | { method: 'GET'; searchParams?: Record<string, string> }
      // idempotent: a save carrying a save id, which may be sent again after a dropped connection.
      | { method: 'POST'; json: unknown; idempotent?: boolean },
    schema: S,
  ): Promise<z.output<S>> {
    return http.request({ url: new URL(route, root), where: `/${route}`, schema, ...request });
  }

  /** A read that answers null when the service has no such page or version. */
  async function loadOrNull<S extends z.ZodType>(
    route: string,
    searchParams: Record<string, string>,
    schema: S,
  ): Promise<z.output<S> | null> {
    try {
      return await call(route, { method: 'GET', searchParams }, schema);
    } catch (error) {
      if (error instanceof StudioError && error.code === 'not-found') return null;
      throw error;
    }
  }

  const saveContentReceipt = (content: PageContent, baseHash: string | null, saveId: string | undefined) =>
    call(
      'saveContent',
      { method: 'POST', json: { content, baseHash, saveId }, idempotent: saveId !== undefined },
      SaveAnswerSchema,
    );

  return {
    saveContent: async (content, baseHash, saveId) => (await saveContentReceipt(content, baseHash, saveId)).version,
    saveContentReceipt,
    saveBookmark: async (content) =>
      (await call('saveBookmark', { method: 'POST', json: { content } }, SaveAnswerSchema)).version,
    listPages: (query = {}) => call('pages', { method: 'GET', searchParams: searchParamsOf(query) }, PageListingSchema),
    loadPage: (key) => loadOrNull('page', { ...key }, PageAnswerSchema),
    listVersions,
    loadVersion: (key, version) => loadOrNull('version', { ...key, version: String(version) }, VersionAnswerSchema),
    goLive: async (move) => (await call('goLive', { method: 'POST', json: move }, LiveAnswerSchema)).live,
    rollBack: async (move) => (await call('rollBack', { method: 'POST', json: move }, LiveAnswerSchema)).live,
    liveHistory: (key) =>
      call(
        'liveHistory',
        { method: 'GET', searchParams: searchParamsOf({ ...key, limit: MAX_LIST_LIMIT }) },
        LiveHistoryAnswerSchema,
      ),
    pageAudit: (key) =>
      call(
        'audit',
        { method: 'GET', searchParams: searchParamsOf({ ...key, limit: MAX_LIST_LIMIT }) },
        AuditAnswerSchema,
      ),
    ...createReleasesClient(call),
  };

  /** The History list shows every version: the listing is bounded per request, so it is read page by page. */
  async function listVersions(key: PageKey): Promise<VersionListing> {
    const versions: VersionSummary[] = [];
    const skipped = new Set<number>();
    for (;;) {
      const page = await call(
        'versions',
        { method: 'GET', searchParams: searchParamsOf({ ...key, limit: MAX_LIST_LIMIT, offset: versions.length }) },
        VersionsAnswerSchema,
      );
      versions.push(...page.versions);
      for (const version of page.skipped) skipped.add(version);
      // A service from before paging answers every version at once, with no total (taken as what it sent).
      if (page.versions.length === 0 || versions.length >= page.total) {
        return { versions, total: versions.length, skipped: [...skipped] };
      }
    }
  }
}

function searchParamsOf(query: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}
