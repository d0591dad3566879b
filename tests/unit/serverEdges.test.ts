import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../../server/auth';
import { ADMIN_EVERYWHERE } from '../helpers/grants';
import { MAX_STREAMS_PER_TOKEN } from '../../server/events';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { sendPastLimitThenRead } from '../helpers/busyClient';
import { openEventStream, teamClient } from '../helpers/teamServer';

/**
 * The team server's edges found by the audit (issue 21): event streams that leak or outlive their token, a
 * 413 or 401 a client never sees or that keeps the connection reading, and tokens in the URL.
 */

let postgres: TestPostgres;
let databaseUrl: string;
let server: TeamServer;
let db: pg.Pool;
let token: string;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('team_edges');
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTeamServer({ databaseUrl, log: createLogger(logSink, 'info'), eventHeartbeatMs: 200 });
  port = Number(new URL(server.url).port);
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
  token = (await addUser(db, 'edges@example.com', ADMIN_EVERYWHERE)).token;
});

afterAll(async () => {
  await server?.close();
  await db?.end();
  postgres?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openSocket(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return socket;
}

/** Resolves when the kernel took the bytes, or the connection is gone. */
const write = (socket: Socket, bytes: string) =>
  new Promise<void>((done) => {
    if (socket.destroyed || socket.write(bytes)) return done();
    socket.once('drain', done);
    socket.once('close', done);
  });

describe('event streams', () => {
  it('keeps no stream of a client that left while its token was being checked', async () => {
    // The token check waits on this lock, so every /events request below is still being checked when its
    // client leaves.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE api_tokens IN ACCESS EXCLUSIVE MODE');
    const leaving = Array.from({ length: 20 }, () => {
      const controller = new AbortController();
      const request = fetch(`${server.url}/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      }).catch(() => undefined);
      return { controller, request };
    });
    await sleep(500);
    for (const { controller } of leaving) controller.abort();
    await Promise.all(leaving.map(({ request }) => request));
    await sleep(200);
    await locker.query('COMMIT');
    await locker.end();

    // A stream opened after them is answered after their token checks: by then each of them has gone through.
    const stream = await openEventStream(server.url, token);
    await stream.next((event) => event.event === 'presence-snapshot');
    expect(server.openEventStreams()).toBe(1);
    stream.close();
    await expect.poll(() => server.openEventStreams()).toBe(0);
  });

  it(`refuses a stream past ${MAX_STREAMS_PER_TOKEN} on one token with a clear 429`, async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_TOKEN }, () => openEventStream(server.url, token)),
    );
    try {
      const refused = await teamClient(server.url, token).get('/events');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too-many-streams');
      expect(refused.body.error.message).toBe(
        `This API token already has ${MAX_STREAMS_PER_TOKEN} event streams open on this server: close one (a desktop or browser tab using the token) and try again.`,
      );
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      for (const stream of streams) stream.close();
    }
    await expect.poll(() => server.openEventStreams()).toBe(0);
  });

  it('ends a stream whose token is gone though no revocation was announced', async () => {
    const issued = await addUser(db, 'gone@example.com', ADMIN_EVERYWHERE);
    const stream = await openEventStream(server.url, issued.token);
    const other = await openEventStream(server.url, token);
    // Deleted without the NOTIFY of `token revoke`: as if it landed while LISTEN was reconnecting.
    await db.query('DELETE FROM api_tokens WHERE id = $1', [issued.tokenId]);
    await expect(stream.ended).resolves.toBeUndefined();
    expect(other.isEnded()).toBe(false);
    other.close();
  });
});

describe('refused uploads', () => {
  it('hands its 413 to a client that sends on past the limit and reads the reply last', async () => {
    const head = [
      'POST /saveContent HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      '',
      '',
    ].join('\r\n');
    expect((await sendPastLimitThenRead(port, head)).slice(0, 12)).toBe('HTTP/1.1 413');
  });

  it('answers an unauthenticated upload 401 and stops reading it within seconds', async () => {
    const socket = await openSocket();
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    const started = Date.now();
    // Declared 10 MB, sent at about 320 KB/s: the whole body would take half a minute.
    await write(
      socket,
      [
        'POST /saveContent HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${10 * 1024 * 1024}`,
        '',
        '',
      ].join('\r\n'),
    );
    let open = true;
    void closed.then(() => (open = false));
    const sending = (async () => {
      while (open && Date.now() - started < 20_000) {
        await write(socket, 'a'.repeat(16 * 1024));
        await sleep(50);
      }
    })();
    await closed;
    await sending;
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(Buffer.concat(received).toString('latin1').slice(0, 12)).toBe('HTTP/1.1 401');
  });
});

describe('malformed requests', () => {
  /** One request over its own connection, and the whole answer as text. */
  async function raw(head: string): Promise<string> {
    const socket = await openSocket();
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.on('error', () => undefined);
      socket.write(head);
    });
    return text;
  }

  it('answers a bad request target and a malformed %-escape with 400, before asking for a token', async () => {
    for (const target of ['http://[', '*', '/pages%zz', '/%']) {
      const reply = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(reply.slice(0, 12), target).toBe('HTTP/1.1 400');
      expect(reply, target).toContain('invalid-request');
    }
  });

  it('answers a wrong method with 405 and Allow, and a body that is not JSON with 415', async () => {
    const wrongMethod = await fetch(`${server.url}/saveContent`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    const presence = await fetch(`${server.url}/presence`, { method: 'DELETE' });
    expect(presence.headers.get('allow')).toBe('GET, POST');
    const text = await fetch(`${server.url}/saveContent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe('unsupported-media-type');
  });
});

describe('tokens in the URL', () => {
  it('refuses them with a clear 400 and never logs them, nor a Proxy-Authorization header', async () => {
    const inQuery = await teamClient(server.url).get(`/pages?access_token=${token}`);
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.code).toBe('token-in-url');
    expect(inQuery.body.error.message).toMatch(/^API tokens are refused in the address/);
    const bare = await teamClient(server.url).get(`/me?${token}`);
    expect(bare.status).toBe(400);
    const proxied = await teamClient(server.url).get('/me', {
      'proxy-authorization': `Bearer ${token}`,
      'x-request-id': 'proxy-auth-1',
    });
    expect(proxied.status).toBe(401);
    await expect.poll(() => logLines.some((line) => line.includes('"reqId":"proxy-auth-1"'))).toBe(true);
    const entry = JSON.parse(logLines.find((line) => line.includes('"reqId":"proxy-auth-1"'))!);
    expect(entry.req.headers['proxy-authorization']).toBe('[redacted]');
    expect(logLines.some((line) => line.includes('access_token=[redacted]'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(token);
  });
});
