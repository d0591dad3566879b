import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceChannel } from '../../core/channels';
import type { Input, Output } from '../../core/contract';
import { unwrapResult, type Result } from '../../core/result';
import { emptyPageMeta } from '../../core/schemas';
import { goLiveRefusal, rollBackRefusal } from '../../core/store';
import type { TeamEvent } from '../../core/team';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { banner, HOME_KEY, makePage, makeTempDir } from './helpers/pages';

/**
 * Going live and rolling back without a server (issue 24 §1): the embedded content service's routes over the
 * files store, and the desktop's channels on it, whose moves reach the editor as team mode's do.
 */

let dataDir: string;
beforeEach(async () => {
  dataDir = await makeTempDir();
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded content service', () => {
  let server: ContentServer;
  beforeEach(async () => {
    server = await startContentServer({ dataDir });
  });
  afterEach(() => server.close());

  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const get = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: await response.json() };
  };
  const history = (extra = '') => get(`/liveHistory?${new URLSearchParams({ ...HOME_KEY })}${extra}`);

  async function seed(count: number): Promise<void> {
    let baseHash: string | null = null;
    for (let number = 1; number <= count; number++) {
      const saved = await post('/saveContent', { content: makePage({ title: `Version ${number}` }), baseHash });
      expect(saved.status).toBe(201);
      baseHash = saved.body.version.hash;
    }
  }

  it('puts versions live and rolls back, by the user the desktop names (lowercased)', async () => {
    await seed(2);
    const first = await post('/goLive', { pageKey: HOME_KEY, version: 1, message: 'Launch', by: 'Alice@Example.com' });
    expect(first.status).toBe(201);
    expect(first.body.live).toMatchObject({
      pageKey: HOME_KEY,
      version: 1,
      previous: null,
      move: 'live',
      by: 'alice@example.com',
      message: 'Launch',
      release: null,
    });
    const second = await post('/goLive', { pageKey: HOME_KEY, version: 2, message: 'Next', by: 'bob@example.com' });
    expect(second.body.live).toMatchObject({ version: 2, previous: 1, by: 'bob@example.com' });
    const back = await post('/rollBack', { pageKey: HOME_KEY, message: 'Broken', by: 'alice@example.com' });
    expect(back.status).toBe(201);
    expect(back.body.live).toMatchObject({ version: 1, previous: 2, move: 'rollback', message: 'Broken' });

    const listed = await history();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ entries: [back.body.live, second.body.live, first.body.live], total: 3 });
    expect((await history('&limit=1&offset=2')).body).toEqual({ entries: [first.body.live], total: 3 });
  });

  it('answers 409 with the reason when the version cannot go live or there is nothing to roll back to', async () => {
    await seed(1);
    const notLive = await post('/rollBack', { pageKey: HOME_KEY, message: 'Back', by: 'alice@example.com' });
    expect(notLive).toEqual({
      status: 409,
      body: { error: { code: 'live-change-refused', message: rollBackRefusal(HOME_KEY, null) } },
    });
    const missing = await post('/goLive', { pageKey: HOME_KEY, version: 5, message: 'Go', by: 'alice@example.com' });
    expect(missing.status).toBe(409);
    expect(missing.body.error.message).toBe(goLiveRefusal(HOME_KEY, 5, null));
    // Nothing went live.
    expect((await history()).body).toEqual({ entries: [], total: 0 });
  });

  it('refuses invalid moves with 400 saying what is wrong', async () => {
    await seed(1);
    const cases: [string, unknown, RegExp][] = [
      ['/goLive', { pageKey: HOME_KEY, version: 1, message: '', by: 'a@example.com' }, /Write a message/],
      ['/goLive', { pageKey: HOME_KEY, version: 1.5, message: 'Go', by: 'a@example.com' }, /version/],
      ['/goLive', { pageKey: HOME_KEY, version: 1, message: 'Go', by: '' }, /by names who moves the page/],
      ['/rollBack', { pageKey: HOME_KEY, message: 'Back' }, /by/],
      ['/rollBack', { pageKey: { ...HOME_KEY, page: undefined }, message: 'Back', by: 'a@example.com' }, /page/],
    ];
    for (const [path, body, message] of cases) {
      const answer = await post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await get('/liveHistory?fascia=jd')).status).toBe(400);
  });
});

describe('the desktop on its own store', () => {
  let services: StudioServices;
  let events: TeamEvent[];
  beforeEach(async () => {
    services = await createStudioServices({
      dataDir,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(dataDir),
      secrets: createMemorySecretStore(),
    });
    events = [];
    services.team.onEvent((event) => events.push(event));
  });
  afterEach(() => services.close());

  const dispatch = <C extends ServiceChannel>(channel: C, input: Input<C>) =>
    services.dispatch(channel, input) as Promise<Result<Output<C>>>;
  const call = async <C extends ServiceChannel>(channel: C, input: Input<C>): Promise<Output<C>> =>
    unwrapResult(await dispatch(channel, input));

  it('moves the page by the signed-in user and tells the editor as the team stream would', async () => {
    await call('signIn', { email: 'Local@Example.com' });
    const meta = { ...emptyPageMeta(), category: 'Trainers' };
    let baseHash: string | null = null;
    for (const title of ['One', 'Two']) {
      const saved: Output<'saveContent'> = await call('saveContent', {
        key: HOME_KEY,
        meta,
        components: [banner(title)],
        baseHash,
        commitMessage: title,
      });
      if (saved.status !== 'saved') throw new Error(`expected a save, got ${saved.status}`);
      baseHash = saved.version.hash;
    }

    const { live } = await call('goLive', { pageKey: HOME_KEY, version: 2, message: 'Launch' });
    expect(live).toMatchObject({ pageKey: HOME_KEY, version: 2, move: 'live', by: 'local@example.com' });
    expect(events).toEqual([{ type: 'live', ...live }]);

    // A rollback with nothing to go back to: the store's reason, whole, and nothing told.
    const refused = await dispatch('rollBack', { pageKey: HOME_KEY, message: 'Back' });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'conflict', message: rollBackRefusal(HOME_KEY, live) },
    });
    expect(events).toHaveLength(1);
    expect(await call('listLiveHistory', { key: HOME_KEY })).toEqual({ entries: [live], total: 1 });
  });

  it('checks the message before anything is sent', async () => {
    await call('signIn', { email: 'local@example.com' });
    const refused = await dispatch('goLive', { pageKey: HOME_KEY, version: 1, message: '  ' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(events).toEqual([]);
  });
});
