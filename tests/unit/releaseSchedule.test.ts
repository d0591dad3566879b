import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYWHERE, type Grant } from '../../core/permissions';
import { RELEASE_ON_TIME_MS } from '../../core/releases';
import type { PageKey } from '../../core/schemas';
import { grantRole, revokeGrant } from '../../server/access/grants';
import { addUser } from '../../server/auth';
import { createLogger } from '../../server/log';
import { startTeamServer } from '../../server/teamServer';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { buildServer, killServerProcesses, serve, teamClient } from '../helpers/teamServer';
import { makePage } from './helpers/pages';

/**
 * Scheduled releases (issue 24 §2): fired by the job queue within 60 s of their time and exactly once, by any
 * server process; fired late, with a note, by the next server to start; and a go-live cut short by kill -9
 * completed once after a restart, every item or none.
 */

let postgres: TestPostgres;
let databaseUrl: string;
let pool: pg.Pool;
let token: string;

const PUBLISHER = 'publisher@example.com';
const PUBLISH_EVERYWHERE: Grant = {
  role: 'publisher',
  to: { kind: 'user', name: PUBLISHER },
  scope: EVERYWHERE,
  effect: 'allow',
};

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('release_schedule');
  const first = await startInProcess();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', () => undefined);
  token = (await addUser(pool, PUBLISHER)).token;
  await grantRole(pool, { ...PUBLISH_EVERYWHERE, role: 'editor' }, 'test');
  await grantRole(pool, PUBLISH_EVERYWHERE, 'test');
  await first.close();
}, 120_000);

afterAll(async () => {
  killServerProcesses();
  await pool?.end();
  postgres?.destroy();
});

const startInProcess = () =>
  startTeamServer({
    databaseUrl,
    log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'error'),
  });

const keyOf = (page: string): PageKey => ({ fascia: 'site_jd', country: 'gb', page, source: 'web', platform: 'web' });

/** Saves one version of each page, and makes a release of them at that version; answers its id. */
async function releaseOf(url: string, name: string, pages: string[]): Promise<number> {
  const client = teamClient(url, token);
  for (const page of pages) {
    const saved = await client.post('/saveContent', { content: makePage({ key: keyOf(page) }), baseHash: null });
    expect(saved.status).toBe(201);
  }
  const created = await client.post('/releases/create', { name });
  const id = created.body.release.id as number;
  const set = pages.map((page) => ({ pageKey: keyOf(page), version: 1 }));
  expect((await client.post('/releases/items', { id, set })).status).toBe(200);
  return id;
}

