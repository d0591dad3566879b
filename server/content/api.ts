import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { JsonLimitError, MAX_JSON_BYTES, describeBytes, parseJsonWithLimits } from '../../core/rules/jsonLimits';
import { quote } from '../../core/rules/quote';
import {
  CountryCodeSchema,
  KeySegmentSchema,
  PageContentSchema,
  PageKeySchema,
  type PageContent,
  type PageKey,
} from '../../core/schemas';
import {
  ConflictError,
  DamagedVersionError,
  InvalidContentError,
  SaveIdReusedError,
  StoreUnavailableError,
  describeKey,
  versionSummary,
  type ContentStore,
  type StoredVersion,
} from '../../core/store';
import { errorMessage } from '../../core/rules/errorMessage';
import { MAX_LIST_LIMIT, PagingQuerySchema } from '../../core/teamProtocol';

/**
 * The content service's HTTP API, built once over any ContentStore (issue 12): the embedded desktop service
 * (main/services/contentServer.ts, files) and the team server (server/, PostgreSQL) both serve it, so
 * main/services/contentClient.ts talks to either without a branch.
 *
 * Routes: POST /saveContent {content, baseHash?, saveId?} → 201 {version, repeated: false}, or 200
 * {version, repeated: true} for a save id already applied, or 409 {error: {code: 'conflict', latest}};
 * POST /saveBookmark {content, saveId?}; GET /pages?fascia&country&text&limit&offset → {pages, total, skipped};
 * GET /page?KEY → {content, version, skipped}; GET /versions?KEY → {versions, skipped};
 * GET /version?KEY&version=N → {content, version}. Errors are {error: {code, message, ...}}.
 *
 * createContentApi returns a handler `(request, response) => Promise<boolean>`: false (nothing sent) when the
 * path is not one of these routes, so the caller serves its own routes or answers 404; true once it answered.
 */

export const MAX_BODY_BYTES = MAX_JSON_BYTES;
/** Seconds a client waits before trying again while the store is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** An answer other than 2xx, with the `{error: {code, message, ...}}` body the client reads. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Where the API reports what goes wrong on the server's side; pino's (details, message) order. */
export interface ApiLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const consoleLog: ApiLog = {
  warn: (details, message) => console.warn(`content service: ${message}`, details),
  error: (details, message) => console.error(`content service: ${message}`, details),
};

export interface ContentApiOptions {
  store: ContentStore;
  /**
   * Who is asking. When given, every route requires it and each saved version's author is the user it
   * returns, lowercased; it throws an HttpError (401) for a request without valid credentials.
   */
  authenticate?: (request: IncomingMessage) => Promise<string>;
  log?: ApiLog;
}

export type ContentApi = (request: IncomingMessage, response: ServerResponse, log?: ApiLog) => Promise<boolean>;

