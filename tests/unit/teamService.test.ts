import { Writable } from 'node:stream';
import { join } from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceChannel } from '../../core/channels';
import type { Input, Output } from '../../core/contract';
import { unwrapResult } from '../../core/result';
import { emptyPageMeta, type Component } from '../../core/schemas';
import { QUEUED_SAVE_MESSAGE, type TeamEvent } from '../../core/team';
import { MeAnswerSchema } from '../../core/teamProtocol';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore, type SecretStore } from '../../main/services/stores';
import { TEAM_TOKEN_SECRET } from '../../main/services/team';
import { NO_LOCAL_AUDIT } from '../../main/services/offlineContent';
import { addUser } from '../../server/auth';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { banner, hero, HOME_KEY, makeTempDir, promo } from './helpers/pages';
import { createContentClient } from '../../main/services/contentClient';
import { buildPageContent } from '../../core/rules/page';

/**
 * Team mode through main's channels, as the editor calls them, against the real team server on a PostgreSQL
 * the test starts: sign-in (and a wrong token), authorship, live saves, and a save made while the server is
 * down that lands once it is back.
 */

let postgres: TestPostgres;
let databaseUrl: string;
let server: TeamServer;
let aliceToken: string;
let bobToken: string;
const quietLog = () =>
  createLogger(
    new Writable({
      write: (_chunk, _encoding, done) => done(),
    }),
    'error',
  );

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('team_mode');
  server = await startTeamServer({ databaseUrl, log: quietLog(), eventHeartbeatMs: 200, presenceSweepMs: 200 });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  aliceToken = (await addUser(db, 'Alice@Example.com', ADMIN_EVERYWHERE)).token;
  bobToken = (await addUser(db, 'bob@example.com', ADMIN_EVERYWHERE)).token;
  await db.end();
});
afterAll(async () => {
  await server?.close();
  postgres?.destroy();
});

let dataDir: string;
let secrets: SecretStore;
let services: StudioServices;
let events: TeamEvent[];
const started: StudioServices[] = [];

async function startDesktop(
  folder: string,
  options: { teamServer?: { url: string; token: string } } = {},
): Promise<StudioServices> {
  const secretStore = createMemorySecretStore();
  const desktop = await createStudioServices({
    dataDir: folder,
    resourcesDir: join(import.meta.dirname, '../../resources'),
    store: createNodeStore(folder),
    secrets: secretStore,
    teamServer: options.teamServer,
    team: {
      stream: { backoff: { initialMs: 50, maxMs: 400 } },
      probeBackoff: { initialMs: 50, maxMs: 400 },
      client: { retryDelayMs: 10, timeoutMs: 2_000 },
    },
  });
  started.push(desktop);
  if (!options.teamServer) secrets = secretStore;
  return desktop;
}

beforeEach(async () => {
  dataDir = await makeTempDir();
  services = await startDesktop(dataDir);
  events = [];
  services.team.onEvent((event) => events.push(event));
  unwrapResult(await services.dispatch('signIn', { email: 'local@example.com' }));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((desktop) => desktop.close()));
  await rm(dataDir, { recursive: true, force: true });
});

async function call<C extends ServiceChannel>(channel: C, input: Input<C>, desktop = services): Promise<Output<C>> {
  return unwrapResult((await desktop.dispatch(channel, input)) as never) as Output<C>;
}

async function until<T>(condition: () => T | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = condition();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events.map((event) => event.type))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const meta = { ...emptyPageMeta(), category: 'Trainers' };
let pageKey = HOME_KEY;
const saveTitle = (title: string, baseHash: string | null, desktop = services) =>
  call(
    'saveContent',
    { key: pageKey, meta, components: [banner(title)], baseHash, commitMessage: `Title: ${title}` },
    desktop,
  );

