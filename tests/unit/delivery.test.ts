import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { brotliCompress, brotliDecompressSync, gunzipSync, gzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageContent, PageKey } from '../../core/schemas';
import { addUser } from '../../server/auth';
import { parseServerArgs } from '../../server/cli';
import type { ContentStore } from '../../core/store';
import { createPostgresStore } from '../../server/content/postgresStore';
import { createDatabase, type Database } from '../../server/db/database';
import { addDeliveryKey, createBodyCache, negotiateEncoding } from '../../server/delivery';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { teamClient } from '../helpers/teamServer';
import { runServerCommand } from '../helpers/serverCommand';
import { makePage } from './helpers/pages';

/**
 * The delivery route (issue 24 §3) on the team server in this process, against a PostgreSQL cluster started
 * for this file; delivery keys also from the built server's command line. The compressors are spied on, to
 * prove a body is compressed once per version and encoding.
 */

vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, gzip: vi.fn(actual.gzip), brotliCompress: vi.fn(actual.brotliCompress) };
});

let postgres: TestPostgres;
let databaseUrl: string;
let server: TeamServer;
let publicServer: TeamServer;
let db: pg.Pool;
/** The store the server uses, here to move live pointers as POST /goLive and /rollBack do. */
let storeDatabase: Database;
let store: ContentStore;
let editorToken: string;
let deliveryKey: string;
const logLines: string[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('delivery');
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTeamServer({ databaseUrl, log: createLogger(logSink, 'info') });
  publicServer = await startTeamServer({ databaseUrl, log: createLogger(undefined, 'silent'), publicDelivery: true });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  editorToken = (await addUser(db, 'alice@example.com', ADMIN_EVERYWHERE)).token;
  deliveryKey = await addDeliveryKey(db, 'storefront');
  storeDatabase = createDatabase({ connectionString: databaseUrl, max: 1 });
  store = createPostgresStore(storeDatabase);
});

