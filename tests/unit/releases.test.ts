import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYWHERE, type Scope } from '../../core/permissions';
import { releaseLiveMessage } from '../../core/releases';
import type { PageKey } from '../../core/schemas';
import { describeKey } from '../../core/store';
import { grantRole } from '../../server/access/grants';
import { addUser } from '../../server/auth';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { addWebhook, removeWebhook } from '../../server/webhooks';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient } from '../helpers/teamServer';
import { makePage } from './helpers/pages';

/**
 * Releases on a real team server (issue 24 §2): the routes, their permissions and refusals, collisions, the
 * freeze, the atomic go-live and rollback, audit entries, the webhook delivery and the release event.
 */

let postgres: TestPostgres;
let server: TeamServer;
let pool: pg.Pool;
const tokens = new Map<string, string>();

const jd = (countries: string[]): Scope => ({ fascias: ['site_jd'], countries });
const USERS: Record<string, { role: string; scope: Scope }[]> = {
  admin: [{ role: 'admin', scope: EVERYWHERE }],
  // Publishes JD GB only; views JD DE too.
  publisher: [
    { role: 'publisher', scope: jd(['gb']) },
    { role: 'viewer', scope: jd(['de']) },
  ],
  editor: [{ role: 'editor', scope: jd(['gb']) }],
};
const emailOf = (name: string) => `${name}@example.com`;
const client = (name: string) => teamClient(server.url, tokens.get(name));

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('releases');
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'error'),
    eventHeartbeatMs: 200,
    webhookDelivery: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryBackoff: false },
  });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  for (const [name, grants] of Object.entries(USERS)) {
    tokens.set(name, (await addUser(pool, emailOf(name))).token);
    for (const { role, scope } of grants)
      await grantRole(pool, { role, to: { kind: 'user', name: emailOf(name) }, scope, effect: 'allow' }, 'test');
  }
}, 60_000);

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

/** Saves `count` content versions of the page as the admin; answers their hashes. */
async function seed(key: PageKey, count = 1): Promise<string[]> {
  const hashes: string[] = [];
  for (let number = 1; number <= count; number++) {
    const saved = await client('admin').post('/saveContent', {
      content: makePage({ key, title: `Version ${number}` }),
      baseHash: hashes.at(-1) ?? null,
    });
    expect(saved.status).toBe(201);
    hashes.push(saved.body.version.hash);
  }
  return hashes;
}

