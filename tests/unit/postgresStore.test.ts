import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS_CHANNEL, createPostgresStore, isDatabaseUnavailable } from '../../server/content/postgresStore';
import type { ContentStore } from '../../core/store';
import { applyMigrations, bundledMigrations } from '../../server/db/migrate';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { serveContentStore } from './helpers/contentApp';
import { HOME_KEY, makePage } from './helpers/pages';

/** What only the PostgreSQL store has: migrations, the saved event, a database that goes away. */

let postgres: TestPostgres;
let databases = 0;
let pool: pg.Pool;
let store: ContentStore;

beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(() => postgres?.destroy());

async function freshDatabase(): Promise<string> {
  return postgres.createDatabase(`store_${++databases}`);
}

beforeEach(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase(), connectionTimeoutMillis: 2000 });
  pool.on('error', () => undefined);
  const client = await pool.connect();
  await applyMigrations(client).finally(() => client.release());
  store = createPostgresStore(pool);
});
afterEach(async () => {
  await pool.end();
});

describe('migrations', () => {
  it('apply once, in order, even when two processes start together', async () => {
    const url = await freshDatabase();
    const clients = [new pg.Client(url), new pg.Client(url)];
    await Promise.all(clients.map((client) => client.connect()));
    const applied = await Promise.all(clients.map((client) => applyMigrations(client)));
    const names = bundledMigrations().map((migration) => `${String(migration.id).padStart(3, '0')}_${migration.name}`);

    expect(names[0]).toBe('001_versions');
    expect(applied.map((list) => list.length).sort()).toEqual([0, names.length]);
    const recorded = await clients[0]!.query('SELECT id FROM schema_migrations ORDER BY id');
    expect(recorded.rows.map((row) => row.id)).toEqual(bundledMigrations().map((migration) => migration.id));
    expect(await applyMigrations(clients[1]!)).toEqual([]);
    await Promise.all(clients.map((client) => client.end()));
  });

  it('leave the schema as it was when one of them fails', async () => {
    const client = new pg.Client(await freshDatabase());
    await client.connect();
    const broken = [
      { id: 1, name: 'good', sql: 'CREATE TABLE good (id integer)' },
      { id: 2, name: 'bad', sql: 'CREATE TABLE bad (id nonsense_type)' },
    ];
    await expect(applyMigrations(client, broken)).rejects.toThrow('nonsense_type');
    const tables = await client.query(
      "SELECT table_name FROM information_schema.tables WHERE table_name IN ('good', 'schema_migrations')",
    );
    expect(tables.rows).toEqual([]);
    await client.end();
  });
});

describe('versions', () => {
  it('are immutable rows', async () => {
    await store.save({ content: makePage(), kind: 'content' });
    await expect(pool.query("UPDATE versions SET author = 'mallory@example.com'")).rejects.toThrow(
      'versions are immutable',
    );
    await expect(pool.query('DELETE FROM versions')).rejects.toThrow('versions are immutable');
    expect((await pool.query('SELECT author FROM versions')).rows).toEqual([{ author: 'alice@example.com' }]);
  });

  it('announce a save with pg_notify once it is committed, and never a refused one', async () => {
    const listener = new pg.Client(pool.options.connectionString);
    await listener.connect();
    const events: unknown[] = [];
    listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? 'null')));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);

    const first = makePage({ title: 'One' });
    await store.save({ content: first, kind: 'content', baseHash: null });
    await expect(
      store.save({ content: makePage({ title: 'Stale' }), kind: 'content', baseHash: null }),
    ).rejects.toThrow('created');
    await store.save({
      content: makePage({ title: 'Two', author: 'bob@example.com' }),
      kind: 'content',
      baseHash: first.hash,
    });
    // A round trip on the listener's connection delivers every notification committed before it.
    await listener.query('SELECT 1');

    expect(events).toEqual([
      {
        type: 'saved',
        pageKey: HOME_KEY,
        version: 1,
        kind: 'content',
        author: 'alice@example.com',
        message: 'Set title to One',
        timestamp: first.timestamp,
      },
      expect.objectContaining({ type: 'saved', version: 2, author: 'bob@example.com' }),
    ]);
    await listener.end();
  });

  it('refuses text the database cannot hold (NUL) with a clear 400', async () => {
    const { url, server } = await serve(store);
    const page = makePage();
    const response = await fetch(`${url}/saveContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: { ...page, commitMessage: 'with \u0000 inside' } }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('NUL');
    server.close();
  });
});

describe('a database that goes away', () => {
  it('is answered with 503 and Retry-After, and the store recovers once it is back', async () => {
    const { url, server } = await serve(store);
    await store.save({ content: makePage(), kind: 'content' });
    postgres.stop();
    try {
      const down = await fetch(`${url}/pages`);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect((await down.json()).error.code).toBe('unavailable');
      const save = await fetch(`${url}/saveContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: makePage({ title: 'During the outage' }) }),
      });
      expect(save.status).toBe(503);
    } finally {
      postgres.start();
    }
    const back = await fetch(`${url}/pages`);
    expect(back.status).toBe(200);
    expect((await back.json()).total).toBe(1);
    server.close();
  });

  it('is recognised by its errors', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

async function serve(contentStore: ContentStore) {
  const served = await serveContentStore(contentStore);
  served.server.unref();
  return served;
}
