import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, revokeToken } from '../../server/auth';
import { COMMAND_LINE, queryAudit, recordAudit, sweepAuditLog } from '../../server/audit';
import type { Queryable } from '../../server/db/database';
import { applyMigrations, bundledMigrations, type Migration } from '../../server/db/migrate';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../core/teamProtocol';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { teamClient } from '../helpers/teamServer';
import { runServerCommand } from '../helpers/serverCommand';
import { HOME_KEY, makePage } from './helpers/pages';

/** The audit log (issue 22 §4): what the team server records, the append-only table, retention, reading it. */

let postgres: TestPostgres;
let databaseUrl: string;
let server: TeamServer;
let db: pg.Pool;
let aliceToken: string;

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('audit_log');
  server = await startTeamServer({ databaseUrl, log: createLogger(undefined, 'silent') });
  db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  db.on('error', () => undefined);
  aliceToken = (await addUser(db, 'alice@example.com', ADMIN_EVERYWHERE)).token;
});

afterAll(async () => {
  await server?.close();
  await db?.end();
  postgres?.destroy();
});

const alice = () => teamClient(server.url, aliceToken);
const pageNamed = (page: string) => ({ ...HOME_KEY, page });
const keyQuery = (key = HOME_KEY) => new URLSearchParams({ ...key }).toString();

/** A client that sends its own user agent and request id, as a desktop behind a proxy would. */
function clientWith(token: string | undefined, userAgent: string, requestId: string) {
  const headers = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    'user-agent': userAgent,
    'x-request-id': requestId,
  };
  return {
    get: (path: string) => fetch(`${server.url}${path}`, { headers }),
    post: (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
}

async function rowsWhere(condition: string, values: unknown[] = []) {
  return (await db.query(`SELECT * FROM audit_log WHERE ${condition} ORDER BY id`, values)).rows;
}

describe('migrations', () => {
  it('applies 005 without 004, and a 004 that lands later after it, on a fresh database', async () => {
    const url = postgres.createDatabase('migration_gap');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The migrations as they were when 004 and 005 were written side by side; later ones build on both.
      const bundled = bundledMigrations().filter((migration) => migration.id <= 6);
      // Once the permissions' migration 004 is merged it is the one tested here; until then a stand-in.
      const four: Migration = bundled.find((migration) => migration.id === 4) ?? {
        id: 4,
        name: 'landed_later',
        sql: 'CREATE TABLE landed_later (id integer)',
      };
      const withoutFour = bundled.filter((migration) => migration.id !== 4);
      expect(await applyMigrations(client, withoutFour)).toEqual([
        '001_versions',
        '002_users_tokens_presence',
        '003_save_in_one_call',
        '005_audit_log',
        '006_presence_focus',
      ]);
      const all = [...withoutFour, four].sort((a, b) => a.id - b.id);
      expect(await applyMigrations(client, all)).toEqual([`004_${four.name}`]);
      expect(await applyMigrations(client, all)).toEqual([]);
      const applied = await client.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY applied_at, id');
      expect(applied.rows.map((row) => row.id)).toEqual([1, 2, 3, 5, 6, 4]);
    } finally {
      await client.end();
    }
  });
});

