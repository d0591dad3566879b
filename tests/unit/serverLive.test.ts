import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceChannel } from '../../core/channels';
import type { Input, Output } from '../../core/contract';
import { EVERYWHERE, type Scope } from '../../core/permissions';
import { unwrapResult } from '../../core/result';
import type { PageKey } from '../../core/schemas';
import { describeKey, goLiveRefusal, rollBackRefusal } from '../../core/store';
import type { TeamEvent } from '../../core/team';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { addUser } from '../../server/auth';
import { grantRole } from '../../server/access/grants';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient } from '../helpers/teamServer';
import { makePage, makeTempDir } from './helpers/pages';

/**
 * Going live and rolling back on the team server (issue 24 §1): the routes with the publish permission, their
 * refusals and audit entries, the live event on the stream, and the desktop in team mode.
 */

let postgres: TestPostgres;
let server: TeamServer;
let pool: pg.Pool;
const tokens = new Map<string, string>();

const jd = (countries: string[]): Scope => ({ fascias: ['site_jd'], countries });
/** Each user's grants: the publisher and the editor of JD GB, a viewer of JD GB, a viewer of JD DE. */
const USERS: Record<string, { role: string; scope: Scope }[]> = {
  admin: [{ role: 'admin', scope: EVERYWHERE }],
  publisher: [{ role: 'publisher', scope: jd(['gb']) }],
  editor: [{ role: 'editor', scope: jd(['gb']) }],
  'gb-viewer': [{ role: 'viewer', scope: jd(['gb']) }],
  'de-viewer': [{ role: 'viewer', scope: jd(['de']) }],
};
const emailOf = (name: string) => `${name}@example.com`;
const client = (name: string, headers: Record<string, string> = {}) => {
  const plain = teamClient(server.url, tokens.get(name));
  return {
    ...plain,
    post: async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get(name)}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
};

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('live_moves');
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'error'),
    eventHeartbeatMs: 200,
  });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  for (const [name, grants] of Object.entries(USERS)) {
    tokens.set(name, (await addUser(pool, emailOf(name))).token);
    for (const { role, scope } of grants)
      await grantRole(pool, { role, to: { kind: 'user', name: emailOf(name) }, scope, effect: 'allow' }, 'test');
  }
});

afterAll(async () => {
  await server?.close();
  await pool?.end();
  postgres?.destroy();
});

const keyOf = (page: string, country: PageKey['country'] = 'gb'): PageKey => ({
  fascia: 'site_jd',
  country,
  page,
  source: 'web',
  platform: 'web',
});
const query = (key: PageKey) => new URLSearchParams({ ...key }).toString();

/** Saves `count` content versions of the page as the admin. */
async function seed(key: PageKey, count = 1): Promise<void> {
  let baseHash: string | null = null;
  for (let number = 1; number <= count; number++) {
    const saved = await client('admin').post('/saveContent', {
      content: makePage({ key, title: `Version ${number}` }),
      baseHash,
    });
    expect(saved.status).toBe(201);
    baseHash = saved.body.version.hash;
  }
}

async function auditRows(condition: string, values: unknown[]) {
  return (await pool.query(`SELECT * FROM audit_log WHERE ${condition} ORDER BY id`, values)).rows;
}

