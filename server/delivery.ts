import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeliveryStageSchema, type DeliveryStage } from '../core/live';
import { CountryCodeSchema, KeySegmentSchema, PlatformSchema, type PageKey } from '../core/schemas';
import { pageKeyId, type AuditClient, type ContentStore } from '../core/store';
import { AUDIT_ACTIONS } from '../core/teamProtocol';
import { HttpError, notFound } from '../http/errors';
import { COMMAND_LINE, auditInsert, recordAudit } from './audit';
import { DELIVERY_KEY_PREFIX, bearerToken, hashToken, isApiToken } from './auth';
import { EVENTS_CHANNEL, channelPayload, type Queryable } from './db/database';

/**
 * The delivery route (issue 24 §3): GET /content/{platform}/{source}/{page}/{stage}/{country}.json, the
 * spec's s3JsonUrl shape (core/rules/page.ts), serves a page's stored content as it was saved: stage uat its
 * newest content version, stage live its live version. The storefront reads it with a delivery key, read-only
 * and separate from editors' tokens (stored as hashes, like them), or without one when the server runs with
 * --public-delivery. Each answer carries the version's hash as its ETag, so a storefront asking again with
 * If-None-Match gets a 304 without a body; a full answer is compressed once per version and encoding, then
 * served from memory. Which version a path serves, and which keys are known, are kept in memory too, until a
 * change is announced (createDeliveryCache): a repeated read costs no query.
 */

// ---------------------------------------------------------------------------------------------------------
// Keys: `npm run server -- delivery-key add NAME | list | revoke NAME`.

/** What a key's name may be: shown by `delivery-key list`, taken by `delivery-key revoke`; not secret. */
export const DeliveryKeyNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    'A delivery key name has 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
  );

export interface DeliveryKeyListing {
  name: string;
  createdAt: string;
}

/** PostgreSQL's SQLSTATE for a duplicate key. */
const UNIQUE_VIOLATION = '23505';

/** A key named `name` already exists: the command line says so rather than replacing it unseen. */
export class DeliveryKeyExistsError extends Error {
  constructor(readonly keyName: string) {
    super(
      `A delivery key named ${keyName} exists already. Revoke it first (npm run server -- delivery-key revoke ${keyName}) or choose another name.`,
    );
    this.name = 'DeliveryKeyExistsError';
  }
}

/**
 * Makes a key named `name` and answers it: the only time it exists outside the storefront it is given to.
 * The key and its audit entry are written by one statement, so neither exists without the other.
 */