describe('Settings → Team server', () => {
  it('tests a connection: the user as the server knows it, or why not', async () => {
    await expect(call('testTeamServer', { url: server.url, token: aliceToken })).resolves.toEqual({
      user: 'alice@example.com',
      problem: null,
    });

    const wrong = await call('testTeamServer', { url: server.url, token: 'sst_wrong' });
    expect(wrong.user).toBeNull();
    expect(wrong.problem).toMatchObject({ reason: 'unauthorized' });
    expect(wrong.problem?.message).toContain('refused the token (HTTP 401)');

    const embedded = await call('testTeamServer', { url: services.embeddedContentUrl, token: aliceToken });
    expect(embedded.problem).toMatchObject({ reason: 'not-studio' });

    const nobody = await call('testTeamServer', { url: 'http://127.0.0.1:1', token: aliceToken });
    expect(nobody.problem).toMatchObject({ reason: 'unreachable' });

    const plainHttp = await call('testTeamServer', { url: 'http://studio.example.com', token: aliceToken });
    expect(plainHttp.problem).toMatchObject({ reason: 'insecure-http' });
  });

  it('refuses a wrong token with a clear 401 message and changes nothing', async () => {
    const { pending } = await call('listPendingSaves', {});
    const draftsBefore = (await call('listPages', {})).drafts;

    const refused = await services.dispatch('signInTeam', {
      url: server.url,
      token: 'sst_wrong',
      allowInsecureHttp: false,
    });

    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('unauthorized');
    expect(refused.error.message).toContain(`The team server at ${server.url} refused the token (HTTP 401)`);
    const { status } = await call('getTeamStatus', {});
    expect(status).toMatchObject({ mode: 'local', user: null, serverUrl: null });
    expect(secrets.getSecret(TEAM_TOKEN_SECRET)).toBeNull();
    expect(await call('getSession', {})).toEqual({ user: 'local@example.com' });
    expect((await call('listPendingSaves', {})).pending).toEqual(pending);
    expect((await call('listPages', {})).drafts).toEqual(draftsBefore);
  });

  it('signs in: the server user is the session user and every save author; signing out goes back to this computer', async () => {
    // This computer only: no roles, nothing to refuse.
    expect(await call('permissions', {})).toEqual({ mode: 'everything' });
    const status = await call('signInTeam', { url: server.url, token: aliceToken, allowInsecureHttp: false });
    expect(status).toMatchObject({
      mode: 'team',
      serverUrl: server.url,
      user: 'alice@example.com',
      connection: 'online',
    });
    expect(secrets.getSecret(TEAM_TOKEN_SECRET)).toBe(aliceToken);
    expect(await call('getSession', {})).toEqual({ user: 'alice@example.com' });
    // What the server's GET /me says Alice may do, for the editor to show.
    const me = MeAnswerSchema.parse(
      await (await fetch(new URL('/me', server.url), { headers: { authorization: `Bearer ${aliceToken}` } })).json(),
    );
    expect(await call('permissions', {})).toEqual({ mode: 'granted', permissions: me.permissions });

    const saved = await saveTitle('Team sale', null);
    expect(saved).toMatchObject({ status: 'saved', version: { version: 1, author: 'alice@example.com' } });

    const signedOut = await call('signOutTeam', {});
    expect(signedOut).toMatchObject({ mode: 'local', user: null });
    expect(await call('permissions', {})).toEqual({ mode: 'everything' });
    expect(secrets.getSecret(TEAM_TOKEN_SECRET)).toBeNull();
    expect(await call('getSession', {})).toEqual({ user: 'local@example.com' });
    // The embedded store again: the team's page is not there.
    expect((await call('listVersions', { key: HOME_KEY })).versions).toEqual([]);
  });
});

describe('the audit trail beside History', () => {
  it("lists a page's audit entries from the team server, and says why there are none on this computer's own store", async () => {
    const key = { ...HOME_KEY, page: 'audited-page' };
    expect(await call('listPageAudit', { key })).toEqual({ available: false, reason: NO_LOCAL_AUDIT });

    await call('signInTeam', { url: server.url, token: aliceToken, allowInsecureHttp: false });
    await call('saveContent', { key, meta, components: [banner('Audited')], baseHash: null, commitMessage: 'First' });
    const trail = await call('listPageAudit', { key });
    expect(trail).toMatchObject({
      available: true,
      total: 1,
      entries: [{ actor: 'alice@example.com', action: 'page.save', pageKey: key, version: 1, result: 'saved' }],
    });
  });
});

