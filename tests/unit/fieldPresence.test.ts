import { Writable } from 'node:stream';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageKey } from '../../core/schemas';
import { MAX_FOCUS_COMPONENT_LENGTH, MAX_FOCUS_FIELD_LENGTH } from '../../core/teamProtocol';
import { unwrapResult } from '../../core/result';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { addUser } from '../../server/auth';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient, type StreamEvent } from '../helpers/teamServer';
import { HOME_KEY, makeTempDir } from './helpers/pages';

/**
 * Field-level presence (issue 23 §3) on the team server: POST /presence carries where the editor's focus is,
 * validated; the /events stream announces each move once, the snapshot and GET /presence hold it; a client
 * that sends no focus (from before issue 23) keeps working. Then through main's channels, desktop to desktop.
 */

let postgres: TestPostgres;
let server: TeamServer;
let db: pg.Pool;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('field_presence');
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(quiet, 'error'),
    eventHeartbeatMs: 200,
    presenceSweepMs: 200,
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  aliceToken = (await addUser(db, 'alice@example.com', ADMIN_EVERYWHERE)).token;
  bobToken = (await addUser(db, 'bob@example.com', ADMIN_EVERYWHERE)).token;
});

afterAll(async () => {
  await server?.close();
  await db?.end();
  postgres?.destroy();
});

const alice = () => teamClient(server.url, aliceToken);
const bob = () => teamClient(server.url, bobToken);
const pageNamed = (page: string): PageKey => ({ ...HOME_KEY, page });
const TITLE = { component: 'MainBannerAbCdEfGh12', field: 'content.title' };
const SUBTITLE = { component: 'MainBannerAbCdEfGh12', field: 'content.subtitle' };

