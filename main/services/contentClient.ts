import got, { HTTPError, TimeoutError, type Got } from 'got';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { StudioError } from '../../core/result';
import { formatUtcTime } from '../../core/rules/utcTime';
import {
  PageContentSchema,
  PageKeySchema,
  PageSummarySchema,
  VersionSummarySchema,
  type PageContent,
  type PageKey,
  type VersionSummary,
} from '../../core/schemas';
import { isUnreachable } from './sampleHttp';

/**
 * The client of a content service (the embedded one or a team's): every answer is parsed with zod, every
 * failure becomes a StudioError whose message a person can act on.
 */

// repeated: a save id the service had applied already (a team's service from before save ids sends none).
const SavedVersionResponseSchema = z.object({ version: VersionSummarySchema, repeated: z.boolean().default(false) });
/** Version numbers a service passed over because it could not read them (a damaged file). */
const SkippedSchema = z.array(z.number().int().positive()).default([]);
const PagesResponseSchema = z
  .object({
    pages: z.array(PageSummarySchema),
    // A team's service from before listings were paged sends neither.
    total: z.number().int().nonnegative().optional(),
    skipped: z.array(z.object({ key: PageKeySchema, versions: SkippedSchema })).default([]),
  })
  .transform((listing) => ({ ...listing, total: listing.total ?? listing.pages.length }));
const VersionsResponseSchema = z.object({ versions: z.array(VersionSummarySchema), skipped: SkippedSchema });
const PageVersionResponseSchema = z.object({ content: PageContentSchema, version: VersionSummarySchema, skipped: SkippedSchema });
const ErrorResponseSchema = z.object({
  error: z.looseObject({ code: z.string(), message: z.string(), latest: VersionSummarySchema.optional() }),
});

export type PageVersion = z.output<typeof PageVersionResponseSchema>;
export type PageListing = z.output<typeof PagesResponseSchema>;
export type VersionListing = z.output<typeof VersionsResponseSchema>;

export interface PageQuery {
  fascia?: string;
  country?: string;
  text?: string;
  limit?: number;
  offset?: number;
}

export interface ContentClient {
  /**
   * saveId makes the save idempotent: sent again after a lost answer, the service answers with the version
   * the first attempt made instead of a conflict with it.
   */
  saveContent(content: PageContent, baseHash: string | null, saveId?: string): Promise<VersionSummary>;
  /** saveContent, also saying whether the service answered a repeat of a save id it had applied (the outbox). */
  saveContentReceipt(content: PageContent, baseHash: string | null, saveId: string): Promise<{ version: VersionSummary; repeated: boolean }>;
  saveBookmark(content: PageContent): Promise<VersionSummary>;
  listPages(query?: PageQuery): Promise<PageListing>;
  loadPage(key: PageKey): Promise<PageVersion | null>;
  listVersions(key: PageKey): Promise<VersionListing>;
  loadVersion(key: PageKey, version: number): Promise<PageVersion | null>;
}

export interface ContentClientOptions {
  /** Per attempt. */
  timeoutMs?: number;
  /** The longest wait between two attempts of a GET; tests shorten it. */
  retryDelayMs?: number;
  /** A team server's API token, sent as `Authorization: Bearer`. */
  token?: string;
}

