import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceChannel } from '../../core/channels';
import type { Input, Output } from '../../core/contract';
import { EVERYWHERE } from '../../core/permissions';
import { RELEASES_NEED_TEAM } from '../../core/releases';
import { unwrapResult } from '../../core/result';
import type { PageKey } from '../../core/schemas';
import type { TeamEvent } from '../../core/team';
import { createStudioServices } from '../../main/host/services';
import { RELEASES_OFFLINE } from '../../main/services/offlineContent';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { grantRole } from '../../server/access/grants';
import { addUser } from '../../server/auth';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { teamClient } from '../helpers/teamServer';
import { makePage, makeTempDir } from './helpers/pages';

/**
 * The desktop's release calls (issue 24 §2): the IPC channels answered through main's handlers by the team
 * server, and refused at once without a team server or while it is offline.
 */

let postgres: TestPostgres;
let server: TeamServer;
let pool: pg.Pool;
let publisherToken: string;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('releases_client');
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'error'),
    eventHeartbeatMs: 200,
  });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  publisherToken = (await addUser(pool, 'publisher@example.com')).token;
  const to = { kind: 'user', name: 'publisher@example.com' } as const;
  await grantRole(pool, { role: 'editor', to, scope: EVERYWHERE, effect: 'allow' }, 'test');
  await grantRole(pool, { role: 'publisher', to, scope: EVERYWHERE, effect: 'allow' }, 'test');
}, 60_000);

afterAll(async () => {
  await server?.close();
  await pool?.end();
  postgres?.destroy();
});

const started: { close: () => Promise<void>; folder: string }[] = [];
afterEach(async () => {
  for (const { close, folder } of started.splice(0)) {
    await close();
    await rm(folder, { recursive: true, force: true });
  }
});

/** A desktop signed in to `url` as the publisher, or with no team server at all. */
async function desktop(url: string | null) {
  const folder = await makeTempDir();
  const services = await createStudioServices({
    dataDir: folder,
    resourcesDir: join(import.meta.dirname, '../../resources'),
    store: createNodeStore(folder),
    secrets: createMemorySecretStore(),
    ...(url && { teamServer: { url, token: publisherToken } }),
    team: {
      stream: { backoff: { initialMs: 50, maxMs: 400 } },
      probeBackoff: { initialMs: 50, maxMs: 400 },
      client: { retryDelayMs: 10, timeoutMs: 2_000 },
    },
  });
  started.push({ close: () => services.close(), folder });
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

/** Every release channel with an input it takes. */
const CALLS = [
  ['listReleases', {}],
  ['loadRelease', { id: 1 }],
  ['createRelease', { name: 'Spring' }],
  ['changeReleaseItems', { id: 1, set: [], remove: [] }],
  ['scheduleRelease', { id: 1, at: '2030-01-01T00:00:00Z' }],
  ['unscheduleRelease', { id: 1 }],
  ['goLiveRelease', { id: 1 }],
  ['rollBackRelease', { id: 1, message: 'Back' }],
  ['deleteRelease', { id: 1 }],
] as const;

describe('release calls from the desktop', () => {
  it('make, schedule, go live and roll back a release through the team server', async () => {
    const key: PageKey = { fascia: 'site_jd', country: 'gb', page: 'desk', source: 'web', platform: 'web' };
    const admin = teamClient(server.url, publisherToken);
    let baseHash: string | null = null;
    for (const title of ['One', 'Two']) {
      const saved = await admin.post('/saveContent', { content: makePage({ key, title }), baseHash });
      baseHash = saved.body.version.hash;
    }
    await admin.post('/goLive', { pageKey: key, version: 1, message: 'Before', by: 'x' });

    const { services, events, call, dispatch } = await desktop(server.url);
    expect(await services.team.confirmUser()).toBeNull();
    const { release } = await call('createRelease', { name: 'From the desktop' });
    expect(release).toMatchObject({ name: 'From the desktop', status: 'draft', items: [] });
    await until(() => events.find((event) => event.type === 'release' && event.id === release.id), 'the release event');
    const changed = await call('changeReleaseItems', {
      id: release.id,
      set: [{ pageKey: key, version: 2 }],
      remove: [],
    });
    expect(changed.release.items).toEqual([{ pageKey: key, version: 2, liveBefore: null }]);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('scheduleRelease', { id: release.id, at })).release).toMatchObject({ status: 'scheduled' });
    expect((await call('unscheduleRelease', { id: release.id })).release).toMatchObject({ status: 'draft' });
    expect((await call('listReleases', {})).releases.map((listed) => listed.name)).toEqual(['From the desktop']);

    const live = await call('goLiveRelease', { id: release.id });
    expect(live.release).toMatchObject({ status: 'live', items: [{ pageKey: key, version: 2, liveBefore: 1 }] });
    // A refused change answers the server's message whole.
    expect(await dispatch('deleteRelease', { id: release.id })).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: '"From the desktop" is live: only a draft or failed release can be deleted.',
      },
    });
    const back = await call('rollBackRelease', { id: release.id, message: 'Wrong prices' });
    expect(back.release.status).toBe('rolled-back');
    expect((await call('loadRelease', { id: release.id })).release.status).toBe('rolled-back');

    const other = await call('createRelease', { name: 'Gone soon' });
    expect(await call('deleteRelease', { id: other.release.id })).toEqual({});
  }, 30_000);

  it('are refused without a team server, saying releases need one', async () => {
    const { dispatch } = await desktop(null);
    for (const [channel, input] of CALLS)
      expect(await dispatch(channel, input as never), channel).toEqual({
        ok: false,
        error: { code: 'unavailable', message: RELEASES_NEED_TEAM },
      });
  });

  it('are refused at once while the team server cannot be reached, saying nothing changed', async () => {
    const { services, call, dispatch } = await desktop('http://127.0.0.1:1');
    await call('signIn', { email: 'publisher@example.com' });
    await until(() => services.team.status().connection === 'offline', 'Offline');
    for (const [channel, input] of CALLS)
      expect(await dispatch(channel, input as never), channel).toEqual({
        ok: false,
        error: { code: 'unavailable', message: RELEASES_OFFLINE },
      });
  }, 20_000);
});