afterAll(async () => {
  await server?.close();
  await publicServer?.close();
  await store?.close();
  await storeDatabase?.end();
  await db?.end();
  postgres?.destroy();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through node:http, which leaves the body as sent (fetch would decompress it). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The promise's value, or a failure when it takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const json = (answer: RawAnswer) => JSON.parse(answer.body.toString('utf8'));
const withKey = (key = deliveryKey, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${key}`,
  ...extra,
});

function pathOf(key: Omit<PageKey, 'fascia'>, stage: 'uat' | 'live', query = ''): string {
  const page = encodeURIComponent(key.page);
  return `/content/${key.platform}/${key.source}/${page}/${stage}/${key.country}.json${query}`;
}

const keyNamed = (page: string, fascia = 'jd'): PageKey => ({
  fascia,
  country: 'gb',
  page,
  source: 'ios',
  platform: 'app',
});

/** Saves the page through the editors' API and answers what the store keeps (stamped with its time and hash). */
async function save(key: PageKey, title: string): Promise<{ content: PageContent; version: number }> {
  const editor = teamClient(server.url, editorToken);
  const content = makePage({ key, title });
  const saved = await editor.post('/saveContent', { content });
  expect(saved.status).toBe(201);
  const stored = await editor.get(
    `/version?${new URLSearchParams({ ...key, version: String(saved.body.version.version) })}`,
  );
  expect(stored.status).toBe(200);
  return { content: stored.body.content, version: saved.body.version.version };
}

describe('delivery keys', () => {
  it('refuses a request without a key, with an unknown key, or with an editor token, saying what to send', async () => {
    const { content } = await save(keyNamed('keys'), 'Keys');
    const url = `${server.url}${pathOf(content, 'uat')}`;

    const missing = await raw(url);
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(json(missing).error).toEqual({
      code: 'unauthorized',
      message:
        'The delivery route needs a delivery key. Send "Authorization: Bearer KEY" with a delivery key from the server\'s administrator (npm run server -- delivery-key add NAME).',
    });
    const unknown = await raw(url, withKey('sdk_not-a-real-key'));
    expect(unknown.status).toBe(401);
    expect(json(unknown).error.message).toBe(
      "This delivery key is not valid: it is unknown or has been revoked. Ask the server's administrator for a new one.",
    );
    const editor = await raw(url, withKey(editorToken));
    expect(editor.status).toBe(401);
    expect(json(editor).error.message).toMatch(/^An editor's API token does not read the delivery route/);
    const malformed = await raw(url, { authorization: `Basic ${deliveryKey}` });
    expect(malformed.status).toBe(401);
    expect(json(malformed).error.message).toMatch(/^The Authorization header is not "Bearer KEY"/);

    expect((await raw(url, withKey())).status).toBe(200);
  });

  it('refuses a delivery key on every editors route', async () => {
    const asStorefront = teamClient(server.url, deliveryKey);
    for (const path of ['/pages', '/me', '/presence', '/events']) {
      const answer = await asStorefront.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.message, path).toMatch(
        /^A delivery key reads the delivery route \(GET \/content\/\.\.\.\) only\. Send "Authorization: Bearer TOKEN"/,
      );
    }
    const saved = await asStorefront.post('/saveContent', { content: makePage({ key: keyNamed('by-key') }) });
    expect(saved.status).toBe(401);
  });

  it('refuses a key in the address and never writes a key to the log', async () => {
    const { content } = await save(keyNamed('logged'), 'Logged');
    const inAddress = await raw(`${server.url}${pathOf(content, 'uat', `?k=${deliveryKey}`)}`);
    expect(inAddress.status).toBe(400);
    expect(json(inAddress).error.code).toBe('token-in-url');
    expect((await raw(`${server.url}${pathOf(content, 'uat')}`, withKey())).status).toBe(200);
    const secret = deliveryKey.slice('sdk_'.length);
    expect(logLines.some((line) => line.includes('"url":"/content/app/ios/logged/uat/gb.json'))).toBe(true);
    expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
  });
});

describe('delivery keys from the command line', () => {
  const cli = (...args: string[]) => runServerCommand([...args, '--database-url', databaseUrl]);

  it('adds a key shown once, lists it by name, revokes it, and records both in the audit log', async () => {
    const { content } = await save(keyNamed('cli'), 'From the command line');
    const url = `${server.url}${pathOf(content, 'uat')}`;

    const added = await cli('delivery-key', 'add', 'shop-gb');
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const key = /^(sdk_\S+)$/m.exec(added.stdout)?.[1];
    expect(added.stdout).toMatch(/^Added delivery key shop-gb; it reads the delivery route only\.$/m);
    expect(key).toBeDefined();
    expect((await raw(url, withKey(key))).status).toBe(200);

    const again = await cli('delivery-key', 'add', 'shop-gb');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^A delivery key named shop-gb exists already\./);

    const listed = await cli('delivery-key', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^shop-gb {2}\(created \d{4}-\d\d-\d\dT[\d:.]+Z\)$/m);
    expect(listed.stdout).not.toContain(key);

    const revoked = await cli('delivery-key', 'revoke', 'shop-gb');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(
      /^Revoked delivery key shop-gb; every server refuses it within moments \(the revocation is announced to them\)\.$/m,
    );
    // Every server forgets the keys it knew when the revocation is announced, within moments.
    await expect.poll(async () => (await raw(url, withKey(key))).status).toBe(401);
    const revokedAgain = await cli('delivery-key', 'revoke', 'shop-gb');
    expect(revokedAgain.code).toBe(1);
    expect(revokedAgain.stderr).toMatch(/^No delivery key is named shop-gb\./);

    const { rows } = await db.query<{ action: string; details: { name: string } }>(
      `SELECT action, details FROM audit_log WHERE action LIKE 'delivery-key.%' AND details->>'name' = 'shop-gb' ORDER BY id`,
    );
    expect(rows).toEqual([
      { action: 'delivery-key.create', details: { name: 'shop-gb' } },
      { action: 'delivery-key.revoke', details: { name: 'shop-gb' } },
    ]);
  });

  it('refuses a key name it could not list', async () => {
    const refused = await cli('delivery-key', 'add', 'shop gb/1');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^A delivery key name has 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit, not 'shop gb\/1'\.$/m,
    );
  });
});

describe('serving a page', () => {
  it('serves UAT as the newest content version, stored as it was saved', async () => {
    const key = keyNamed('uat');
    await save(key, 'First');
    const url = `${server.url}${pathOf(key, 'uat')}`;
    const second = await save(key, 'Second');
    const answer = await raw(url, withKey());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json(answer)).toEqual(second.content);
    expect(answer.headers.etag).toBe(`W/"${second.content.hash}"`);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 404 for a page never saved, saying so', async () => {
    const answer = await raw(`${server.url}${pathOf(keyNamed('nowhere'), 'uat')}`, withKey());
    expect(answer.status).toBe(404);
    expect(json(answer).error).toEqual({
      code: 'not-found',
      message: "No page 'nowhere' (app/ios, gb) has been saved in any fascia.",
    });
  });

  it('answers 409 naming the fascias when the page is in two, and serves the one ?fascia= names', async () => {
    await save(keyNamed('shared', 'jd'), 'JD');
    const size = await save(keyNamed('shared', 'size'), 'Size?');
    const ambiguous = await raw(`${server.url}${pathOf(keyNamed('shared'), 'uat')}`, withKey());
    expect(ambiguous.status).toBe(409);
    expect(json(ambiguous).error).toEqual({
      code: 'ambiguous',
      message: "Page 'shared' (app/ios, gb) exists in 2 fascias: jd, size. Name one with ?fascia=jd.",
      fascias: ['jd', 'size'],
    });
    const narrowed = await raw(`${server.url}${pathOf(keyNamed('shared'), 'uat', '?fascia=size')}`, withKey());
    expect(narrowed.status).toBe(200);
    expect(json(narrowed)).toEqual(size.content);
    const elsewhere = await raw(`${server.url}${pathOf(keyNamed('shared'), 'uat', '?fascia=footasylum')}`, withKey());
    expect(elsewhere.status).toBe(404);
    expect(json(elsewhere).error.message).toBe("No page 'shared' (app/ios, gb) has been saved in fascia footasylum.");
  });

  it('refuses a path that is no page, clearly', async () => {
    const answer = await raw(`${server.url}/content/desktop/ios/home/prod/gb.json`, withKey());
    expect(answer.status).toBe(400);
    expect(json(answer).error.code).toBe('invalid-input');
    expect(json(answer).error.message).toMatch(/^Invalid delivery path: /);
  });

  it('answers If-None-Match with the ETag by a 304 without a body, and a new save by the new version', async () => {
    const key = keyNamed('etag');
    const first = await save(key, 'First');
    const url = `${server.url}${pathOf(key, 'uat')}`;
    const etag = `W/"${first.content.hash}"`;
    const notModified = await raw(url, withKey(deliveryKey, { 'if-none-match': etag, 'accept-encoding': 'gzip' }));
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('private, no-cache');
    // A strong form of the same tag matches too (weak comparison).
    const strong = await raw(url, withKey(deliveryKey, { 'if-none-match': `"other", "${first.content.hash}"` }));
    expect(strong.status).toBe(304);

    const second = await save(key, 'Second');
    // The path's version is kept until the save is announced, within moments.
    await expect.poll(async () => (await raw(url, withKey(deliveryKey, { 'if-none-match': etag }))).status).toBe(200);
    const changed = await raw(url, withKey(deliveryKey, { 'if-none-match': etag }));
    expect(changed.headers.etag).toBe(`W/"${second.content.hash}"`);
    expect(json(changed)).toEqual(second.content);
  });

  it('answers a repeated read from memory, with no query, until a change is announced', async () => {
    const key = keyNamed('from-memory');
    const { content } = await save(key, 'From memory');
    const url = `${server.url}${pathOf(key, 'uat')}`;
    const headers = withKey(deliveryKey, { 'if-none-match': `W/"${content.hash}"`, 'accept-encoding': 'gzip' });
    expect((await raw(url, withKey(deliveryKey, { 'accept-encoding': 'gzip' }))).status).toBe(200);
    // Every table the route reads is locked: a query would wait for the lock, past the time allowed here.
    const locker = await db.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE pages, versions, delivery_keys, live_entries IN ACCESS EXCLUSIVE MODE');
      expect((await within(2_000, raw(url, headers))).status).toBe(304);
      expect((await within(2_000, raw(url, withKey(deliveryKey, { 'accept-encoding': 'gzip' })))).status).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { content } = await save(keyNamed('head'), 'Head');
    const answer = await raw(`${server.url}${pathOf(content, 'uat')}`, withKey(), 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers.etag).toBe(`W/"${content.hash}"`);
    expect(answer.body.length).toBe(0);
  });
});

describe('the live stage', () => {
  it('serves the live version, not the newest, follows a rollback, and answers 404 while the page is not live', async () => {
    const key = keyNamed('live');
    const first = await save(key, 'First live');
    const url = `${server.url}${pathOf(key, 'live')}`;
    const notLive = await raw(url, withKey());
    expect(notLive.status).toBe(404);
    expect(json(notLive).error).toEqual({
      code: 'not-live',
      message: "Page 'live' (jd, gb, app/ios) is not live: it has never gone live.",
    });

    await store.goLive({ key, version: first.version, by: 'alice@example.com', message: 'Sale starts' });
    const second = await save(key, 'Second, still UAT');
    const live = await raw(url, withKey());
    expect(live.status).toBe(200);
    expect(json(live)).toEqual(first.content);
    expect(live.headers.etag).toBe(`W/"${first.content.hash}"`);
    expect(live.headers['cache-control']).toBe('private, no-cache');
    expect(json(await raw(`${server.url}${pathOf(key, 'uat')}`, withKey()))).toEqual(second.content);

    // Each move is announced, and the path's version forgotten, within moments.
    await store.goLive({ key, version: second.version, by: 'alice@example.com', message: 'Second' });
    await expect.poll(async () => json(await raw(url, withKey()))).toEqual(second.content);
    await store.rollBack({ key, by: 'alice@example.com', message: 'Wrong price' });
    await expect.poll(async () => json(await raw(url, withKey()))).toEqual(first.content);
    const rolledBack = await raw(url, withKey(deliveryKey, { 'if-none-match': `W/"${second.content.hash}"` }));
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.headers.etag).toBe(`W/"${first.content.hash}"`);
  });

  it('lets any cache keep a public live page for 30 s', async () => {
    const key = keyNamed('live-public');
    const { version, content } = await save(key, 'Public and live');
    await store.goLive({ key, version, by: 'alice@example.com', message: 'Public' });
    const answer = await raw(`${publicServer.url}${pathOf(key, 'live')}`);
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual(content);
    expect(answer.headers['cache-control']).toBe('public, max-age=30');
  });
});

describe('compression', () => {
  it('sends br or gzip as asked, each decoding to the stored content, and nothing compressed when not asked', async () => {
    const { content } = await save(keyNamed('compressed'), 'Compressed');
    const url = `${server.url}${pathOf(content, 'uat')}`;
    const brotli = await raw(url, withKey(deliveryKey, { 'accept-encoding': 'gzip, deflate, br' }));
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(content);
    const gzipped = await raw(url, withKey(deliveryKey, { 'accept-encoding': 'gzip, br;q=0.5' }));
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(content);
    const plain = await raw(url, withKey());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(json(plain)).toEqual(content);
  });

  it('compresses a version once per encoding, however many requests read it at once or later', async () => {
    const key = keyNamed('once');
    await save(key, 'Once');
    const url = `${server.url}${pathOf(key, 'uat')}`;
    vi.mocked(gzip).mockClear();
    vi.mocked(brotliCompress).mockClear();
    const asking = (encoding: string) => raw(url, withKey(deliveryKey, { 'accept-encoding': encoding }));
    const answers = await Promise.all([...Array(10).fill('gzip'), ...Array(10).fill('br')].map(asking));
    answers.push(await asking('gzip'), await asking('br'));
    expect(answers.map((answer) => answer.status)).toEqual(Array(22).fill(200));
    expect(vi.mocked(gzip)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(brotliCompress)).toHaveBeenCalledTimes(1);

    const twice = await save(key, 'Twice');
    await expect.poll(async () => (await asking('gzip')).headers.etag).toBe(`W/"${twice.content.hash}"`);
    await asking('gzip');
    expect(vi.mocked(gzip)).toHaveBeenCalledTimes(2);
  });

  it('keeps bodies up to its byte bound, dropping the least recently served first', async () => {
    const cache = createBodyCache(12);
    const reads: string[] = [];
    const read = (text: string) => async () => (reads.push(text), Buffer.from(text));
    const [home, sale] = [keyNamed('home'), keyNamed('sale')];
    await cache.get(home, 1, 'identity', read('12345'));
    await cache.get(sale, 1, 'identity', read('1234'));
    await cache.get(home, 1, 'identity', read('12345'));
    expect(reads).toEqual(['12345', '1234']);
    // 5 + 4 + 6 bytes pass the bound of 12: sale's version 1, served least recently, goes; home's stays.
    await cache.get(sale, 2, 'identity', read('123456'));
    await cache.get(home, 1, 'identity', read('12345'));
    await cache.get(sale, 1, 'identity', read('1234'));
    expect(reads).toEqual(['12345', '1234', '123456', '1234']);
  });

  it('chooses the encoding by the client preference', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
  });
});

describe('public delivery', () => {
  it('is asked for with --public-delivery', () => {
    const databaseUrl = 'postgres://studio@127.0.0.1:5432/studio';
    expect(parseServerArgs(['--public-delivery', '--database-url', databaseUrl], {})).toMatchObject({
      command: 'serve',
      publicDelivery: true,
    });
    expect(parseServerArgs(['--database-url', databaseUrl], {})).not.toHaveProperty('publicDelivery');
  });

  it('serves without a key, cacheable by anyone', async () => {
    const { content } = await save(keyNamed('public'), 'Public');
    const answer = await raw(`${publicServer.url}${pathOf(content, 'uat')}`);
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual(content);
    expect(answer.headers['cache-control']).toBe('public, no-cache');
    // The other server, without --public-delivery, still needs a key.
    expect((await raw(`${server.url}${pathOf(content, 'uat')}`)).status).toBe(401);
  });
});