const secondsAhead = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function schedule(url: string, id: number, at: string): Promise<void> {
  const answer = await teamClient(url, token).post('/releases/schedule', { id, at });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function releaseState(id: number) {
  const { rows } = await pool.query('SELECT status, note, scheduled_for, went_live_at FROM releases WHERE id = $1', [
    id,
  ]);
  return rows[0] as { status: string; note: string | null; scheduled_for: Date; went_live_at: Date | null };
}

async function untilStatus(id: number, status: string, timeoutMs = 60_000) {
  await expect.poll(async () => (await releaseState(id)).status, { timeout: timeoutMs, interval: 100 }).toBe(status);
  return releaseState(id);
}

/** How often the release went live (its audit entries) and its live entries, per page. */
async function movesOf(id: number, name: string) {
  const audited = await pool.query(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'release.go-live' AND details->>'id' = $1`,
    [String(id)],
  );
  const entries = await pool.query(
    'SELECT page, count(*)::int AS n FROM live_entries WHERE release = $1 GROUP BY page ORDER BY page',
    [name],
  );
  return { goLives: audited.rows[0].n as number, entries: entries.rows as { page: string; n: number }[] };
}

describe('a scheduled release', { timeout: 90_000 }, () => {
  it('goes live within 60 s of its time, exactly once', async () => {
    const server = await startInProcess();
    try {
      const pages = ['on-time-a', 'on-time-b'];
      const id = await releaseOf(server.url, 'On time', pages);
      await schedule(server.url, id, secondsAhead(2));
      const live = await untilStatus(id, 'live');
      expect(live.went_live_at!.getTime() - live.scheduled_for.getTime()).toBeLessThan(RELEASE_ON_TIME_MS);
      expect(live.note).toBeNull();
      // A few polls later, still once.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await movesOf(id, 'On time')).toEqual({
        goLives: 1,
        entries: pages.map((page) => ({ page, n: 1 })),
      });
    } finally {
      await server.close();
    }
  });

  it('changed before its time goes back to draft, and its job no longer fires once scheduled again', async () => {
    const server = await startInProcess();
    try {
      const id = await releaseOf(server.url, 'Changed', ['changed-a', 'changed-b']);
      await schedule(server.url, id, secondsAhead(2));
      const remove = [keyOf('changed-b')];
      const changed = await teamClient(server.url, token).post('/releases/items', { id, remove });
      expect(changed.body).toMatchObject({ unscheduled: true, release: { status: 'draft' } });
      // Scheduled again for later: past the first time and a few job polls later, the first job did not fire.
      await schedule(server.url, id, secondsAhead(120));
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect((await releaseState(id)).status).toBe('scheduled');
      expect(await movesOf(id, 'Changed')).toEqual({ goLives: 0, entries: [] });
    } finally {
      await server.close();
    }
  });

  it('fails with a note when its scheduler may no longer publish at its time', async () => {
    const server = await startInProcess();
    try {
      const id = await releaseOf(server.url, 'Revoked', ['revoked-a']);
      await schedule(server.url, id, secondsAhead(2));
      await revokeGrant(pool, PUBLISH_EVERYWHERE);
      const failed = await untilStatus(id, 'failed');
      expect(failed.note).toBe(`Nothing went live: ${PUBLISHER} may no longer put pages live in JD GB (publish).`);
      expect((await movesOf(id, 'Revoked')).entries).toEqual([]);
    } finally {
      await grantRole(pool, PUBLISH_EVERYWHERE, 'test');
      await server.close();
    }
  });

  it('whose time passed while no server ran goes live when one starts, saying how late and why', async () => {
    const first = await startInProcess();
    const id = await releaseOf(first.url, 'While away', ['away-a']);
    await schedule(first.url, id, secondsAhead(3));
    await first.close();
    // No server ran for the last 5 minutes of its wait.
    await pool.query(`UPDATE releases SET scheduled_for = now() - interval '5 minutes' WHERE id = $1`, [id]);
    const next = await startInProcess();
    try {
      const live = await untilStatus(id, 'live');
      expect(live.note).toBe('Went live 5 minutes late: no team server was running at its time.');
      expect((await movesOf(id, 'While away')).goLives).toBe(1);
    } finally {
      await next.close();
    }
  });
});

describe('server processes', { timeout: 120_000 }, () => {
  beforeAll(() => buildServer(), 120_000);

  it('two on one database put a scheduled release live once', async () => {
    const first = await serve(['--port', '0', '--database-url', databaseUrl]);
    const second = await serve(['--port', '0', '--database-url', databaseUrl]);
    try {
      const pages = ['twice-a', 'twice-b', 'twice-c'];
      const id = await releaseOf(first.url, 'Two servers', pages);
      await schedule(second.url, id, secondsAhead(2));
      await untilStatus(id, 'live');
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await movesOf(id, 'Two servers')).toEqual({ goLives: 1, entries: pages.map((page) => ({ page, n: 1 })) });
    } finally {
      first.child.kill('SIGTERM');
      second.child.kill('SIGTERM');
      await Promise.all([first.exited, second.exited]);
    }
  });

  it('killed (-9) in the middle of a 200-item go-live: after a restart every item is live, exactly once', async () => {
    const first = await serve(['--port', '0', '--database-url', databaseUrl]);
    const pages = Array.from({ length: 200 }, (_, index) => `killed-${index}`);
    const id = await releaseOf(first.url, 'Killed', pages);
    // The last item's page is locked here, so the go-live waits there with 199 items moved, uncommitted.
    const last = [...pages].sort()[pages.length - 1]!;
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT FROM pages WHERE page = $1 FOR UPDATE`, [last]);
      const answer = teamClient(first.url, token)
        .post('/releases/goLive', { id })
        .catch(() => null);
      await untilStatus(id, 'going-live', 20_000);
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%move_release%'`,
              )
            ).rows[0].n,
          { timeout: 20_000, interval: 100 },
        )
        .toBe(1);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await answer).toBeNull();
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect((await movesOf(id, 'Killed')).entries).toEqual([]);
    expect((await releaseState(id)).status).toBe('going-live');

    const restarted = await serve(['--port', '0', '--database-url', databaseUrl]);
    try {
      await untilStatus(id, 'live');
      const moves = await movesOf(id, 'Killed');
      expect(moves.goLives).toBe(1);
      expect(moves.entries).toHaveLength(200);
      expect(moves.entries.every((entry) => entry.n === 1)).toBe(true);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });
});
