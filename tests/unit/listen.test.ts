import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listener } from '../../server/db/listen';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

/**
 * LISTEN that notices a stalled connection (audit of issue 21, fault 6): a connection that stays open but
 * delivers nothing, as a proxy or NAT that stops forwarding leaves it, is detected by the self-notify and
 * replaced, and listening() says so meanwhile.
 */

const CHANNEL = 'listen_test';
const quietLog = { info: () => undefined, warn: () => undefined };

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(() => postgres?.destroy());

/** A TCP proxy to PostgreSQL whose connections open so far can be stalled: kept open, forwarding nothing. */
async function startPausingProxy(targetPort: number) {
  const pairs: { stalled: boolean; sockets: Socket[] }[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair = { stalled: false, sockets: [client, upstream] };
    pairs.push(pair);
    client.on('data', (chunk) => pair.stalled || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.stalled || client.write(chunk));
    for (const socket of pair.sockets) {
      socket.on('error', () => undefined);
      socket.on('close', () => pair.sockets.forEach((other) => other.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Stalls every connection open now; connections opened later are forwarded. */
    stallOpenConnections: () => pairs.forEach((pair) => (pair.stalled = true)),
    close: () => {
      pairs.forEach((pair) => pair.sockets.forEach((socket) => socket.destroy()));
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('listen', () => {
  it('drops a stalled LISTEN connection, says so meanwhile, and relays again over a new one', async () => {
    const databaseUrl = postgres.createDatabase('listen_stall');
    const proxy = await startPausingProxy(postgres.port);
    const received: string[] = [];
    const connected: boolean[] = [];
    const listener: Listener = await listen(
      `postgres://studio@127.0.0.1:${proxy.port}/listen_stall`,
      CHANNEL,
      { onNotification: (payload) => received.push(payload), onConnected: (wasDown) => connected.push(wasDown) },
      { log: quietLog, pingIntervalMs: 200, pingTimeoutMs: 400, backoff: { initialMs: 50, maxMs: 200 } },
    );
    const sender = new pg.Client(databaseUrl);
    await sender.connect();
    try {
      expect(listener.listening()).toBe(true);
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, 'before']);
      await until(() => received.includes('before'), 'the first notification arrived');

      proxy.stallOpenConnections();
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, 'lost in the stall']);
      await until(() => !listener.listening(), 'listening() said false');
      await until(() => listener.listening(), 'LISTEN was set up again');
      expect(connected).toEqual([false, true]);

      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, 'after']);
      await until(() => received.includes('after'), 'a notification arrived over the new connection');
      // The pings are the listener's own business: only what was sent arrives.
      expect(received).toEqual(['before', 'after']);
    } finally {
      await sender.end();
      await listener.close();
      await proxy.close();
    }
  });

  it('stays listening on a healthy connection, its pings answered', async () => {
    const databaseUrl = postgres.createDatabase('listen_healthy');
    const connected: boolean[] = [];
    const listener = await listen(
      databaseUrl,
      CHANNEL,
      { onNotification: () => undefined, onConnected: (wasDown) => connected.push(wasDown) },
      { log: quietLog, pingIntervalMs: 50, pingTimeoutMs: 400 },
    );
    try {
      const deadline = Date.now() + 1_000;
      while (Date.now() < deadline) {
        expect(listener.listening()).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(connected).toEqual([false]);
    } finally {
      await listener.close();
    }
  });
});