describe('live and offline', () => {
  it("pushes a colleague's save and presence, and queues a save while the server is down until it is back", async () => {
    // A page of its own: the server's database is shared by the tests of this file.
    pageKey = { ...HOME_KEY, page: 'live' };
    await call('signInTeam', { url: server.url, token: aliceToken, allowInsecureHttp: false });
    await until(() => events.some((event) => event.type === 'presence'), 'the presence snapshot');
    const first = await saveTitle('Base', null);
    if (first.status !== 'saved') throw new Error('expected a save');
    await call('openPage', { key: pageKey });

    // Bob, on his own desktop, opens the page and saves it: Alice hears of both at once.
    const bobDir = await makeTempDir();
    try {
      const bob = await startDesktop(bobDir, { teamServer: { url: server.url, token: bobToken } });
      expect(await bob.team.confirmUser()).toBeNull();
      await call('pageOpened', { key: pageKey }, bob);
      await until(
        () =>
          events.some(
            (event) => event.type === 'presence' && event.presence.some((entry) => entry.user === 'bob@example.com'),
          ),
        "Bob's presence",
      );
      const bobs = await saveTitle('Bob was here', first.version.hash, bob);
      expect(bobs).toMatchObject({ status: 'saved', version: { author: 'bob@example.com' } });
      const heard = await until(
        () => events.find((event) => event.type === 'saved' && event.author === 'bob@example.com'),
        "Bob's save",
      );
      expect(heard).toMatchObject({ pageKey: pageKey, version: 2, message: 'Title: Bob was here' });
      await call('pageClosed', { key: pageKey }, bob);
      await until(
        () =>
          events.some(
            (event) => event.type === 'presence' && !event.presence.some((entry) => entry.user === 'bob@example.com'),
          ),
        "Bob's leaving",
      );
    } finally {
      await rm(bobDir, { recursive: true, force: true });
    }

    // The server goes away: Alice's desktop says so, and her save waits in the outbox. She edited the version
    // she opened before Bob's save, so it is a conflict once it is sent.
    const port = server.port;
    await server.close();
    await until(() => services.team.status().connection === 'offline', 'Offline');
    expect(services.team.status().lastContact).not.toBeNull();
    const queued = await saveTitle('Offline edit', first.version.hash);
    expect(queued).toMatchObject({ status: 'queued', message: QUEUED_SAVE_MESSAGE });
    const listing = await call('listPages', {});
    expect(listing.offline).toBe(true);
    expect(listing.pages.map((page) => page.key)).toEqual([pageKey]);
    expect(listing.pendingSaves?.map((pending) => pending.commitMessage)).toEqual(['Title: Offline edit']);
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
    // The page still opens from this computer, as queued, and is not dirty.
    const reopened = await call('openPage', { key: pageKey });
    expect(reopened.draft.components[0]?.content).toEqual({ title: 'Offline edit' });
    expect(reopened.draft.baseHash).toBe(queued.status === 'queued' ? queued.pending.hash : null);

    // Back: the pending save meets Bob's version, and both changed the title: nothing is dropped, and the
    // merge's one clash is pushed with it.
    server = await startTeamServer({ databaseUrl, port, log: quietLog(), eventHeartbeatMs: 200, presenceSweepMs: 200 });
    const conflict = await until(() => events.find((event) => event.type === 'pendingConflict'), 'the conflict');
    expect(conflict).toMatchObject({
      latest: { version: 2, author: 'bob@example.com' },
      pending: { state: 'conflict' },
      merge: { theirs: { version: { version: 2 } } },
    });
    if (conflict.type !== 'pendingConflict' || !conflict.merge) throw new Error('expected a merge to settle');
    expect(conflict.merge.result.conflicts.map((clash) => [clash.path, clash.mine, clash.theirs])).toEqual([
      ['content.title', 'Offline edit', 'Bob was here'],
    ]);
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);

    // Alice keeps hers: her save lands over Bob's, with her authorship and message; both stay in History.
    const { pending } = await call('resolvePendingMerge', {
      id: conflict.pending.id,
      ...conflict.merge.mine,
      theirsHash: conflict.merge.theirs.version.hash,
    });
    expect(pending).toEqual([]);
    const landed = await until(() => events.find((event) => event.type === 'pendingSaved'), 'the pending save to land');
    expect(landed).toMatchObject({
      version: { version: 3, author: 'alice@example.com', commitMessage: 'Title: Offline edit' },
      repeated: false,
    });
    expect(services.team.status()).toMatchObject({ connection: 'online', pendingSaves: 0 });
    const history = (await call('listVersions', { key: pageKey })).versions.map((version) => [
      version.version,
      version.author,
    ]);
    expect(history).toEqual([
      [3, 'alice@example.com'],
      [2, 'bob@example.com'],
      [1, 'alice@example.com'],
    ]);
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(0);
  });

  it("merges a save with a colleague's save of another field, online and from the outbox, without asking anyone", async () => {
    pageKey = { ...HOME_KEY, page: 'merged' };
    await call('signInTeam', { url: server.url, token: aliceToken, allowInsecureHttp: false });
    const save = (components: Component[], baseHash: string | null, commitMessage: string) =>
      call('saveContent', { key: pageKey, meta, components, baseHash, commitMessage });
    const first = await save([hero('Summer', 'Sale'), promo('Shoes')], null, 'First');
    if (first.status !== 'saved') throw new Error('expected a save');
    // Bob, on his own desktop, changes the promo of the version Alice has open.
    const bob = createContentClient(server.url, { token: bobToken, retryDelayMs: 10 });
    const bobsPage = (components: Component[]) =>
      buildPageContent({
        key: pageKey,
        meta,
        components,
        author: 'bob@example.com',
        commitMessage: 'Promo',
        apiUrl: server.url,
        now: new Date(),
      });
    const bobs = await bob.saveContent(bobsPage([hero('Summer', 'Sale'), promo('Boots')]), first.version.hash);

    // Alice's title change meets Bob's version: merged and saved at once.
    const online = await save([hero('Winter', 'Sale'), promo('Shoes')], first.version.hash, 'Title');

    expect(online).toMatchObject({
      status: 'saved',
      version: { version: 3, author: 'alice@example.com' },
      merged: { theirs: { version: 2, author: 'bob@example.com' }, mine: 1, their: 1 },
    });
    if (online.status !== 'saved') throw new Error('expected a save');
    expect((await call('loadVersion', { key: pageKey, version: 3 })).components).toEqual([
      hero('Winter', 'Sale'),
      promo('Boots'),
    ]);

    // Bob saves again; then the server goes away and Alice changes the subtitle of the version she has.
    await bob.saveContent(bobsPage([hero('Winter', 'Sale'), promo('Trainers')]), online.version.hash);
    const port = server.port;
    await server.close();
    await until(() => services.team.status().connection === 'offline', 'Offline');
    const queued = await save([hero('Winter', 'Hot deals'), promo('Boots')], online.version.hash, 'Subtitle');
    expect(queued.status).toBe('queued');

    // Back: the outbox merges her save with Bob's and lands it, with no conflict for anyone.
    server = await startTeamServer({ databaseUrl, port, log: quietLog(), eventHeartbeatMs: 200, presenceSweepMs: 200 });
    const landed = await until(() => events.find((event) => event.type === 'pendingSaved'), 'the pending save to land');
    expect(landed).toMatchObject({
      version: { version: 5, author: 'alice@example.com', commitMessage: 'Subtitle' },
      merged: { theirs: { version: 4, author: 'bob@example.com' } },
    });
    expect(events.some((event) => event.type === 'pendingConflict')).toBe(false);
    expect((await call('loadVersion', { key: pageKey, version: 5 })).components).toEqual([
      hero('Winter', 'Hot deals'),
      promo('Trainers'),
    ]);
    expect(bobs.version).toBe(2);
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(0);
  });
});