const SaveIdSchema = z
  .string()
  .min(8, 'a save id has at least 8 characters')
  .max(100, 'a save id has at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'a save id holds letters, digits, - and _ only');
const SaveContentBodySchema = z.object({
  content: PageContentSchema,
  baseHash: z.string().min(1).max(200).nullable().optional(),
  saveId: SaveIdSchema.optional(),
});
const SaveBookmarkBodySchema = z.object({ content: PageContentSchema, saveId: SaveIdSchema.optional() });
const VersionNumberSchema = z
  .string({ error: 'version is required' })
  .regex(/^[1-9]\d{0,8}$/, 'version must be a positive whole number')
  .transform(Number);
const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`);
const PageQuerySchema = z.object({
  fascia: KeySegmentSchema.optional(),
  country: CountryCodeSchema.optional(),
  text: z
    .string()
    .max(200, 'text must be at most 200 characters')
    .refine((text) => ![...text].some((char) => char.charCodeAt(0) < 0x20), 'text must not contain control characters')
    .optional(),
  limit: whole('limit', 1, MAX_LIST_LIMIT).optional(),
  offset: whole('offset', 0, 1_000_000_000).optional(),
});

type Reply = { status: number; body: unknown };
type Route = {
  method: 'GET' | 'POST';
  handle: (request: IncomingMessage, url: URL, user: string | null) => Promise<Reply>;
};

export function createContentApi(options: ContentApiOptions): ContentApi {
  const { store, authenticate } = options;
  const defaultLog = options.log ?? consoleLog;

  /** The content as stored: with an authenticated user, the author is theirs whatever the client sent. */
  const authored = (content: PageContent, user: string | null): PageContent =>
    user === null ? content : { ...content, author: user.toLowerCase() };

  const routes: Record<string, Route> = {
    '/saveContent': {
      method: 'POST',
      handle: async (request, _url, user) => {
        const body = parseWith(SaveContentBodySchema, await readJsonBody(request), 'saveContent body');
        const saved = await store.save({
          content: authored(body.content, user),
          kind: 'content',
          baseHash: body.baseHash,
          saveId: body.saveId,
        });
        return { status: saved.repeated ? 200 : 201, body: saved };
      },
    },
    '/saveBookmark': {
      method: 'POST',
      // Editor spec §7: a bookmark is stored like content but never refused for a conflict.
      handle: async (request, _url, user) => {
        const body = parseWith(SaveBookmarkBodySchema, await readJsonBody(request), 'saveBookmark body');
        const saved = await store.save({
          content: authored(body.content, user),
          kind: 'bookmark',
          saveId: body.saveId,
        });
        return { status: saved.repeated ? 200 : 201, body: saved };
      },
    },
    '/pages': {
      method: 'GET',
      handle: async (_request, url) => {
        const query = parseWith(PageQuerySchema, Object.fromEntries(url.searchParams), 'page query');
        return { status: 200, body: await store.listPages(query) };
      },
    },
    '/page': {
      method: 'GET',
      handle: async (_request, url) => {
        const key = keyFromQuery(url.searchParams);
        const { stored, skipped } = await store.latest(key);
        if (!stored) {
          const why = skipped.length > 0 ? `: ${describeSkipped(skipped)}` : '';
          throw new HttpError(404, 'not-found', `No readable saved version of ${describeKey(key)}${why}.`, { skipped });
        }
        return { status: 200, body: { ...versionReply(stored), skipped } };
      },
    },
    '/versions': {
      method: 'GET',
      handle: async (_request, url) => {
        const key = keyFromQuery(url.searchParams);
        const paging = parseWith(PagingQuerySchema, Object.fromEntries(url.searchParams), 'versions query');
        return { status: 200, body: await store.versions(key, paging) };
      },
    },
    '/version': {
      method: 'GET',
      handle: async (_request, url) => {
        const key = keyFromQuery(url.searchParams);
        const number = parseWith(VersionNumberSchema, url.searchParams.get('version') ?? undefined, 'version');
        const stored = await store.version(key, number);
        if (!stored) throw new HttpError(404, 'not-found', `${describeKey(key)} has no version ${number}.`);
        return { status: 200, body: versionReply(stored) };
      },
    },
  };

  return async (request, response, log = defaultLog) => {
    try {
      const url = requestUrl(request);
      const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
      if (!route) return false;
      const user = authenticate ? await authenticate(request) : null;
      if (request.method !== route.method) {
        throw new HttpError(
          405,
          'method-not-allowed',
          `${url.pathname} answers ${route.method} only.`,
          {},
          { Allow: route.method },
        );
      }
      const reply = await route.handle(request, url, user);
      sendJson(response, reply.status, reply.body);
    } catch (error) {
      sendError(response, error, log);
    }
    return true;
  };
}

/** The request's URL; a request target that is not a URL path (`http://[`) is a 400, never a crash. */
export function requestUrl(request: IncomingMessage): URL {
  try {
    return new URL(request.url ?? '/', 'http://content.invalid');
  } catch {
    throw new HttpError(400, 'invalid-request', `The request target ${quote(request.url ?? '')} is not a valid path.`);
  }
}

/** Answers an error: HttpError and the store's errors as they say, anything else as a logged 500. */
export function sendError(response: ServerResponse, error: unknown, log: ApiLog = consoleLog): void {
  if (response.headersSent) {
    // Too late for an error answer: cut the connection so the client sees a failure, not a short body.
    log.error({ err: error }, 'failure after the answer began');
    response.destroy();
    return;
  }
  const http = toHttpError(error);
  if (!http) {
    log.error({ err: error }, 'unexpected failure');
    const message = errorMessage(error);
    sendJson(response, 500, { error: { code: 'internal', message: `The content service failed: ${quote(message)}` } });
    return;
  }
  if (http.status === 503) log.warn({ err: error }, 'store unavailable');
  sendJson(response, http.status, { error: { code: http.code, message: http.message, ...http.extra } }, http.headers);
}

function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof ConflictError) return new HttpError(409, 'conflict', error.message, { latest: error.latest });
  if (error instanceof StoreUnavailableError) {
    return new HttpError(503, 'unavailable', error.message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  if (error instanceof InvalidContentError) return new HttpError(400, 'invalid-input', error.message);
  if (error instanceof SaveIdReusedError) return new HttpError(422, 'save-id-reused', error.message);
  if (error instanceof DamagedVersionError)
    return new HttpError(422, 'damaged', error.message, { version: error.version });
  return null;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(text);
}

/**
 * The request body as JSON, within the size (20 MB) and depth (64) limits of core/rules/jsonLimits.ts. Only
 * application/json is read: a web page cannot then post here without a CORS preflight, which is never granted.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    discardBody(request);
    throw new HttpError(415, 'unsupported-media-type', 'Send the request body as application/json.');
  }
  if (Number(request.headers['content-length']) > maxBytes) {
    discardBody(request);
    throw tooLarge(maxBytes);
  }
  const text = await new Promise<string>((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      chunks.length = 0;
      request.off('data', onData);
      discardBody(request);
      rejectBody(tooLarge(maxBytes));
    };
    request.on('data', onData);
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', rejectBody);
  });
  if (text.trim() === '') throw new HttpError(400, 'invalid-json', 'The request body is empty; send a JSON object.');
  try {
    return parseJsonWithLimits(text, { maxBytes, maxDepth: 64 });
  } catch (error) {
    if (error instanceof JsonLimitError) {
      if (error.limit === 'size') throw tooLarge(maxBytes);
      throw new HttpError(400, 'too-deep', `The request body is ${error.message}.`);
    }
    throw new HttpError(400, 'invalid-json', `The request body is not valid JSON: ${quote(errorMessage(error))}`);
  }
}

/**
 * The rest of a body the answer does not need is dropped, not buffered. A 413 says Connection: close, so
 * Node closes the socket as soon as the answer is out instead of reading a body of any size to its end.
 */
function discardBody(request: IncomingMessage): void {
  request.resume();
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(
    413,
    'too-large',
    `The request body is larger than ${describeBytes(maxBytes)} (the limit).`,
    {},
    { Connection: 'close' },
  );
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid-input', `Invalid ${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export function keyFromQuery(params: URLSearchParams): PageKey {
  const field = (name: keyof PageKey) => params.get(name) ?? undefined;
  return parseWith(
    PageKeySchema,
    {
      fascia: field('fascia'),
      country: field('country'),
      page: field('page'),
      source: field('source'),
      platform: field('platform'),
    },
    'page key',
  );
}

function describeSkipped(skipped: readonly number[]): string {
  return `version${skipped.length === 1 ? '' : 's'} ${skipped.join(', ')} could not be read`;
}

function versionReply(stored: StoredVersion) {
  return { content: stored.content, version: versionSummary(stored) };
}
