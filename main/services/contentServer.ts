import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep, isAbsolute } from 'node:path';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import {
  PageContentSchema,
  PageKeySchema,
  type PageContent,
  type PageKey,
  type PageSummary,
  type VersionSummary,
} from '../../core/schemas';
import { isMissingFileError, readJsonFile, writeFileAtomic } from './atomicFile';
import { createKeyedQueue } from './keyedQueue';
import type { SampleRouter } from './sampleServices';

/**
 * The embedded content service (ARCHITECTURE.md, Data): pages as JSON files under `${dataDir}/content/`, at
 * the s3JsonUrl layout `{fascia}/{platform}/{source}/{page}/uat/{country}/`, every saved version kept as
 * v000001.json, v000002.json, ... Version files are written once and never changed.
 */

export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** Saved pages always get status uat (editor spec §4). */
const STATUS = 'uat';
const VERSION_FILE = /^v(\d{6,})\.json$/;
/** Bounds the files read at once when listing, well below the default open-file limit of macOS (256). */
const LISTING_CONCURRENCY = 16;

const VersionKindSchema = z.enum(['content', 'bookmark']);
type VersionKind = z.infer<typeof VersionKindSchema>;

const StoredVersionSchema = z.object({
  version: z.number().int().positive(),
  kind: VersionKindSchema,
  content: PageContentSchema,
});
type StoredVersion = z.infer<typeof StoredVersionSchema>;

const SaveContentBodySchema = z.object({
  content: PageContentSchema,
  baseHash: z.string().min(1).nullable().optional(),
});
const SaveBookmarkBodySchema = z.object({ content: PageContentSchema });
const VersionNumberSchema = z
  .string({ error: 'version is required' })
  .regex(/^[1-9]\d{0,8}$/, 'version must be a positive whole number')
  .transform(Number);

export interface ContentServerOptions {
  dataDir: string;
  /** Shipped sample data (resources/sample) served read-only under /sample/, e.g. the Blog's posts feed. */
  sampleDir?: string;
  /** The sample services (mesh, faceted search, product lookup, image metadata) answered by the same server. */
  sampleRouter?: SampleRouter;
  port?: number;
  host?: string;
}

export interface ContentServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** An answer other than 2xx, with the `{error: {code, message, ...}}` body the client reads. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  body: unknown;
}

type RouteHandler = (request: IncomingMessage, url: URL) => Promise<Reply>;