describe('going live and rolling back', () => {
  it('lets a publisher put versions live and roll back, by their own name, each move audited with its request id', async () => {
    const key = keyOf('moved');
    await seed(key, 2);
    const publisher = (requestId: string) => client('publisher', { 'x-request-id': requestId });

    const first = await publisher('live-1').post('/goLive', {
      pageKey: key,
      version: 1,
      message: 'Summer sale',
      // A team server records its token's user, whatever the client says.
      by: 'someone-else@example.com',
    });
    expect(first.status).toBe(201);
    expect(first.body.live).toMatchObject({
      pageKey: key,
      version: 1,
      previous: null,
      move: 'live',
      by: 'publisher@example.com',
      message: 'Summer sale',
      release: null,
    });
    const second = await publisher('live-2').post('/goLive', { pageKey: key, version: 2, message: 'v2', by: 'x' });
    expect(second.body.live).toMatchObject({ version: 2, previous: 1, move: 'live' });
    const back = await publisher('back-1').post('/rollBack', { pageKey: key, message: 'Wrong prices', by: 'x' });
    expect(back.status).toBe(201);
    expect(back.body.live).toMatchObject({
      version: 1,
      previous: 2,
      move: 'rollback',
      by: 'publisher@example.com',
      message: 'Wrong prices',
    });

    const history = await client('gb-viewer').get(`/liveHistory?${query(key)}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(3);
    expect(history.body.entries.map((entry: { version: number; move: string }) => [entry.move, entry.version])).toEqual(
      [
        ['rollback', 1],
        ['live', 2],
        ['live', 1],
      ],
    );
    const paged = await client('gb-viewer').get(`/liveHistory?${query(key)}&limit=1&offset=1`);
    expect(paged.body).toMatchObject({ total: 3, entries: [{ move: 'live', version: 2 }] });

    const audited = await auditRows("page = $1 AND action LIKE 'page.%-%'", [key.page]);
    expect(
      audited.map((row) => ({ action: row.action, actor: row.actor, version: row.version, requestId: row.request_id })),
    ).toEqual([
      { action: 'page.go-live', actor: 'publisher@example.com', version: 1, requestId: 'live-1' },
      { action: 'page.go-live', actor: 'publisher@example.com', version: 2, requestId: 'live-2' },
      { action: 'page.roll-back', actor: 'publisher@example.com', version: 1, requestId: 'back-1' },
    ]);
  });

  it('refuses an editor with 403 naming the publish permission and the place, and audits the refusal', async () => {
    const key = keyOf('refused');
    await seed(key);
    const editor = client('editor', { 'x-request-id': 'refused-live-1' });
    const refused = await editor.post('/goLive', { pageKey: key, version: 1, message: 'Mine', by: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: {
        code: 'forbidden',
        message: 'Your roles let you change JD GB pages, not put pages live or roll them back there (publish).',
        action: 'publish',
        scope: { fascia: 'site_jd', country: 'gb' },
      },
    });
    const rollBack = await client('editor').post('/rollBack', { pageKey: key, message: 'Mine', by: 'x' });
    expect(rollBack.status).toBe(403);
    expect(rollBack.body.error.action).toBe('publish');

    await expect.poll(async () => (await auditRows('request_id = $1', ['refused-live-1'])).length).toBe(1);
    const [row] = await auditRows('request_id = $1', ['refused-live-1']);
    expect(row).toMatchObject({
      actor: 'editor@example.com',
      action: 'request.refused',
      result: 'refused',
      reason: refused.body.error.message,
      page: 'refused',
      country: 'gb',
      details: { status: 403, method: 'POST', path: '/goLive' },
    });
    // Nothing moved.
    expect((await client('admin').get(`/liveHistory?${query(key)}`)).body).toEqual({ entries: [], total: 0 });
  });

  it('answers a page outside the view scope as a missing page (404), for moves and the live history', async () => {
    const key = keyOf('elsewhere', 'de');
    await seed(key);
    const missing = `No readable saved version of page 'elsewhere' (site_jd, de, web/web).`;
    const moves = [
      ['/goLive', { pageKey: key, version: 1, message: 'Go', by: 'x' }],
      ['/rollBack', { pageKey: key, message: 'Back', by: 'x' }],
    ] as const;
    for (const [path, body] of moves) {
      const answer = await client('publisher').post(path, body);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toEqual({ code: 'not-found', message: missing, skipped: [] });
    }
    const history = await client('publisher').get(`/liveHistory?${query(key)}`);
    expect(history.status).toBe(404);
    expect(history.body.error.message).toBe(missing);
  });

  it('answers 409 with the reason when the version cannot go live or there is nothing to roll back to', async () => {
    const key = keyOf('conflicting');
    await seed(key);
    const bookmark = await client('admin').post('/saveBookmark', { content: makePage({ key, title: 'Snapshot' }) });
    expect(bookmark.body.version.version).toBe(2);
    const admin = client('admin');

    const notLive = await admin.post('/rollBack', { pageKey: key, message: 'Back', by: 'x' });
    expect(notLive.status).toBe(409);
    expect(notLive.body.error).toEqual({ code: 'live-change-refused', message: rollBackRefusal(key, null) });

    const noSuchVersion = await admin.post('/goLive', { pageKey: key, version: 9, message: 'Go', by: 'x' });
    expect(noSuchVersion.status).toBe(409);
    expect(noSuchVersion.body.error.message).toBe(goLiveRefusal(key, 9, null));

    const ofBookmark = await admin.post('/goLive', { pageKey: key, version: 2, message: 'Go', by: 'x' });
    expect(ofBookmark.status).toBe(409);
    expect(ofBookmark.body.error.message).toBe(
      `Version 2 of ${describeKey(key)} is a bookmark; only saved content goes live.`,
    );

    const live = await admin.post('/goLive', { pageKey: key, version: 1, message: 'Go', by: 'x' });
    expect(live.status).toBe(201);
    const onlyOnce = await admin.post('/rollBack', { pageKey: key, message: 'Back', by: 'x' });
    expect(onlyOnce.status).toBe(409);
    expect(onlyOnce.body.error.message).toBe(rollBackRefusal(key, live.body.live));
  });

  it('refuses invalid moves with 400 saying what is wrong', async () => {
    const key = keyOf('invalid');
    const admin = client('admin');
    const cases: [string, unknown, RegExp][] = [
      ['/goLive', { pageKey: key, version: 1, message: '   ', by: 'x' }, /Write a message saying why this goes live/],
      ['/goLive', { pageKey: key, version: 0, message: 'Go', by: 'x' }, /version/],
      ['/goLive', { pageKey: key, version: 1, message: 'Go' }, /by/],
      ['/rollBack', { pageKey: { ...key, country: 'xx' }, message: 'Back', by: 'x' }, /country/],
      ['/rollBack', { pageKey: key, message: 'x'.repeat(1_000), by: 'x' }, /at most/],
    ];
    for (const [path, body, message] of cases) {
      const answer = await admin.post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    const badPaging = await admin.get(`/liveHistory?${query(key)}&limit=-1`);
    expect(badPaging.status).toBe(400);
  });
});

describe('the live event on the stream', () => {
  it('reaches the viewers of the page and no one else', async () => {
    const gb = keyOf('streamed');
    const de = keyOf('streamed', 'de');
    await seed(gb);
    await seed(de);
    const gbViewer = await openEventStream(server.url, tokens.get('gb-viewer')!);
    const deViewer = await openEventStream(server.url, tokens.get('de-viewer')!);
    try {
      await gbViewer.next((event) => event.event === 'presence-snapshot');
      await deViewer.next((event) => event.event === 'presence-snapshot');
      const moved = await client('publisher').post('/goLive', { pageKey: gb, version: 1, message: 'GB live', by: 'x' });
      expect(moved.status).toBe(201);
      const heard = await gbViewer.next((event) => event.event === 'live');
      expect(heard.data).toEqual({ type: 'live', ...moved.body.live });
      // The JD DE viewer hears of the JD DE page only.
      await client('admin').post('/goLive', { pageKey: de, version: 1, message: 'DE live', by: 'x' });
      await deViewer.next((event) => event.event === 'live' && event.data.pageKey.country === 'de');
      const livePlaces = (stream: typeof gbViewer) =>
        stream.events.filter((event) => event.event === 'live').map((event) => event.data.pageKey.country);
      expect(livePlaces(deViewer)).toEqual(['de']);
      await gbViewer
        .next((event) => event.event === 'live' && event.data.pageKey.country === 'de', 300)
        .then(
          () => expect.unreachable('the JD GB viewer heard of a JD DE move'),
          () => undefined,
        );
      expect(livePlaces(gbViewer)).toEqual(['gb']);
    } finally {
      gbViewer.close();
      deViewer.close();
    }
  }, 20_000);
});

describe('the desktop in team mode', () => {
  const started: { services: StudioServices; folder: string }[] = [];
  afterEach(async () => {
    for (const { services, folder } of started.splice(0)) {
      await services.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  /** A desktop signed in to the team server as this user (or to a server that cannot be reached). */
  async function desktopOf(name: string, url = server.url) {
    const folder = await makeTempDir();
    const services = await createStudioServices({
      dataDir: folder,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(folder),
      secrets: createMemorySecretStore(),
      teamServer: { url, token: tokens.get(name)! },
      team: {
        stream: { backoff: { initialMs: 50, maxMs: 400 } },
        probeBackoff: { initialMs: 50, maxMs: 400 },
        client: { retryDelayMs: 10, timeoutMs: 2_000 },
      },
    });
    started.push({ services, folder });
    const events: TeamEvent[] = [];
    services.team.onEvent((event) => events.push(event));
    const dispatch = <C extends ServiceChannel>(channel: C, input: Input<C>) =>
      services.dispatch(channel, input) as Promise<
        { ok: true; value: Output<C> } | { ok: false; error: { code: string; message: string } }
      >;
    const call = async <C extends ServiceChannel>(channel: C, input: Input<C>): Promise<Output<C>> =>
      unwrapResult((await dispatch(channel, input)) as never) as Output<C>;
    return { services, events, dispatch, call };
  }

  async function until<T>(condition: () => T | undefined | false, what: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = condition();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('goes live through the server, and the editor hears the move from the stream as a live event', async () => {
    const key = keyOf('from-the-desktop');
    await seed(key);
    const desktop = await desktopOf('publisher');
    expect(await desktop.services.team.confirmUser()).toBeNull();
    await until(() => desktop.events.some((event) => event.type === 'presence'), 'the stream to open');

    const { live } = await desktop.call('goLive', { pageKey: key, version: 1, message: 'From the desktop' });
    expect(live).toMatchObject({ pageKey: key, version: 1, move: 'live', by: 'publisher@example.com' });
    const heard = await until(
      () => desktop.events.find((event) => event.type === 'live' && event.pageKey.page === key.page),
      'the live event',
    );
    expect(heard).toEqual({ type: 'live', ...live });
    expect(await desktop.call('listLiveHistory', { key })).toEqual({ entries: [live], total: 1 });

    // An editor's desktop is refused with the server's message, whole.
    const editor = await desktopOf('editor');
    expect(await editor.services.team.confirmUser()).toBeNull();
    const refused = await editor.dispatch('rollBack', { pageKey: key, message: 'Back' });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'forbidden',
        message: 'Your roles let you change JD GB pages, not put pages live or roll them back there (publish).',
      },
    });
  }, 20_000);

  it('refuses a move at once while the server cannot be reached, and queues nothing', async () => {
    const desktop = await desktopOf('publisher', 'http://127.0.0.1:1');
    await desktop.call('signIn', { email: 'publisher@example.com' });
    await until(() => desktop.services.team.status().connection === 'offline', 'Offline');
    const key = keyOf('offline');
    for (const [channel, move] of [
      ['goLive', 'Going live'],
      ['rollBack', 'Rolling back'],
    ] as const) {
      const input = { pageKey: key, version: 1, message: 'While away' };
      const refused = await desktop.dispatch(channel, input);
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'unavailable',
          message: `${move} needs the team server, which cannot be reached now. Nothing was changed: try again once it is back online.`,
        },
      });
    }
    expect((await desktop.call('listPendingSaves', {})).pending).toEqual([]);
  }, 20_000);
});