describe('what is recorded', () => {
  it('records every save and bookmark with its user, page, version, client, request id and result, one row each', async () => {
    const key = pageNamed('audited-save');
    const desktop = clientWith(aliceToken, 'StorefrontStudio/1.0 (test)', 'request-save-1');
    const first = makePage({ key, title: 'First' });
    const saved = await desktop.post('/saveContent', { content: first, baseHash: null, saveId: 'save-id-0001' });
    expect(saved.status).toBe(201);
    expect(saved.headers.get('x-request-id')).toBe('request-save-1');
    const entries = await rowsWhere('page = $1', [key.page]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: 'alice@example.com',
      action: 'page.save',
      ...key,
      version: 1,
      result: 'saved',
      reason: null,
      user_agent: 'StorefrontStudio/1.0 (test)',
      client_address: '127.0.0.1',
      request_id: 'request-save-1',
    });
    // Recorded at the database's now, an instant shown in UTC.
    expect(Date.now() - (entries[0].at as Date).getTime()).toBeLessThan(60_000);

    // The same save again (a retry) is a repeat; a stale base a conflict with the newest version; a bookmark.
    await desktop.post('/saveContent', { content: first, baseHash: null, saveId: 'save-id-0001' });
    const stale = await alice().post('/saveContent', { content: makePage({ key, title: 'Stale' }), baseHash: 'old' });
    expect(stale.status).toBe(409);
    await alice().post('/saveBookmark', { content: makePage({ key, title: 'Snapshot' }) });
    const all = await rowsWhere('page = $1', [key.page]);
    expect(all.map((row) => [row.action, row.result, row.version])).toEqual([
      ['page.save', 'saved', 1],
      ['page.save', 'repeat', 1],
      ['page.save', 'conflict', 1],
      ['page.bookmark', 'saved', 2],
    ]);
  });

  it('records every refused request with its reason, the page it named, and no user when the token is unknown', async () => {
    const anonymous = clientWith(undefined, 'curl/8', 'request-refused-1');
    expect((await anonymous.get(`/page?${keyQuery(pageNamed('refused-page'))}`)).status).toBe(401);
    const bad = clientWith('sst_not-a-real-token', 'curl/8', 'request-refused-2');
    expect((await bad.post('/saveContent', { content: makePage(), baseHash: null })).status).toBe(401);
    await expect
      .poll(async () => (await rowsWhere("action = 'request.refused'")).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(2);
    const [byQuery] = await rowsWhere('request_id = $1', ['request-refused-1']);
    expect(byQuery).toMatchObject({
      actor: null,
      action: 'request.refused',
      result: 'refused',
      reason: expect.stringMatching(/needs an API token/),
      page: 'refused-page',
      user_agent: 'curl/8',
      details: { status: 401, method: 'GET', path: '/page' },
    });
    const [byToken] = await rowsWhere('request_id = $1', ['request-refused-2']);
    expect(byToken).toMatchObject({
      actor: null,
      reason: 'This API token is not valid: it is unknown or has been revoked. Ask for a new one.',
      details: { status: 401, method: 'POST', path: '/saveContent' },
    });
    // Nothing was saved for the refused save.
    expect((await db.query("SELECT 1 FROM versions WHERE page = 'home'")).rows).toHaveLength(0);
  });

  it('records a sign-in (a successful GET /me) and not a refused one as a sign-in', async () => {
    const desktop = clientWith(aliceToken, 'StorefrontStudio/1.0 (test)', 'request-me-1');
    expect((await desktop.get('/me')).status).toBe(200);
    const [signIn] = await rowsWhere('request_id = $1', ['request-me-1']);
    expect(signIn).toMatchObject({ actor: 'alice@example.com', action: 'session.sign-in', result: 'ok' });
    expect(signIn.details).toEqual({ tokenId: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect((await clientWith(undefined, 'x', 'request-me-2').get('/me')).status).toBe(401);
    await expect.poll(async () => (await rowsWhere('request_id = $1', ['request-me-2'])).length).toBe(1);
    expect((await rowsWhere('request_id = $1', ['request-me-2']))[0].action).toBe('request.refused');
  });

  it("records a token's creation and revocation in the statement that does it, about the token's user", async () => {
    const issued = await addUser(db, 'Token.Owner@example.com');
    expect(await revokeToken(db, issued.tokenId)).toBe(true);
    expect(await revokeToken(db, issued.tokenId)).toBe(false);
    const entries = await rowsWhere('subject = $1', ['token.owner@example.com']);
    expect(entries.map((row) => [row.action, row.actor, row.user_agent, row.details])).toEqual([
      ['token.create', null, COMMAND_LINE.userAgent, { tokenId: issued.tokenId }],
      ['token.revoke', null, COMMAND_LINE.userAgent, { tokenId: issued.tokenId }],
    ]);
  });

  it('records what the permissions command line reports (grant and role changes) through recordAudit', async () => {
    await recordAudit(db, {
      client: COMMAND_LINE,
      action: 'grant.add',
      result: 'ok',
      subject: 'group:jd-de-translators',
      details: { role: 'translator', fascias: ['site_jd'], countries: ['de'], effect: 'allow' },
    });
    const { entries } = await queryAudit(db, { action: 'grant.add' });
    expect(entries).toEqual([
      expect.objectContaining({
        actor: null,
        subject: 'group:jd-de-translators',
        action: 'grant.add',
        result: 'ok',
        pageKey: null,
        details: { role: 'translator', fascias: ['site_jd'], countries: ['de'], effect: 'allow' },
      }),
    ]);
    // The table keeps entries small and actions named.
    await expect(
      recordAudit(db, { client: COMMAND_LINE, action: 'grant.add', result: 'ok', details: { big: 'x'.repeat(3000) } }),
    ).rejects.toThrow(/audit_log_details_check/);
    await expect(recordAudit(db, { client: COMMAND_LINE, action: 'Grant Add', result: 'ok' })).rejects.toThrow(
      /audit_log_action_check/,
    );
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and a DELETE of entries younger than 90 days even with a forged cutoff', async () => {
    await expect(db.query("UPDATE audit_log SET actor = 'mallory@example.com'")).rejects.toThrow(
      /the audit log is append-only: UPDATE/,
    );
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/the audit log is append-only: DELETE/);
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/the audit log is append-only: TRUNCATE/);
    const client = await db.connect();
    try {
      await client.query(
        "INSERT INTO audit_log (at, action, result) VALUES (now() - interval '89 days', 'test.forged', 'ok')",
      );
      await client.query('BEGIN');
      // The sweep's setting set by hand, with a cutoff past every row: the 89-day-old entry is still kept.
      await client.query("SELECT set_config('studio.audit_sweep_before', now()::text, true)");
      await expect(client.query("DELETE FROM audit_log WHERE action = 'test.forged'")).rejects.toThrow(
        /append-only: DELETE/,
      );
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect((await db.query('SELECT count(*)::integer AS n FROM audit_log')).rows[0].n).toBeGreaterThan(0);
  });

  it('lets the sweep remove only entries past retention, in batches of its size', async () => {
    await db.query(
      `INSERT INTO audit_log (at, action, result) SELECT now() - interval '100 days' - n * interval '1 minute', 'test.old', 'ok'
         FROM generate_series(1, 12) AS n`,
    );
    await db.query(
      `INSERT INTO audit_log (at, action, result) VALUES (now() - interval '80 days', 'test.recent', 'ok')`,
    );
    const statements: string[] = [];
    const counting: Queryable = {
      query: (text, values) => {
        statements.push(text);
        return db.query(text, values);
      },
    };
    expect(await sweepAuditLog(counting, 90, 5)).toBe(12);
    // 5, 5, then 2: the short batch ends the sweep.
    expect(statements).toHaveLength(3);
    expect((await rowsWhere("action = 'test.old'")).length).toBe(0);
    expect((await rowsWhere("action = 'test.recent'")).length).toBe(1);
    await expect(sweepAuditLog(db, 89)).rejects.toThrow(/audit retention must be at least 90 days/);
  });

  it('sweeps at start with the retention it was given, of at least 90 days', async () => {
    await db.query(
      `INSERT INTO audit_log (at, action, result)
       VALUES (now() - interval '101 days', 'test.swept', 'ok'), (now() - interval '95 days', 'test.kept', 'ok')`,
    );
    const second = await startTeamServer({
      databaseUrl,
      log: createLogger(undefined, 'silent'),
      auditRetentionDays: 100,
    });
    try {
      await expect.poll(async () => (await rowsWhere("action = 'test.swept'")).length).toBe(0);
      expect(await rowsWhere("action = 'test.kept'")).toHaveLength(1);
    } finally {
      await second.close();
    }
    await expect(startTeamServer({ databaseUrl, auditRetentionDays: 30 })).rejects.toThrow(
      'The audit retention must be a whole number of days from 90 to 36500, not 30.',
    );
  });
});

describe('reading it', () => {
  beforeAll(async () => {
    const values = Array.from({ length: 120 }, (_, index) => index);
    await db.query(
      `INSERT INTO audit_log (at, actor, action, fascia, country, page, source, platform, version, result)
       SELECT timestamptz '2026-10-01T00:00:00Z' + n * interval '1 hour', CASE WHEN n % 2 = 0 THEN 'even@example.com' ELSE 'odd@example.com' END,
              'page.save', 'jd', 'gb', CASE WHEN n < 30 THEN 'listed-a' ELSE 'listed-b' END, 'ios', 'app', n + 1, 'saved'
         FROM unnest($1::integer[]) AS n`,
      [values],
    );
  });

  it('answers GET /audit filtered by user, page, action and time, newest first, paged like every listing', async () => {
    const all = await alice().get('/audit?user=even@example.com');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(60);
    expect(all.body.entries).toHaveLength(60);
    expect(all.body.entries[0]).toMatchObject({
      actor: 'even@example.com',
      action: 'page.save',
      pageKey: { fascia: 'jd', country: 'gb', page: 'listed-b', source: 'ios', platform: 'app' },
      version: 119,
      at: '2026-10-05T22:00:00.000Z',
    });
    const pageA = await alice().get('/audit?page=listed-a&fascia=jd&action=page.save');
    expect(pageA.body.total).toBe(30);
    const window = await alice().get('/audit?page=listed-a&since=2026-10-01T10:00:00Z&until=2026-10-01T20:00:00Z');
    expect(window.body.entries.map((entry: { version: number }) => entry.version)).toEqual([
      20, 19, 18, 17, 16, 15, 14, 13, 12, 11,
    ]);
    const byDay = await alice().get('/audit?page=listed-b&since=2026-10-05');
    expect(byDay.body.total).toBe(24);

    const unlimited = await alice().get('/audit');
    expect(unlimited.body.total).toBeGreaterThan(DEFAULT_LIST_LIMIT);
    expect(unlimited.body.entries).toHaveLength(DEFAULT_LIST_LIMIT);
    const everything = await alice().get(`/audit?limit=${MAX_LIST_LIMIT}`);
    expect(everything.body.entries).toHaveLength(everything.body.total);
    const paged = await alice().get('/audit?action=page.save&page=listed-b&limit=7&offset=3');
    expect(paged.body.total).toBe(90);
    expect(paged.body.entries.map((entry: { version: number }) => entry.version)).toEqual([
      117, 116, 115, 114, 113, 112, 111,
    ]);
    const tooMany = await alice().get(`/audit?limit=${MAX_LIST_LIMIT + 1}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/limit must be between 1 and 500/);
    const badTime = await alice().get('/audit?since=yesterday');
    expect(badTime.status).toBe(400);
    expect((await teamClient(server.url).get('/audit')).status).toBe(401);
  });

  it('is read by admins only: everywhere for every entry, or one page where they administer', async () => {
    const editor = teamClient(
      server.url,
      (await addUser(db, 'editor@example.com', { ...ADMIN_EVERYWHERE, role: 'editor' })).token,
    );
    const gbAdmin = teamClient(
      server.url,
      (
        await addUser(db, 'gb.admin@example.com', {
          ...ADMIN_EVERYWHERE,
          scope: { fascias: ['jd'], countries: ['gb'] },
        })
      ).token,
    );
    const refused = await editor.get('/audit?page=listed-a&fascia=jd&country=gb&source=ios&platform=app');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Reading the audit log needs the admin permission.');
    const onePage = await gbAdmin.get('/audit?page=listed-a&fascia=jd&country=gb&action=page.save');
    expect(onePage.status).toBe(200);
    expect(onePage.body.total).toBe(30);
    expect((await gbAdmin.get('/audit?page=listed-a&fascia=jd&country=de')).status).toBe(403);
    expect((await gbAdmin.get('/audit?user=even@example.com')).status).toBe(403);
  });

  it('prints the entries one per line from the command line', async () => {
    const result = await runServerCommand(
      ['audit', '--user', 'odd@example.com', '--since', '2026-10-05', '--page', 'listed-b', '--limit', '3'],
      { DATABASE_URL: databaseUrl },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      '2026-10-05T23:00:00.000Z  odd@example.com  page.save  saved  jd/gb/listed-b (app, ios) v120',
      '2026-10-05T21:00:00.000Z  odd@example.com  page.save  saved  jd/gb/listed-b (app, ios) v118',
      '2026-10-05T19:00:00.000Z  odd@example.com  page.save  saved  jd/gb/listed-b (app, ios) v116',
      'Entries 1 to 3 of 12; see more with --offset or --limit.',
    ]);
    const refused = await runServerCommand(['audit', '--since', 'last week'], { DATABASE_URL: databaseUrl });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/audit: .*since/);
  });
});