export async function addDeliveryKey(db: Queryable, name: string, by: AuditClient = COMMAND_LINE): Promise<string> {
  const key = DELIVERY_KEY_PREFIX + randomBytes(32).toString('base64url');
  const audit = auditInsert(
    { client: by, action: AUDIT_ACTIONS.deliveryKeyCreate, result: 'ok', details: { name } },
    3,
  );
  try {
    await db.query(
      `WITH added AS (INSERT INTO delivery_keys (name, hash) VALUES ($1, $2)), audit AS (${audit.sql}) SELECT 1`,
      [name, hashToken(key), ...audit.values],
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new DeliveryKeyExistsError(name);
    throw error;
  }
  return key;
}

export async function listDeliveryKeys(db: Queryable): Promise<DeliveryKeyListing[]> {
  const { rows } = await db.query<{ name: string; created_at: Date }>(
    'SELECT name, created_at FROM delivery_keys ORDER BY name',
  );
  return rows.map((row) => ({ name: row.name, createdAt: row.created_at.toISOString() }));
}

/**
 * Whether a key of that name existed. It is refused from the next request on, on every server: the revocation
 * is announced as a change of access, which empties every server's cache of known keys (DeliveryCache).
 */
export async function revokeDeliveryKey(db: Queryable, name: string, by: AuditClient = COMMAND_LINE): Promise<boolean> {
  const { rows } = await db.query(
    `WITH revoked AS (DELETE FROM delivery_keys WHERE name = $1 RETURNING name) SELECT pg_notify($2, $3) FROM revoked`,
    [name, EVENTS_CHANNEL, channelPayload({ type: 'access-changed' })],
  );
  if (rows.length === 0) return false;
  await recordAudit(db, { client: by, action: AUDIT_ACTIONS.deliveryKeyRevoke, result: 'ok', details: { name } });
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Bodies: each version's content, as stored, and its compressed forms, computed once and kept in memory.

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: the client's most preferred of br and gzip (br on a tie), else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: string): number => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzipWeight = weightOf('gzip');
  if (br > 0 && br >= gzipWeight) return 'br';
  return gzipWeight > 0 ? 'gzip' : 'identity';
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Done once per version, so the compression is worth its time: brotli quality 9 makes a 300-component page
 * in about 0.1 s, close to quality 11's size at a fifth of its time.
 */
export const COMPRESSORS: Record<Exclude<ContentEncoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (body) => gzipped(body, { level: 9 }),
};

/** How many bytes of bodies the cache keeps at most (the least recently served go first). */
export const DELIVERY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bodies by page, version and encoding. Not by hash alone: the hash covers the editable document only
 * (core/rules/page.ts versionHash), so two pages, or two versions of one page, can share it while their
 * stored content differs (author, time, fascia). Versions are immutable, so an entry never goes stale.
 * Promises, so concurrent requests of one body share one read and one compression; a failure is not kept.
 */
export function createBodyCache(maxBytes = DELIVERY_CACHE_BYTES) {
  const entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  let totalBytes = 0;

  const evict = (): void => {
    for (const [id, entry] of entries) {
      if (totalBytes <= maxBytes) return;
      entries.delete(id);
      totalBytes -= entry.bytes;
    }
  };

  const cached = (id: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const known = entries.get(id);
    if (known) {
      // Most recently served last: the Map's order is the eviction order.
      entries.delete(id);
      entries.set(id, known);
      return known.body;
    }
    const entry = { body: make(), bytes: 0 };
    entries.set(id, entry);
    entry.body.then(
      (body) => {
        if (entries.get(id) !== entry) return;
        entry.bytes = body.length;
        totalBytes += body.length;
        evict();
      },
      () => {
        if (entries.get(id) === entry) entries.delete(id);
      },
    );
    return entry.body;
  };

  return {
    /** The body of this version in this encoding; `read` gives the stored content when it is not kept. */
    get(key: PageKey, version: number, encoding: ContentEncoding, read: () => Promise<Buffer>): Promise<Buffer> {
      const versionId = `${pageKeyId(key)}#${version}`;
      const identity = () => cached(`${versionId}#identity`, read);
      if (encoding === 'identity') return identity();
      return cached(`${versionId}#${encoding}`, async () => COMPRESSORS[encoding](await identity()));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// What a request resolves to, kept between announcements.

/** The version a path serves now: its page's key, the version and its hash. */
interface Served {
  key: PageKey;
  version: number;
  hash: string;
}

/** Past this many paths (or known keys), a cache starts again empty. */
const MAX_CACHED = 10_000;

/**
 * Which version each path serves and which keys are known, kept so that a storefront's repeated read (a 304
 * above all) costs no query. Every save, live move and key revocation is announced on the event channel
 * (server/events.ts), on which every server process listens: a save or live move forgets the paths, a change
 * of access (a revoked key) the keys, within moments on every process. While the channel is not listened to,
 * an announcement could be missed, so nothing is kept (every request queries), and everything is forgotten when
 * listening resumes (onAccessChanged). A path's load is kept from its start, so a forgetting drops it even in
 * flight; a key found known is kept only when no forgetting came while it was checked.
 */
export function createDeliveryCache({ announcementsHeard }: { announcementsHeard: () => boolean }) {
  const served = new Map<string, Promise<Served>>();
  const knownKeys = new Set<string>();
  let generation = 0;
  const forget = (): void => {
    generation++;
    served.clear();
    knownKeys.clear();
  };
  return {
    async served(path: string, load: () => Promise<Served>): Promise<Served> {
      if (!announcementsHeard()) return load();
      const known = served.get(path);
      if (known) return known;
      if (served.size >= MAX_CACHED) served.clear();
      const loading = load();
      served.set(path, loading);
      loading.catch(() => {
        if (served.get(path) === loading) served.delete(path);
      });
      return loading;
    },
    async keyKnown(hash: Buffer, check: () => Promise<boolean>): Promise<boolean> {
      const id = hash.toString('hex');
      if (announcementsHeard() && knownKeys.has(id)) return true;
      const before = generation;
      const known = await check();
      if (known && announcementsHeard() && before === generation) {
        if (knownKeys.size >= MAX_CACHED) knownKeys.clear();
        knownKeys.add(id);
      }
      return known;
    },
    /** An event was announced: a save or a live move changes what paths serve. */
    heard(type: string): void {
      if (type === 'saved' || type === 'live') served.clear();
    },
    /** Access changed (a key was revoked), or announcements may have been missed. */
    forgetAll: forget,
  };
}

export type DeliveryCache = ReturnType<typeof createDeliveryCache>;

// ---------------------------------------------------------------------------------------------------------
// The route.

export const DELIVERY_ROUTE = '/content/:platform/:source/:page/:stage/:country.json';

const DeliveryParamsSchema = z.object({
  platform: PlatformSchema,
  source: KeySegmentSchema,
  page: KeySegmentSchema,
  stage: DeliveryStageSchema,
  country: CountryCodeSchema,
});
const DeliveryQuerySchema = z.object({ fascia: KeySegmentSchema.optional() });

/**
 * Cache-Control per stage and mode. UAT is for previews, which want the newest save at once: every use is
 * revalidated (a 304 costs little). Live with a key is the storefront's own read: private (a shared cache
 * would hand keyed content to anyone), revalidated each time. Live and public: any cache may keep it for 30 s,
 * which bounds how long a rollback takes to reach every reader.
 */
export function deliveryCacheControl(stage: DeliveryStage, publicDelivery: boolean): string {
  if (!publicDelivery) return 'private, no-cache';
  return stage === 'live' ? 'public, max-age=30' : 'public, no-cache';
}

/** The ETag of a version: its hash, weak since the bytes differ by encoding and the hash covers the document. */
export const etagOf = (hash: string): string => `W/"${hash}"`;

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

const HOW_TO_SEND_A_KEY =
  'Send "Authorization: Bearer KEY" with a delivery key from the server\'s administrator (npm run server -- delivery-key add NAME).';

function unauthorized(message: string): HttpError {
  return new HttpError(
    401,
    'unauthorized',
    message,
    {},
    { 'WWW-Authenticate': 'Bearer realm="storefront-studio-delivery"' },
  );
}

/** The key the request sends, after the checks that need no database (whether it is known needs one). */
function sentKey(request: FastifyRequest): string {
  const token = bearerToken(request.raw);
  if (token === 'missing') throw unauthorized(`The delivery route needs a delivery key. ${HOW_TO_SEND_A_KEY}`);
  if (token === 'malformed') throw unauthorized(`The Authorization header is not "Bearer KEY". ${HOW_TO_SEND_A_KEY}`);
  if (isApiToken(token))
    throw unauthorized(
      `An editor's API token does not read the delivery route, which takes a delivery key only. ${HOW_TO_SEND_A_KEY}`,
    );
  return token;
}

interface PageRow {
  fascia: string;
  content_version: number;
  hash: string;
}

export interface DeliveryOptions {
  db: Queryable;
  store: ContentStore;
  /** Whether the route answers without a key (--public-delivery). */
  publicDelivery: boolean;
  /** Told of announcements by the server's event hub. */
  cache: DeliveryCache;
}

export const deliveryRoutes: FastifyPluginAsync<DeliveryOptions> = async (
  app,
  { db, store, publicDelivery, cache },
) => {
  const bodies = createBodyCache();
  const route = app.withTypeProvider<ZodTypeProvider>();

  const keyKnown = (keyHash: Buffer): Promise<boolean> =>
    cache.keyKnown(keyHash, async () => {
      const { rows } = await db.query('SELECT 1 FROM delivery_keys WHERE hash = $1', [keyHash]);
      return rows.length > 0;
    });

  /** The saved pages the path names, in every fascia or the one asked for, with their newest content version. */
  const findPages = async (path: Omit<PageKey, 'fascia'>, fascia: string | undefined): Promise<PageRow[]> => {
    const { rows } = await db.query<PageRow>(
      `SELECT fascia, content_version, hash FROM pages
        WHERE page = $1 AND country = $2 AND source = $3 AND platform = $4 AND content_version IS NOT NULL
          AND ($5::text IS NULL OR fascia = $5)
        ORDER BY fascia`,
      [path.page, path.country, path.source, path.platform, fascia ?? null],
    );
    return rows;
  };

  /** The version the path serves at this stage, or the 404 or 409 saying why there is none. */
  const resolve = async (
    path: Omit<PageKey, 'fascia'>,
    stage: DeliveryStage,
    fascia: string | undefined,
  ): Promise<Served> => {
    const pages = await findPages(path, fascia);
    const [newest, ...others] = pages;
    if (!newest) {
      const where = fascia === undefined ? 'in any fascia' : `in fascia ${fascia}`;
      throw new HttpError(
        404,
        'not-found',
        `No page '${path.page}' (${path.platform}/${path.source}, ${path.country}) has been saved ${where}.`,
      );
    }
    if (others.length > 0) {
      const fascias = pages.map((row) => row.fascia);
      throw new HttpError(
        409,
        'ambiguous',
        `Page '${path.page}' (${path.platform}/${path.source}, ${path.country}) exists in ${fascias.length} fascias: ${fascias.join(', ')}. Name one with ?fascia=${fascias[0]}.`,
        { fascias },
      );
    }
    const key: PageKey = { ...path, fascia: newest.fascia };
    if (stage === 'uat') return { key, version: newest.content_version, hash: newest.hash };
    const live = await store.live(key);
    if (!live) throw new HttpError(404, 'not-live', `${describePath(key)} is not live: it has never gone live.`);
    return { key, version: live.version, hash: live.hash };
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, stage: DeliveryStage, served: Served) => {
    const { key, version } = served;
    const etag = etagOf(served.hash);
    void reply.headers({
      ETag: etag,
      'Cache-Control': deliveryCacheControl(stage, publicDelivery),
      Vary: 'Accept-Encoding',
    });
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const body = await bodies.get(key, version, encoding, async () => {
      const stored = await store.version(key, version);
      if (!stored) throw notFound(`${describePath(key)} has no version ${version}.`);
      return Buffer.from(JSON.stringify(stored.content));
    });
    if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  };

  route.route({
    method: 'GET',
    url: DELIVERY_ROUTE,
    // A storefront or a CDN may check a page's headers (its ETag) without its body.
    exposeHeadRoute: true,
    schema: {
      params: DeliveryParamsSchema.describe('delivery path'),
      querystring: DeliveryQuerySchema.describe('delivery query'),
    },
    onRequest: async (request) => {
      if (!publicDelivery) sentKey(request);
    },
    handler: async (request, reply) => {
      const { stage, ...path } = request.params;
      const { fascia } = request.query;
      if (!publicDelivery && !(await keyKnown(hashToken(sentKey(request)))))
        throw unauthorized(
          "This delivery key is not valid: it is unknown or has been revoked. Ask the server's administrator for a new one.",
        );
      const pathId = JSON.stringify([path.platform, path.source, path.page, path.country, stage, fascia ?? null]);
      return answer(request, reply, stage, await cache.served(pathId, () => resolve(path, stage, fascia)));
    },
  });
};

function describePath(key: PageKey): string {
  return `Page '${key.page}' (${key.fascia}, ${key.country}, ${key.platform}/${key.source})`;
}