/** A webhook receiver registered for live and rollback deliveries: the payloads it got; close removes it. */
async function startReceiver() {
  const received: { event: string; release: string | null; items: unknown[] }[] = [];
  const http: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(JSON.parse(body));
      response.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  const webhook = await addWebhook(pool, `http://127.0.0.1:${port}/hook`, ['live', 'rollback']);
  return {
    received,
    close: async () => {
      await removeWebhook(pool, webhook.id);
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function create(name: string, as = 'publisher') {
  const created = await client(as).post('/releases/create', { name });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.release.id as number;
}

const setItems = (id: number, set: { pageKey: PageKey; version: number }[], remove: PageKey[] = [], as = 'publisher') =>
  client(as).post('/releases/items', { id, set, remove });

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function liveVersion(key: PageKey): Promise<number | null> {
  const { rows } = await pool.query(
    'SELECT version FROM live_entries WHERE (fascia, country, page, source, platform) = ($1, $2, $3, $4, $5) ORDER BY entry DESC LIMIT 1',
    [key.fascia, key.country, key.page, key.source, key.platform],
  );
  return rows[0]?.version ?? null;
}

const auditOf = async (action: string, id: number) =>
  (
    await pool.query(`SELECT * FROM audit_log WHERE action = $1 AND details->>'id' = $2 ORDER BY id`, [
      action,
      String(id),
    ])
  ).rows;

describe('making a release', () => {
  it('creates, lists and reads releases, and refuses a name taken whatever its case', async () => {
    const id = await create('Summer sale');
    const again = await client('admin').post('/releases/create', { name: 'summer SALE' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'release-refused',
      message: 'A release named "summer SALE" exists already',
    });

    const read = await client('admin').get(`/release?id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      release: {
        id,
        name: 'Summer sale',
        status: 'draft',
        createdBy: 'publisher@example.com',
        itemCount: 0,
        items: [],
      },
      collisions: [],
      unscheduled: false,
    });
    const listed = await client('publisher').get('/releases');
    expect(listed.status).toBe(200);
    expect(listed.body.releases.map((release: { name: string }) => release.name)).toContain('Summer sale');
    expect((await client('publisher').get('/release?id=999999')).status).toBe(404);
    // An editor (no publish anywhere) sees no releases.
    const editor = await client('editor').get('/releases');
    expect(editor.status).toBe(403);
    expect(editor.body.error.message).toBe(
      'Releases need the publish permission: your roles do not let you put pages live anywhere.',
    );
    expect(await auditOf('release.create', id)).toHaveLength(1);
  });

  it('refuses invalid requests with 400 saying what is wrong', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/releases/create', { name: '   ' }, /Invalid createRelease body: .*Give the release a name/],
      ['/releases/create', { name: 'x'.repeat(81) }, /at most 80 characters/],
      ['/releases/schedule', { id: 1, at: 'tomorrow' }, /at must be an ISO date-time/],
      ['/releases/rollBack', { id: 1, message: ' ' }, /Write a message/],
      ['/releases/items', { id: 0, set: [] }, /Invalid changeReleaseItems body/],
    ];
    for (const [path, body, message] of cases) {
      const answer = await client('publisher').post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
  });

  it('adds items, changes a version, removes items, and refuses a version that cannot go live', async () => {
    const [home, sale] = [keyOf('items-home'), keyOf('items-sale')];
    await seed(home, 2);
    await seed(sale);
    const id = await create('Items');
    const added = await setItems(id, [
      { pageKey: home, version: 1 },
      { pageKey: sale, version: 1 },
    ]);
    expect(added.status).toBe(200);
    expect(added.body.release.items).toEqual([
      { pageKey: home, version: 1, liveBefore: null },
      { pageKey: sale, version: 1, liveBefore: null },
    ]);
    // An item named twice takes its last version.
    const changed = await setItems(
      id,
      [
        { pageKey: home, version: 1 },
        { pageKey: home, version: 2 },
      ],
      [sale],
    );
    expect(changed.status).toBe(200);
    expect(changed.body.release.items).toEqual([{ pageKey: home, version: 2, liveBefore: null }]);
    expect(changed.body.release.itemCount).toBe(1);

    const missing = await setItems(id, [{ pageKey: home, version: 9 }]);
    expect(missing.status).toBe(409);
    expect(missing.body.error.message).toBe(`${describeKey(home)} has no version 9 to put live.`);
    expect(await auditOf('release.change', id)).toHaveLength(2);
  });

  it('warns of a collision naming both releases holding a page × country', async () => {
    const key = keyOf('collided');
    await seed(key);
    const first = await create('Black Friday');
    const second = await create('Cyber Monday');
    await setItems(first, [{ pageKey: key, version: 1 }]);
    const answer = await setItems(second, [{ pageKey: key, version: 1 }]);
    expect(answer.body.collisions).toEqual([{ pageKey: key, releases: [{ id: first, name: 'Black Friday' }] }]);
    const other = await client('publisher').get(`/release?id=${first}`);
    expect(other.body.collisions).toEqual([{ pageKey: key, releases: [{ id: second, name: 'Cyber Monday' }] }]);
  });
});

describe('scheduling', () => {
  it('freezes a scheduled release: a change takes it back to draft, unscheduled', async () => {
    const key = keyOf('frozen');
    await seed(key, 2);
    const id = await create('Frozen');
    await setItems(id, [{ pageKey: key, version: 1 }]);
    const at = inAMinute();
    const scheduled = await client('publisher').post('/releases/schedule', { id, at });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body.release).toMatchObject({
      status: 'scheduled',
      scheduledFor: at,
      scheduledBy: emailOf('publisher'),
    });

    const changed = await setItems(id, [{ pageKey: key, version: 2 }]);
    expect(changed.body).toMatchObject({ unscheduled: true, release: { status: 'draft', scheduledFor: null } });
    const past = await client('publisher').post('/releases/schedule', { id, at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(409);
    expect(past.body.error.message).toBe('Choose a time in the future: that time has passed');
    expect(await auditOf('release.schedule', id)).toHaveLength(1);
  });

  it('refuses with 403 to schedule or go live without publish on one item, naming its place', async () => {
    const [gb, de] = [keyOf('two-places'), keyOf('two-places', 'de')];
    await seed(gb);
    await seed(de);
    const id = await create('Two places');
    expect(
      (
        await setItems(id, [
          { pageKey: gb, version: 1 },
          { pageKey: de, version: 1 },
        ])
      ).status,
    ).toBe(200);
    for (const [path, body] of [
      ['/releases/schedule', { id, at: inAMinute() }],
      ['/releases/goLive', { id }],
    ] as const) {
      const refused = await client('publisher').post(path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'forbidden',
        message: 'Your roles let you view JD DE pages, not put pages live or roll them back there (publish).',
        action: 'publish',
        scope: { fascia: 'site_jd', country: 'de' },
      });
    }
    expect((await client('admin').get(`/release?id=${id}`)).body.release.status).toBe('draft');
    expect(await liveVersion(gb)).toBeNull();
  });
});

describe('going live and rolling back', () => {
  it('moves every item at once with one webhook delivery; a rollback is refused naming a page not live before', async () => {
    const pages = ['atomic-a', 'atomic-b', 'atomic-c'].map((page) => keyOf(page));
    const hashes = await Promise.all(pages.map((key) => seed(key, 2)));
    // atomic-a and atomic-b are live at version 1 before the release.
    for (const key of pages.slice(0, 2))
      expect(
        (await client('admin').post('/goLive', { pageKey: key, version: 1, message: 'Before', by: 'x' })).status,
      ).toBe(201);
    const receiver = await startReceiver();
    const id = await create('Atomic');
    await setItems(
      id,
      pages.map((pageKey) => ({ pageKey, version: 2 })),
    );
    try {
      const live = await client('publisher').post('/releases/goLive', { id });
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      expect(live.body.release).toMatchObject({ status: 'live', note: null });
      expect(live.body.release.items.map((item: { liveBefore: number | null }) => item.liveBefore)).toEqual([
        1,
        1,
        null,
      ]);
      for (const key of pages) expect(await liveVersion(key)).toBe(2);
      const entries = (await pool.query(`SELECT * FROM live_entries WHERE release = 'Atomic'`)).rows;
      expect(entries.map((entry) => [entry.moved_by, entry.message])).toEqual(
        pages.map(() => [emailOf('publisher'), releaseLiveMessage('Atomic')]),
      );
      expect(await auditOf('release.go-live', id)).toHaveLength(1);

      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      expect(receiver.received[0]).toMatchObject({
        event: 'live',
        release: 'Atomic',
        items: pages.map((pageKey, index) => ({ pageKey, country: 'gb', version: 2, hash: hashes[index]![1] })),
      });

      // atomic-c was not live before: the release cannot take it off live.
      const refused = await client('publisher').post('/releases/rollBack', { id, message: 'Wrong prices' });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        `${describeKey(pages[2]!)} was not live before "Atomic": a page cannot be taken off live, so the release cannot roll back.`,
      );
      expect(await liveVersion(pages[0]!)).toBe(2);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('rolls every item back to the version it had before, atomically, with one rollback delivery', async () => {
    const pages = ['back-a', 'back-b'].map((page) => keyOf(page));
    for (const key of pages) {
      await seed(key, 3);
      await client('admin').post('/goLive', { pageKey: key, version: 1, message: 'First', by: 'x' });
      await client('admin').post('/goLive', { pageKey: key, version: 2, message: 'Second', by: 'x' });
    }
    const id = await create('Back again');
    await setItems(
      id,
      pages.map((pageKey) => ({ pageKey, version: 3 })),
    );
    const receiver = await startReceiver();
    try {
      expect((await client('publisher').post('/releases/goLive', { id })).status).toBe(200);
      const back = await client('publisher').post('/releases/rollBack', { id, message: 'Wrong prices' });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      const delivered = (event: string) => receiver.received.filter((payload) => payload.event === event);
      expect(delivered('rollback')).toEqual([
        expect.objectContaining({
          release: 'Back again',
          items: pages.map((pageKey) => expect.objectContaining({ pageKey, version: 2 })),
        }),
      ]);
      expect(delivered('live')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
    const back = await client('publisher').get(`/release?id=${id}`);
    expect(back.body.release).toMatchObject({ status: 'rolled-back' });
    expect(back.body.release.rolledBackAt).not.toBeNull();
    for (const key of pages) expect(await liveVersion(key)).toBe(2);
    const moves = (
      await pool.query(
        `SELECT move, version, previous FROM live_entries WHERE release = 'Back again' ORDER BY page, entry`,
      )
    ).rows;
    expect(moves).toEqual([
      { move: 'live', version: 3, previous: 2 },
      { move: 'rollback', version: 2, previous: 3 },
      { move: 'live', version: 3, previous: 2 },
      { move: 'rollback', version: 2, previous: 3 },
    ]);
    expect(await auditOf('release.roll-back', id)).toHaveLength(1);
    // A rolled-back release neither changes nor is deleted.
    const change = await setItems(id, [{ pageKey: pages[0]!, version: 1 }]);
    expect(change.status).toBe(409);
    expect(change.body.error.message).toBe(
      '"Back again" is rolled back: its items can no longer change. Make a new release instead.',
    );
    expect((await client('publisher').post('/releases/delete', { id })).status).toBe(409);
  }, 30_000);

  it('moves nothing when one item fails: the release is failed with a note naming it', async () => {
    const pages = ['failing-a', 'failing-b', 'failing-c'].map((page) => keyOf(page));
    for (const key of pages) await seed(key);
    const id = await create('Failing');
    await setItems(
      id,
      pages.map((pageKey) => ({ pageKey, version: 1 })),
    );
    // The last item's move is refused by the database, after the first two moved in the transaction.
    await pool.query(`CREATE FUNCTION refuse_failing_c() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.page = 'failing-c' THEN RAISE EXCEPTION 'the storefront is frozen'; END IF; RETURN NEW; END $$`);
    await pool.query(
      'CREATE TRIGGER refuse_failing_c BEFORE INSERT ON live_entries FOR EACH ROW EXECUTE FUNCTION refuse_failing_c()',
    );
    try {
      const failed = await client('publisher').post('/releases/goLive', { id });
      const note = `Nothing went live: ${describeKey(pages[2]!)} could not move (the storefront is frozen).`;
      expect(failed.status).toBe(409);
      expect(failed.body.error).toEqual({ code: 'release-refused', message: note });
      const read = await client('publisher').get(`/release?id=${id}`);
      expect(read.body.release).toMatchObject({ status: 'failed', note, wentLiveAt: null });
      for (const key of pages) expect(await liveVersion(key)).toBeNull();
      expect(await auditOf('release.fail', id)).toHaveLength(1);
      expect(await auditOf('release.go-live', id)).toHaveLength(0);
    } finally {
      await pool.query('DROP TRIGGER refuse_failing_c ON live_entries');
      await pool.query('DROP FUNCTION refuse_failing_c()');
    }
    // A failed release can be tried again, and deleted.
    const again = await client('publisher').post('/releases/goLive', { id });
    expect(again.body.release).toMatchObject({ status: 'live', note: null });
  });

  it('goes live with 200 items in one transaction, in well under a second', async () => {
    const keys = Array.from({ length: 200 }, (_, index) => keyOf(`many-${index}`));
    for (const key of keys) await seed(key);
    const id = await create('Two hundred');
    expect(
      (
        await setItems(
          id,
          keys.map((pageKey) => ({ pageKey, version: 1 })),
        )
      ).status,
    ).toBe(200);
    const started = performance.now();
    const live = await client('publisher').post('/releases/goLive', { id });
    const took = performance.now() - started;
    expect(live.body.release).toMatchObject({ status: 'live', itemCount: 200 });
    expect(took).toBeLessThan(1_000);
  }, 60_000);

  it("deletes a draft, audited, and announces it to a publisher's stream", async () => {
    const stream = await openEventStream(server.url, tokens.get('publisher')!);
    const editorStream = await openEventStream(server.url, tokens.get('editor')!);
    try {
      await stream.next((event) => event.event === 'presence-snapshot');
      const id = await create('Short-lived');
      const created = await stream.next((event) => event.event === 'release' && event.data.id === id);
      expect(created.data).toEqual({ type: 'release', id, name: 'Short-lived', status: 'draft' });
      const deleted = await client('publisher').post('/releases/delete', { id });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ ok: true });
      const gone = await stream.next((event) => event.event === 'release' && event.data.status === null);
      expect(gone.data).toEqual({ type: 'release', id, name: 'Short-lived', status: null });
      expect((await client('publisher').get(`/release?id=${id}`)).status).toBe(404);
      expect(await auditOf('release.delete', id)).toHaveLength(1);
      // An editor, who may not see releases, hears of none: a live move after them reaches the editor alone.
      const key = keyOf('after-the-releases');
      await seed(key);
      await client('admin').post('/goLive', { pageKey: key, version: 1, message: 'After', by: 'x' });
      await editorStream.next((event) => event.event === 'live' && event.data.pageKey.page === key.page);
      expect(editorStream.events.filter((event) => event.event === 'release')).toEqual([]);
    } finally {
      stream.close();
      editorStream.close();
    }
  });
});