export function createContentClient(baseUrl: string, options: ContentClientOptions = {}): ContentClient {
  const { timeoutMs = 10_000, retryDelayMs = 1_000, token } = options;
  const http: Got = got.extend({
    prefixUrl: baseUrl,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    timeout: { request: timeoutMs },
    retry: {
      limit: 2,
      // Reads, and saves that carry a save id (the service answers a repeat with the version it made).
      methods: ['GET'],
      backoffLimit: retryDelayMs,
      // A team server down for a while says so with Retry-After; the editor is told at once, not kept waiting.
      maxRetryAfter: retryDelayMs,
      // got's list without ETIMEDOUT: a service that let one attempt time out will most likely let the next
      // ones time out too, and three waits of timeoutMs would leave the editor hanging.
      errorCodes: ['ECONNRESET', 'EADDRINUSE', 'ECONNREFUSED', 'EPIPE', 'ENOTFOUND', 'ENETUNREACH', 'EAI_AGAIN'],
    },
    responseType: 'text',
  });
  const serviceName = `The content service at ${baseUrl}`;

  async function call<S extends z.ZodType>(
    route: string,
    request:
      | { method: 'GET'; searchParams?: Record<string, string> }
      // idempotent: a save carrying a save id, which may be sent again after a dropped connection.
      | { method: 'POST'; json: unknown; idempotent?: boolean },
    schema: S,
  ): Promise<z.output<S>> {
    let text: string;
    try {
      if (request.method === 'GET') {
        text = (await http(route, request)).body as string;
      } else {
        const { idempotent = false, ...post } = request;
        // Not on a 413 or 500: the same body would get the same answer.
        const retry = { methods: ['POST' as const], statusCodes: [502, 503, 504] };
        text = (await http(route, idempotent ? { ...post, retry } : post)).body as string;
      }
    } catch (error) {
      throw toStudioError(error, route);
    }
    return parseAnswer(text, schema, route);
  }

  function parseAnswer<S extends z.ZodType>(text: string, schema: S, route: string): z.output<S> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StudioError('failed', `${serviceName} answered /${route} with something that is not JSON.`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new StudioError(
        'failed',
        `${serviceName} answered /${route} in an unexpected shape (${describeIssues(parsed.error)}).`,
      );
    }
    return parsed.data;
  }

  function toStudioError(error: unknown, route: string): StudioError {
    if (error instanceof HTTPError) return fromErrorResponse(error.response.statusCode, String(error.response.body), route);
    if (isUnreachable(error)) {
      const why = error instanceof TimeoutError ? ` (no answer within ${timeoutMs / 1000} s)` : '';
      return new StudioError('unavailable', `${serviceName} is not reachable${why}. Check the address in Settings.`);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new StudioError('failed', `Calling ${serviceName} failed: ${message}`);
  }

  function fromErrorResponse(status: number, body: string, route: string): StudioError {
    const parsed = safeJson(body, ErrorResponseSchema);
    const serverMessage = parsed?.error.message ?? `HTTP ${status}`;
    if (status === 409) {
      const latest = parsed?.error.latest;
      // A team's service may not say who saved; the conflict is just as real.
      const who = latest ? ` (${latest.author}, ${formatUtcTime(latest.timestamp)})` : '';
      return new StudioError('conflict', `Someone else saved this page since you opened it${who}.`, latest);
    }
    if (status === 404 && parsed?.error.code === 'not-found') {
      return new StudioError('not-found', serverMessage);
    }
    if (status === 401) return new StudioError('unauthorized', `${serviceName} refused the API token: ${serverMessage}`);
    if (status === 400 || status === 413 || status === 422) return new StudioError('invalid-input', serverMessage);
    if (status === 502 || status === 503 || status === 504) {
      return new StudioError('unavailable', `${serviceName} is not available right now (${serverMessage}).`);
    }
    // Anything else, a 404 for the route included, means the address is not a content service of this kind.
    return new StudioError('failed', `${serviceName} refused /${route} with HTTP ${status}: ${serverMessage}`);
  }

  /** A read that answers null when the service has no such page or version. */
  async function loadOrNull(route: string, searchParams: Record<string, string>): Promise<PageVersion | null> {
    try {
      return await call(route, { method: 'GET', searchParams }, PageVersionResponseSchema);
    } catch (error) {
      if (error instanceof StudioError && error.code === 'not-found') return null;
      throw error;
    }
  }

  const saveContentReceipt = (content: PageContent, baseHash: string | null, saveId: string | undefined) =>
    call('saveContent', { method: 'POST', json: { content, baseHash, saveId }, idempotent: saveId !== undefined }, SavedVersionResponseSchema);

  return {
    saveContent: async (content, baseHash, saveId) => (await saveContentReceipt(content, baseHash, saveId)).version,
    saveContentReceipt,
    saveBookmark: async (content) =>
      (await call('saveBookmark', { method: 'POST', json: { content } }, SavedVersionResponseSchema)).version,
    listPages: (query = {}) => call('pages', { method: 'GET', searchParams: searchParamsOf(query) }, PagesResponseSchema),
    loadPage: (key) => loadOrNull('page', { ...key }),
    listVersions: (key) => call('versions', { method: 'GET', searchParams: { ...key } }, VersionsResponseSchema),
    loadVersion: (key, version) => loadOrNull('version', { ...key, version: String(version) }),
  };
}

function searchParamsOf(query: PageQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}

function safeJson<S extends z.ZodType>(text: string, schema: S): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
