import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import {
  addUserWithServerCli,
  buildServer,
  finish,
  killServerProcesses,
  openEventStream,
  serve,
  spawnServer,
  teamClient,
} from '../helpers/teamServer';
import { HOME_KEY, makePage } from './helpers/pages';

/**
 * The built server (out/server/main.js) as its own process, as a platform team runs it: the command line,
 * root refusal, two processes on one database, and SIGTERM with a request in flight.
 */

const asRoot = process.getuid?.() === 0;

let postgres: TestPostgres;
let databaseUrl: string;

beforeAll(async () => {
  await buildServer();
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('team_process');
});

afterAll(async () => {
  killServerProcesses();
  postgres?.destroy();
});

const cli = (args: string[], options?: Parameters<typeof spawnServer>[1]) => finish(spawnServer(args, options));

const addUserWithCli = (email: string) => addUserWithServerCli(databaseUrl, email);

// Child processes start slowly on a busy machine: these tests get more time than the default.
// Each step starts the server's command line, a Node process: beside the browser suite a test of a dozen
// steps took 61 s.
describe('the command line', { timeout: 120_000 }, () => {
  it.runIf(asRoot)('refuses to run as root', async () => {
    const result = await cli(['--database-url', 'postgres://studio@127.0.0.1:1/none'], { asRootAnyway: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/refuses to run as root/);
  });

  it('says what is missing when there is no database URL', async () => {
    const result = await cli(['--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--database-url postgres:\/\/USER@HOST:PORT\/DB or DATABASE_URL/);
  });

  it('adds users with a token printed once, lists them, and revokes a token by its id', async () => {
    const { token, tokenId } = await addUserWithCli('Dana@Example.com');
    const listed = await cli(['user', 'list'], { env: { DATABASE_URL: databaseUrl } });
    expect(listed.stdout).toContain(`dana@example.com  tokens: ${tokenId}`);
    expect(listed.stdout).not.toContain(token);

    const server = await serve(['--port', '0'], { DATABASE_URL: databaseUrl });
    expect((await teamClient(server.url, token).get('/me')).body.user).toBe('dana@example.com');
    const revoked = await cli(['token', 'revoke', tokenId, '--database-url', databaseUrl]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/Revoked token/);
    expect((await teamClient(server.url, token).get('/me')).status).toBe(401);
    const unknown = await cli(['token', 'revoke', tokenId, '--database-url', databaseUrl]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No token has the id/);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});

describe('two server processes on one database', { timeout: 60_000 }, () => {
  it('each relay every event and each answer any request', async () => {
    const { token } = await addUserWithCli('erin@example.com');
    const first = await serve(['--port', '0', '--database-url', databaseUrl]);
    const second = await serve([], { DATABASE_URL: databaseUrl, PORT: '0' });
    const streamFromFirst = await openEventStream(first.url, token);
    const streamFromSecond = await openEventStream(second.url, token);
    try {
      const key = { ...HOME_KEY, page: 'two-servers' };
      const content = makePage({ key });
      expect((await teamClient(first.url, token).post('/saveContent', { content, baseHash: null })).status).toBe(201);
      for (const stream of [streamFromFirst, streamFromSecond]) {
        const saved = await stream.next(
          (event) => event.event === 'saved' && event.data.pageKey.page === 'two-servers',
        );
        expect(saved.data).toMatchObject({ version: 1, author: 'erin@example.com' });
      }
      expect((await teamClient(second.url, token).get(`/page?${new URLSearchParams(key)}`)).body.version.version).toBe(
        1,
      );
      // A save on the second over the first's stale base is refused: the database decides, not a process.
      const stale = await teamClient(second.url, token).post('/saveContent', {
        content: makePage({ key, title: 'Later' }),
        baseHash: null,
      });
      expect(stale.status).toBe(409);

      await teamClient(second.url, token).post('/presence', { pageKey: key, state: 'open' });
      await streamFromFirst.next((event) => event.event === 'presence' && event.data.pageKey.page === 'two-servers');
      const presence = await teamClient(first.url, token).get('/presence');
      expect(presence.body.presence).toEqual([expect.objectContaining({ user: 'erin@example.com', pageKey: key })]);
    } finally {
      streamFromFirst.close();
      streamFromSecond.close();
      first.child.kill('SIGTERM');
      second.child.kill('SIGTERM');
      await Promise.all([first.exited, second.exited]);
    }
  });
});

describe('SIGTERM', { timeout: 60_000 }, () => {
  it('finishes the request in flight, then exits', async () => {
    const { token } = await addUserWithCli('frank@example.com');
    const server = await serve(['--port', '0', '--database-url', databaseUrl]);
    const key = { ...HOME_KEY, page: 'sigterm' };
    const body = JSON.stringify({ content: makePage({ key }), baseHash: null });
    const half = Math.floor(body.length / 2);

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${server.url}/saveContent`,
        {
          method: 'POST',
          // With Expect: 100-continue the server says when it has the request, so SIGTERM comes while it is in flight.
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      // Half the body, then SIGTERM, then the rest.
      request.on('continue', () => {
        request.write(body.slice(0, half), () => {
          server.child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(half)), 500);
        });
      });
      request.flushHeaders();
    });

    const saved = await answer;
    expect(saved.status, saved.body).toBe(201);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/shutting down: finishing the requests in flight/);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM versions WHERE page = 'sigterm'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });
});
