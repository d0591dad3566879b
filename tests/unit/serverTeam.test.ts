import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamServerUser } from '../../main/host/services';
import { addUser, revokeToken } from '../../server/auth';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../core/teamProtocol';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient } from '../helpers/teamServer';
import { HOME_KEY, makePage } from './helpers/pages';
import { adminMeJson } from '../helpers/meAnswer';

/** The team server in this process, over HTTP, against a PostgreSQL cluster started for this file. */

let postgres: TestPostgres;
let server: TeamServer;
let db: pg.Pool;
let aliceToken: string;
let bobToken: string;
const logLines: string[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('team_server');
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(logSink, 'info'),
    eventHeartbeatMs: 200,
    presenceSweepMs: 200,
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  aliceToken = (await addUser(db, 'Alice.Smith@Example.com', ADMIN_EVERYWHERE)).token;
  bobToken = (await addUser(db, 'bob@example.com', ADMIN_EVERYWHERE)).token;
});

afterAll(async () => {
  await server?.close();
  await db?.end();
  postgres?.destroy();
});

const alice = () => teamClient(server.url, aliceToken);
const bob = () => teamClient(server.url, bobToken);
const keyQuery = (key = HOME_KEY) => new URLSearchParams({ ...key }).toString();
const pageNamed = (page: string) => ({ ...HOME_KEY, page });