export async function startContentServer(options: ContentServerOptions): Promise<ContentServer> {
  const { dataDir, port = 0, host = '127.0.0.1' } = options;
  const store = createVersionStore(join(dataDir, 'content'));

  const routes: Record<string, { method: 'GET' | 'POST'; handle: RouteHandler }> = {
    '/saveContent': {
      method: 'POST',
      handle: async (request) => {
        const body = parseWith(SaveContentBodySchema, await readJsonBody(request), 'saveContent body');
        return { status: 201, body: { version: await store.save(body.content, 'content', body.baseHash) } };
      },
    },
    '/saveBookmark': {
      method: 'POST',
      // Editor spec §7: a bookmark is stored like content but never refused for a conflict.
      handle: async (request) => {
        const body = parseWith(SaveBookmarkBodySchema, await readJsonBody(request), 'saveBookmark body');
        return { status: 201, body: { version: await store.save(body.content, 'bookmark', undefined) } };
      },
    },
    '/pages': { method: 'GET', handle: async () => ({ status: 200, body: { pages: await store.listPages() } }) },
    '/page': {
      method: 'GET',
      handle: async (_request, url) => {
        const key = keyFromQuery(url.searchParams);
        const latest = await store.latest(key);
        if (!latest) throw new HttpError(404, 'not-found', `No saved version of ${describeKey(key)}.`);
        return { status: 200, body: versionReply(latest) };
      },
    },
    '/versions': {
      method: 'GET',
      handle: async (_request, url) => ({
        status: 200,
        body: { versions: await store.versions(keyFromQuery(url.searchParams)) },
      }),
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

  const server = createServer((request, response) => {
    void handleRequest(request, response);
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const url = new URL(request.url ?? '/', 'http://content.invalid');
      checkHost(request);
      const sample = await options.sampleRouter?.(request, url);
      if (sample?.raw !== undefined) {
        response.writeHead(sample.status, { 'Cache-Control': 'no-store', ...sample.headers });
        response.end(sample.raw);
        return;
      }
      if (sample) {
        sendJson(response, sample.status, sample.body, sample.headers);
        return;
      }
      if (options.sampleDir && url.pathname.startsWith('/sample/') && request.method === 'GET') {
        sendJson(response, 200, await readSampleJson(options.sampleDir, url.pathname.slice('/sample/'.length)));
        return;
      }
      const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
      if (!route) throw new HttpError(404, 'no-such-route', `The content service has no ${url.pathname}.`);
      if (request.method !== route.method) {
        response.setHeader('Allow', route.method);
        throw new HttpError(405, 'method-not-allowed', `${url.pathname} answers ${route.method} only.`);
      }
      const reply = await route.handle(request, url);
      sendJson(response, reply.status, reply.body);
    } catch (error) {
      if (error instanceof HttpError) {
        sendJson(response, error.status, { error: { code: error.code, message: error.message, ...error.extra } });
        return;
      }
      console.error('content service: unexpected failure', error);
      const message = error instanceof Error ? error.message : String(error);
      sendJson(response, 500, { error: { code: 'internal', message: `The content service failed: ${message}` } });
    }
  }

  /**
   * Bound to loopback, only requests addressed to loopback are answered: a web page that rebinds its own host
   * name to 127.0.0.1 (DNS rebinding) would otherwise read and write pages through the user's browser.
   */
  function checkHost(request: IncomingMessage): void {
    if (!isLoopback(host)) return;
    const requested = request.headers.host ?? '';
    const allowed = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${boundPort}`);
    if (!allowed.includes(requested)) {
      throw new HttpError(403, 'forbidden', `The content service only answers requests addressed to ${allowed[0]}.`);
    }
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const boundPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        // Keep-alive connections would otherwise hold close() open until they time out.
        server.closeIdleConnections();
      }),
  };
}

/** A JSON file of the sample data; anything else, or a path leaving the folder, is not found. */
async function readSampleJson(sampleDir: string, relativePath: string): Promise<unknown> {
  const root = resolve(sampleDir);
  let path: string;
  try {
    path = resolve(root, decodeURIComponent(relativePath));
  } catch {
    path = '';
  }
  if (!path.startsWith(root + sep) || !path.endsWith('.json')) throw new HttpError(404, 'not-found', 'No such sample file.');
  const data = await readJsonFile(path).catch(() => null);
  if (data === null) throw new HttpError(404, 'not-found', 'No such sample file.');
  return data;
}

/** The files of every page, and the per-page queue that keeps two saves of one page from taking one number. */
function createVersionStore(contentRoot: string) {
  const enqueue = createKeyedQueue();
  // Version files never change once written, so a summary read from one stays true: listing reads each once.
  const summaryCache = new Map<string, PageSummary>();

  function pageFolder(key: PageKey): string {
    const folder = resolve(contentRoot, key.fascia, key.platform, key.source, key.page, STATUS, key.country);
    // PageKeySchema already forbids separators and leading dots; this holds even if that rule is loosened.
    const inside = relative(contentRoot, folder);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new HttpError(400, 'invalid-input', 'The page key points outside the content folder.');
    }
    return folder;
  }

  async function versionNumbers(folder: string): Promise<number[]> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (isMissingFileError(error)) return [];
      throw error;
    }
    return names
      .map((name) => VERSION_FILE.exec(name)?.[1])
      .filter((digits): digits is string => digits !== undefined)
      .map(Number)
      .sort((a, b) => b - a);
  }

  async function readVersion(folder: string, version: number): Promise<StoredVersion | null> {
    const file = join(folder, versionFileName(version));
    const raw = await readJsonFile(file);
    if (raw === null) return null;
    const parsed = StoredVersionSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`Stored version ${file} is damaged: ${describeIssues(parsed.error)}`);
    return parsed.data;
  }

  /** For lists: one damaged file must not hide every other page or version, so it is logged and left out. */
  async function readVersionOrSkip(folder: string, version: number): Promise<StoredVersion | null> {
    try {
      return await readVersion(folder, version);
    } catch (error) {
      console.warn(`content service: skipping ${join(folder, versionFileName(version))}:`, String(error));
      return null;
    }
  }

  /**
   * The page's content is its newest version of kind 'content': a bookmark is a snapshot beside the page,
   * so it is never what the page shows, nor the base a save is checked against. Listing passes a reader
   * that skips a damaged file, as it does for the newest one.
   */
  async function newestContent(folder: string, numbers: readonly number[], read = readVersion): Promise<StoredVersion | null> {
    for (const number of numbers) {
      const stored = await read(folder, number);
      if (stored?.kind === 'content') return stored;
    }
    return null;
  }

  async function latest(key: PageKey): Promise<StoredVersion | null> {
    const folder = pageFolder(key);
    return newestContent(folder, await versionNumbers(folder));
  }

  async function save(content: PageContent, kind: VersionKind, baseHash: string | null | undefined) {
    const key = keyOf(content);
    const folder = pageFolder(key);
    return enqueue(folder, async (): Promise<VersionSummary> => {
      const numbers = await versionNumbers(folder);
      if (baseHash !== undefined) {
        const current = await newestContent(folder, numbers);
        if (current) assertNoConflict(key, baseHash, current);
      }
      const version = (numbers[0] ?? 0) + 1;
      const stored: StoredVersion = { version, kind, content };
      await writeFileAtomic(join(folder, versionFileName(version)), JSON.stringify(stored));
      return versionSummary(stored);
    });
  }

  async function versions(key: PageKey): Promise<VersionSummary[]> {
    const folder = pageFolder(key);
    const numbers = await versionNumbers(folder);
    const stored = await mapLimited(numbers, LISTING_CONCURRENCY, (number) => readVersionOrSkip(folder, number));
    return stored.filter((entry): entry is StoredVersion => entry !== null).map(versionSummary);
  }

  async function listPages(): Promise<PageSummary[]> {
    const latestFiles = new Map<string, { key: PageKey; version: number }>();
    for (const relativePath of await listFilesUnder(contentRoot)) {
      const parts = relativePath.split(sep);
      if (parts.length !== 7 || parts[4] !== STATUS) continue;
      const [fascia, platform, source, page, , country, fileName] = parts;
      const version = Number(VERSION_FILE.exec(fileName ?? '')?.[1]);
      const key = PageKeySchema.safeParse({ fascia, platform, source, page, country });
      if (!version || !key.success) continue;
      const folder = join(contentRoot, ...parts.slice(0, 6));
      const known = latestFiles.get(folder);
      if (!known || known.version < version) latestFiles.set(folder, { key: key.data, version });
    }

    const summaries = await mapLimited([...latestFiles], LISTING_CONCURRENCY, async ([folder, { key, version }]) => {
      const file = join(folder, versionFileName(version));
      const cached = summaryCache.get(file);
      if (cached) return cached;
      const newest = await readVersionOrSkip(folder, version);
      const stored = newest?.kind === 'bookmark' ? await newestContent(folder, await versionNumbers(folder), readVersionOrSkip) : newest;
      if (!stored) return null;
      const summary = pageSummary(key, stored);
      summaryCache.set(file, summary);
      return summary;
    });
    const byNewest = (a: PageSummary, b: PageSummary) =>
      Date.parse(b.timestamp) - Date.parse(a.timestamp) || describeKey(a.key).localeCompare(describeKey(b.key));
    return summaries.filter((summary): summary is PageSummary => summary !== null).sort(byNewest);
  }

  return {
    save,
    latest,
    versions,
    listPages,
    version: (key: PageKey, version: number) => readVersion(pageFolder(key), version),
  };
}

function assertNoConflict(key: PageKey, baseHash: string | null, current: StoredVersion): void {
  const latest = versionSummary(current);
  if (baseHash === null) {
    throw new HttpError(
      409,
      'conflict',
      `${describeKey(key)} was created by ${latest.author} at ${latest.timestamp} after you started it.`,
      { latest },
    );
  }
  if (current.content.hash !== baseHash) {
    throw new HttpError(
      409,
      'conflict',
      `${describeKey(key)} was saved by ${latest.author} at ${latest.timestamp} (version ${latest.version}) since you opened it.`,
      { latest },
    );
  }
}

async function listFilesUnder(root: string): Promise<string[]> {
  try {
    return await readdir(root, { recursive: true });
  } catch (error) {
    if (isMissingFileError(error)) return [];
    throw error;
  }
}

/** Maps with at most `limit` calls in flight, keeping the order of the input. */
async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const contentType = request.headers['content-type'] ?? '';
  // Requiring JSON also means a web page cannot post here without a CORS preflight, which is never granted.
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    request.resume();
    throw new HttpError(415, 'unsupported-media-type', 'Send the request body as application/json.');
  }
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) {
    request.resume();
    throw tooLarge();
  }
  const text = await new Promise<string>((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // Keep reading and dropping the rest, so the client gets the 413 rather than a reset connection.
        chunks.length = 0;
        rejectBody(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', rejectBody);
  });
  if (text.trim() === '') throw new HttpError(400, 'invalid-json', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, 'invalid-json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

function tooLarge(): HttpError {
  return new HttpError(413, 'too-large', `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid-input', `Invalid ${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

function keyFromQuery(params: URLSearchParams): PageKey {
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

function keyOf(content: PageContent): PageKey {
  const { fascia, country, page, source, platform } = content;
  return { fascia, country, page, source, platform };
}

function describeKey(key: PageKey): string {
  return `page '${key.page}' (${key.fascia}, ${key.country}, ${key.platform}/${key.source})`;
}

function versionFileName(version: number): string {
  return `v${String(version).padStart(6, '0')}.json`;
}

function versionSummary(stored: StoredVersion): VersionSummary {
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

function pageSummary(key: PageKey, stored: StoredVersion): PageSummary {
  const { content } = stored;
  return {
    key,
    category: content.category,
    author: content.author,
    timestamp: content.timestamp,
    hash: content.hash,
    version: stored.version,
  };
}

function versionReply(stored: StoredVersion): { content: PageContent; version: VersionSummary } {
  return { content: stored.content, version: versionSummary(stored) };
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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