describe('POST /presence with a focus', () => {
  it('refuses a focus that is empty or too long, saying which part and its limit', async () => {
    const pageKey = pageNamed('refused-focus');
    const cases: [unknown, RegExp][] = [
      [{ component: '', field: 'content.title' }, /^Invalid presence body: focus\.component: must not be empty$/],
      [
        { component: 'x'.repeat(MAX_FOCUS_COMPONENT_LENGTH + 1), field: 'content.title' },
        /: focus\.component: has at most 200 characters$/,
      ],
      [
        { component: 'MainBanner1', field: 'c'.repeat(MAX_FOCUS_FIELD_LENGTH + 1) },
        /: focus\.field: has at most 500 characters$/,
      ],
      [{ component: 'MainBanner1' }, /: focus\.field: .*expected string/],
      ['content.title', /: focus: .*expected object/],
    ];
    for (const [focus, message] of cases) {
      const answer = await alice().post('/presence', { pageKey, state: 'open', focus });
      expect(answer.status, JSON.stringify(focus)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    // Nothing refused was written.
    expect((await db.query(`SELECT 1 FROM presence WHERE page = 'refused-focus'`)).rowCount).toBe(0);
    const longest = {
      component: 'x'.repeat(MAX_FOCUS_COMPONENT_LENGTH),
      field: 'c'.repeat(MAX_FOCUS_FIELD_LENGTH),
    };
    expect((await alice().post('/presence', { pageKey, state: 'open', focus: longest })).status).toBe(200);
    expect((await bob().get('/presence')).body.presence).toContainEqual(
      expect.objectContaining({ pageKey, focus: longest }),
    );
    await alice().post('/presence', { pageKey, state: 'closed' });
  });

  it('announces the focus with the open, each move once, and a heartbeat that moves nothing not at all', async () => {
    const stream = await openEventStream(server.url, bobToken);
    const pageKey = pageNamed('focus-moves');
    const onPage = (event: StreamEvent) => event.event === 'presence' && event.data.pageKey.page === 'focus-moves';
    try {
      await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
      const opened = await stream.next(onPage);
      expect(opened.data).toMatchObject({ user: 'alice@example.com', state: 'open', reason: 'opened', focus: TITLE });

      // Heartbeats with the same focus: nothing to announce. The move to the subtitle is the next event.
      await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
      await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
      await alice().post('/presence', { pageKey, state: 'open', focus: SUBTITLE });
      await stream.next((event) => onPage(event) && event.data.focus?.field === 'content.subtitle');
      expect((await bob().get('/presence')).body.presence).toContainEqual(
        expect.objectContaining({ pageKey, user: 'alice@example.com', focus: SUBTITLE }),
      );

      // A heartbeat without a focus (in no field, or a client from before issue 23) clears it.
      await alice().post('/presence', { pageKey, state: 'open' });
      await stream.next((event) => onPage(event) && event.data.reason === 'focus' && !('focus' in event.data));
      const listed = (await bob().get('/presence')).body.presence.find(
        (entry: { pageKey: PageKey }) => entry.pageKey.page === 'focus-moves',
      );
      expect(listed).not.toHaveProperty('focus');

      await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
      await alice().post('/presence', { pageKey, state: 'closed', focus: SUBTITLE });
      await stream.next((event) => onPage(event) && event.data.state === 'closed');
      expect(
        stream.events.filter(onPage).map(({ data }) => `${data.state} ${data.reason} ${data.focus?.field ?? '-'}`),
      ).toEqual([
        'open opened content.title',
        'open focus content.subtitle',
        'open focus -',
        'open focus content.title',
        'closed closed -',
      ]);
    } finally {
      stream.close();
    }
  });

  it('starts each stream with where everyone is editing', async () => {
    const pageKey = pageNamed('focus-snapshot');
    await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
    await bob().post('/presence', { pageKey, state: 'open' });
    const stream = await openEventStream(server.url, bobToken);
    try {
      const snapshot = await stream.next((event) => event.event === 'presence-snapshot');
      const onPage = snapshot.data.presence.filter(
        (entry: { pageKey: PageKey }) => entry.pageKey.page === 'focus-snapshot',
      );
      expect(onPage).toEqual([
        expect.objectContaining({ user: 'alice@example.com', focus: TITLE }),
        expect.not.objectContaining({ focus: expect.anything() }),
      ]);
      expect(onPage[1].user).toBe('bob@example.com');
    } finally {
      stream.close();
      await alice().post('/presence', { pageKey, state: 'closed' });
      await bob().post('/presence', { pageKey, state: 'closed' });
    }
  });

  it('forgets the focus with the page when the heartbeats stop', async () => {
    const stream = await openEventStream(server.url, bobToken);
    const pageKey = pageNamed('focus-expired');
    try {
      await alice().post('/presence', { pageKey, state: 'open', focus: TITLE });
      await db.query(`UPDATE presence SET last_seen = now() - interval '31 seconds' WHERE page = 'focus-expired'`);
      const expired = await stream.next(
        (event) =>
          event.event === 'presence' && event.data.pageKey.page === 'focus-expired' && event.data.state === 'closed',
      );
      expect(expired.data.reason).toBe('expired');
      // Open again, without a focus: the old one does not come back.
      await alice().post('/presence', { pageKey, state: 'open' });
      const listed = (await bob().get('/presence')).body.presence.find(
        (entry: { pageKey: PageKey }) => entry.pageKey.page === 'focus-expired',
      );
      expect(listed).toMatchObject({ user: 'alice@example.com' });
      expect(listed).not.toHaveProperty('focus');
    } finally {
      stream.close();
      await alice().post('/presence', { pageKey, state: 'closed' });
    }
  });
});

describe('through main, desktop to desktop', () => {
  const started: { desktop: StudioServices; dir: string }[] = [];
  afterAll(async () => {
    await Promise.all(started.map(({ desktop }) => desktop.close()));
    await Promise.all(started.map(({ dir }) => rm(dir, { recursive: true, force: true })));
  });

  async function desktopOf(token: string): Promise<StudioServices> {
    const dir = await makeTempDir();
    const desktop = await createStudioServices({
      dataDir: dir,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(dir),
      secrets: createMemorySecretStore(),
      teamServer: { url: server.url, token },
      team: { stream: { backoff: { initialMs: 50, maxMs: 400 } }, client: { retryDelayMs: 10, timeoutMs: 2_000 } },
    });
    started.push({ desktop, dir });
    expect(await desktop.team.confirmUser()).toBeNull();
    return desktop;
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

  it("shows Alice's field to Bob as she moves, and no field once she leaves them", async () => {
    const pageKey = pageNamed('desktops');
    const [aliceDesktop, bobDesktop] = [await desktopOf(aliceToken), await desktopOf(bobToken)];
    const aliceOn = () =>
      bobDesktop.team
        .presence()
        .find((entry) => entry.user === 'alice@example.com' && entry.pageKey.page === 'desktops');
    const focus = (value: typeof TITLE | null) =>
      aliceDesktop.dispatch('pageFocus', { key: pageKey, focus: value }).then(unwrapResult);

    unwrapResult(await aliceDesktop.dispatch('pageOpened', { key: pageKey }));
    await until(aliceOn, "Alice's open page");
    expect(aliceOn()).not.toHaveProperty('focus');

    await focus(TITLE);
    await until(() => aliceOn()?.focus?.field === 'content.title', "Alice's focus on the title");
    await focus(SUBTITLE);
    await until(() => aliceOn()?.focus?.field === 'content.subtitle', "Alice's focus on the subtitle");
    await focus(null);
    await until(() => aliceOn() && !aliceOn()?.focus, 'no focus');

    // A focus on a page main does not hold open goes nowhere.
    unwrapResult(await aliceDesktop.dispatch('pageClosed', { key: pageKey }));
    await until(() => !aliceOn(), 'Alice leaving');
    unwrapResult(await aliceDesktop.dispatch('pageFocus', { key: pageKey, focus: TITLE }));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(aliceOn()).toBeUndefined();
  });
});