describe('authentication', () => {
  it('answers /health without a token', async () => {
    const health = await teamClient(server.url).get('/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('refuses every other route without a valid bearer token, saying what to send', async () => {
    const anonymous = teamClient(server.url);
    for (const path of ['/pages', `/page?${keyQuery()}`, '/me', '/events', '/presence']) {
      const answer = await anonymous.get(path);
      expect(answer.status, path).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
      expect(answer.body.error.message).toMatch(/needs an API token.*Authorization: Bearer TOKEN/);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const save = await anonymous.post('/saveContent', {
      content: makePage({ key: pageNamed('anonymous') }),
      baseHash: null,
    });
    expect(save.status).toBe(401);
    const wrong = await teamClient(server.url, 'sst_not-a-real-token').get('/pages');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toMatch(/not valid: it is unknown or has been revoked/);
    const malformed = await anonymous.get('/pages', { authorization: `Basic ${aliceToken}` });
    expect(malformed.body.error.message).toMatch(/not "Bearer TOKEN"/);
  });

  it("names the token's user at /me, lowercased", async () => {
    const me = await alice().get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(JSON.parse(adminMeJson('alice.smith@example.com')));
  });

  it('tells a desktop who it is signed in as, or why not (browser host --server/--token-file)', async () => {
    await expect(teamServerUser({ url: server.url, token: aliceToken })).resolves.toBe('alice.smith@example.com');
    await expect(teamServerUser({ url: server.url, token: 'sst_wrong' })).rejects.toThrow(
      `The team server at ${server.url} refused the token (HTTP 401).`,
    );
    await expect(teamServerUser({ url: 'http://127.0.0.1:1', token: aliceToken })).rejects.toThrow(/cannot be reached/);
  });

  it('stops accepting a token as soon as it is revoked, and ends the event streams opened with it', async () => {
    const issued = await addUser(db, 'carol@example.com', ADMIN_EVERYWHERE);
    const carol = teamClient(server.url, issued.token);
    expect((await carol.get('/me')).status).toBe(200);
    const carolsStream = await openEventStream(server.url, issued.token);
    const bobsStream = await openEventStream(server.url, bobToken);
    expect(await revokeToken(db, issued.tokenId)).toBe(true);
    expect((await carol.get('/me')).status).toBe(401);
    await expect(carolsStream.ended).resolves.toBeUndefined();
    expect(bobsStream.isEnded()).toBe(false);
    bobsStream.close();
    expect(await revokeToken(db, issued.tokenId)).toBe(false);
  });
});

describe('saving', () => {
  it("makes the token's user the author of every version, whatever the client sent", async () => {
    const key = pageNamed('authorship');
    const saved = await alice().post('/saveContent', {
      content: makePage({ key, author: 'mallory@evil.example' }),
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.version.author).toBe('alice.smith@example.com');
    const bookmark = await bob().post('/saveBookmark', {
      content: makePage({ key, title: 'Snapshot', author: 'Mallory' }),
    });
    expect(bookmark.body.version.author).toBe('bob@example.com');
    const latest = await bob().get(`/page?${keyQuery(key)}`);
    expect(latest.body.content.author).toBe('alice.smith@example.com');
    const versions = await bob().get(`/versions?${keyQuery(key)}`);
    expect(versions.body.versions.map((version: { author: string }) => version.author)).toEqual([
      'bob@example.com',
      'alice.smith@example.com',
    ]);
  });

  it('answers a save over a stale base with 409 and the newest version', async () => {
    const key = pageNamed('stale');
    const first = makePage({ key, title: 'First' });
    await alice().post('/saveContent', { content: first, baseHash: null });
    const bobs = await bob().post('/saveContent', { content: makePage({ key, title: 'Bob' }), baseHash: first.hash });
    expect(bobs.status).toBe(201);
    const stale = await alice().post('/saveContent', {
      content: makePage({ key, title: 'Alice again' }),
      baseHash: first.hash,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.error.latest).toMatchObject({ version: 2, author: 'bob@example.com' });
  });

  it('lets exactly one of 50 concurrent saves on one base win', async () => {
    const key = pageNamed('race');
    const base = makePage({ key, title: 'Base' });
    await alice().post('/saveContent', { content: base, baseHash: null });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? alice() : bob()).post('/saveContent', {
          content: makePage({ key, title: `Edit ${index}` }),
          baseHash: base.hash,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const versions = await alice().get(`/versions?${keyQuery(key)}`);
    expect(versions.body.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const key = pageNamed('bad-input');
    const badKey = await alice().post('/saveContent', {
      content: { ...makePage({ key }), page: '../escape' },
      baseHash: null,
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toMatch(/Invalid saveContent body/);
    const badPresence = await alice().post('/presence', { pageKey: key, state: 'sleeping' });
    expect(badPresence.status).toBe(400);
    expect(badPresence.body.error.message).toMatch(/state must be "open" or "closed"/);
    // The embedded service's limits: nesting depth and body size.
    let deep: unknown = 'bottom';
    for (let level = 0; level < 70; level++) deep = [deep];
    const tooDeep = await alice().post('/saveContent', { content: { ...makePage({ key }), deep }, baseHash: null });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.code).toBe('too-deep');
    const tooBig = await alice().post('/saveContent', {
      content: { ...makePage({ key }), padding: 'x'.repeat(21 * 1024 * 1024) },
      baseHash: null,
    });
    expect(tooBig.status).toBe(413);
    expect((await alice().get(`/page?${keyQuery(key)}`)).status).toBe(404);
  });
});

describe('the live stream', () => {
  it('announces saves with page key, version, author, message and time, and sends heartbeats', async () => {
    const stream = await openEventStream(server.url, bobToken);
    try {
      const key = pageNamed('announced');
      const content = makePage({ key, title: 'Announced' });
      const before = new Date().toISOString();
      const answer = await alice().post('/saveContent', { content, baseHash: null });
      const after = new Date().toISOString();
      const saved = await stream.next((event) => event.event === 'saved' && event.data.pageKey.page === 'announced');
      expect(saved.data).toMatchObject({
        pageKey: key,
        version: 1,
        author: 'alice.smith@example.com',
        message: content.commitMessage,
        timestamp: answer.body.version.timestamp,
      });
      // The server's time of the save, not the client's.
      expect(saved.data.timestamp >= before && saved.data.timestamp <= after).toBe(true);
      await expect.poll(() => stream.comments, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });

  it('announces presence: open once per page and user, closed, and expired 30 s after the last heartbeat', async () => {
    const stream = await openEventStream(server.url, bobToken);
    try {
      const key = pageNamed('presence');
      await alice().post('/presence', { pageKey: key, state: 'open' });
      await alice().post('/presence', { pageKey: key, state: 'open' });
      const opened = await stream.next((event) => event.event === 'presence' && event.data.pageKey.page === 'presence');
      expect(opened.data).toMatchObject({ pageKey: key, user: 'alice.smith@example.com', state: 'open' });
      const listed = await bob().get('/presence');
      expect(listed.body.presence).toEqual([
        expect.objectContaining({ pageKey: key, user: 'alice.smith@example.com' }),
      ]);

      await bob().post('/presence', { pageKey: key, state: 'open' });
      await bob().post('/presence', { pageKey: key, state: 'closed' });
      await stream.next(
        (event) => event.event === 'presence' && event.data.user === 'bob@example.com' && event.data.state === 'closed',
      );

      // Alice's desktop goes quiet: her last heartbeat is made 31 s old, and the next sweep closes the page.
      await db.query(
        `UPDATE presence SET last_seen = now() - interval '31 seconds' WHERE user_email = 'alice.smith@example.com'`,
      );
      const expired = await stream.next(
        (event) =>
          event.event === 'presence' && event.data.state === 'closed' && event.data.user === 'alice.smith@example.com',
      );
      expect(expired.data.reason).toBe('expired');
      expect((await bob().get('/presence')).body.presence).toEqual([]);
      const presenceEvents = stream.events.filter((event) => event.event === 'presence');
      expect(presenceEvents.map((event) => `${event.data.user} ${event.data.state}`)).toEqual([
        'alice.smith@example.com open',
        'bob@example.com open',
        'bob@example.com closed',
        'alice.smith@example.com closed',
      ]);
    } finally {
      stream.close();
    }
  });

  it('starts each stream with who has which page open', async () => {
    const key = pageNamed('snapshot');
    await alice().post('/presence', { pageKey: key, state: 'open' });
    const stream = await openEventStream(server.url, bobToken);
    try {
      const snapshot = await stream.next((event) => event.event === 'presence-snapshot');
      expect(snapshot.data.presence).toEqual([
        expect.objectContaining({ pageKey: key, user: 'alice.smith@example.com' }),
      ]);
    } finally {
      stream.close();
      await alice().post('/presence', { pageKey: key, state: 'closed' });
    }
  });
});

describe('presence listing', () => {
  it(`answers ${DEFAULT_LIST_LIMIT} entries without a limit and at most ${MAX_LIST_LIMIT} (audit of issue 21)`, async () => {
    const crowd = DEFAULT_LIST_LIMIT + 1;
    await db.query(
      `INSERT INTO presence (fascia, country, page, source, platform, user_email)
       SELECT 'jd', 'gb', 'crowd-' || i, 'ios', 'app', 'alice.smith@example.com' FROM generate_series(1, $1) AS i`,
      [crowd],
    );
    try {
      expect((await bob().get('/presence')).body.presence).toHaveLength(DEFAULT_LIST_LIMIT);
      const all = await bob().get(`/presence?limit=${MAX_LIST_LIMIT}`);
      expect(
        all.body.presence.filter((entry: { pageKey: { page: string } }) => entry.pageKey.page.startsWith('crowd-')),
      ).toHaveLength(crowd);
      const second = await bob().get(`/presence?limit=2&offset=1`);
      expect(second.body.presence).toEqual(all.body.presence.slice(1, 3));
      expect((await bob().get(`/presence?limit=${MAX_LIST_LIMIT + 1}`)).status).toBe(400);
    } finally {
      await db.query("DELETE FROM presence WHERE page LIKE 'crowd-%'");
    }
  });
});

describe('logs', () => {
  it('log each request with its id and never a token', async () => {
    const answer = await alice().get('/pages', { 'x-request-id': 'trace-1234' });
    expect(answer.headers.get('x-request-id')).toBe('trace-1234');
    await expect.poll(() => logLines.some((line) => line.includes('"reqId":"trace-1234"'))).toBe(true);
    const entry = JSON.parse(logLines.find((line) => line.includes('"reqId":"trace-1234"'))!);
    expect(entry).toMatchObject({
      msg: 'request',
      status: 200,
      req: { method: 'GET', url: '/pages', headers: { authorization: '[redacted]' } },
    });
    const everything = logLines.join('\n');
    expect(everything).not.toContain(aliceToken);
    expect(everything).not.toContain(bobToken);
  });
});

// Last: it stops and starts the cluster under the running server.
describe('a database restart in the middle', { timeout: 60_000 }, () => {
  it('answers 503 with Retry-After while the database is down and recovers without a restart', async () => {
    const key = pageNamed('restart');
    const before = makePage({ key, title: 'Before' });
    expect((await alice().post('/saveContent', { content: before, baseHash: null })).status).toBe(201);
    const stream = await openEventStream(server.url, bobToken);
    try {
      // Saves keep arriving as the database goes away, so some are cut between two queries of their
      // transaction: each still gets an answer (written or not, never half) and the process lives on.
      let stopped = false;
      const answered: number[] = [];
      const acknowledged: string[] = [];
      const keepSaving = async (editor: number) => {
        for (let index = 0; !stopped; index++) {
          const content = makePage({ key: pageNamed(`busy-${editor}`), title: `Busy ${index}` });
          const answer = await alice().post('/saveContent', { content });
          answered.push(answer.status);
          if (answer.status === 201) acknowledged.push(`busy-${editor} ${answer.body.version.version} ${content.hash}`);
        }
      };
      const busy = Array.from({ length: 8 }, (_, editor) => keepSaving(editor));
      await expect.poll(() => answered.length).toBeGreaterThan(20);
      postgres.stop();
      stopped = true;
      await Promise.all(busy);
      expect(new Set(answered)).toEqual(new Set([201, 503]));
      const health = await teamClient(server.url).get('/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
      const during = await alice().post('/saveContent', {
        content: makePage({ key, title: 'During' }),
        baseHash: before.hash,
      });
      expect(during.status).toBe(503);
      expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(during.body.error.code).toBe('unavailable');
      expect((await alice().get('/me')).status).toBe(503);

      postgres.start();
      await expect
        .poll(async () => (await teamClient(server.url).get('/health')).status, { timeout: 15_000 })
        .toBe(200);
      // Every acknowledged save is stored, whole.
      for (let editor = 0; editor < 8; editor++) {
        const key = pageNamed(`busy-${editor}`);
        const stored = (await alice().get(`/versions?${keyQuery(key)}`)).body.versions as {
          version: number;
          hash: string;
        }[];
        const storedEntries = new Set(stored.map((version) => `busy-${editor} ${version.version} ${version.hash}`));
        for (const entry of acknowledged.filter((ack) => ack.startsWith(`busy-${editor} `)))
          expect(storedEntries).toContain(entry);
        for (const version of stored) {
          const whole = await alice().get(`/version?${keyQuery(key)}&version=${version.version}`);
          expect(whole.body.content.hash).toBe(version.hash);
        }
      }
      const after = await alice().post('/saveContent', {
        content: makePage({ key, title: 'After' }),
        baseHash: before.hash,
      });
      expect(after.status).toBe(201);
      expect(after.body.version.version).toBe(2);
      // The stream says events may have been missed, then relays again.
      await stream.next((event) => event.event === 'resync', 15_000);
      const next = makePage({ key, title: 'Relayed' });
      await alice().post('/saveContent', { content: next, baseHash: makePage({ key, title: 'After' }).hash });
      await stream.next(
        (event) => event.event === 'saved' && event.data.pageKey.page === 'restart' && event.data.version === 3,
        15_000,
      );
    } finally {
      stream.close();
    }
  });
});
