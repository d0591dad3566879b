import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../core/rules/backoff';
import { startTeamEventStream, type StreamMessage, type TeamEventStream } from '../../main/services/teamEvents';

/** The team event stream client against a small local SSE server that drops its connections. */

let server: Server | null = null;
let stream: TeamEventStream | null = null;
afterEach(async () => {
  stream?.stop();
  stream = null;
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** An SSE server: `onConnection` decides what each connection gets; answers its URL and the tokens seen. */
async function sseServer(
  onConnection: (response: ServerResponse, index: number) => void,
): Promise<{ url: string; authorizations: string[] }> {
  const authorizations: string[] = [];
  server = createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '');
    onConnection(response, authorizations.length - 1);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, authorizations };
}

const openSse = (response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write('retry: 2000\n\n');
};

/** Collects what the client reports; `until` waits for a condition on it. */
function recorder() {
  const seen = {
    opens: 0,
    messages: [] as StreamMessage[],
    drops: [] as { reason: string; delayMs: number }[],
    resyncs: [] as string[],
  };
  const until = async (condition: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { seen, until };
}

const policy = { initialMs: 20, maxMs: 160 };

describe('the team event stream client', () => {
  it('parses events, sends the token, and after each drop subscribes again with a growing wait and a resync', async () => {
    const { url, authorizations } = await sseServer((response, index) => {
      openSse(response);
      response.write(`event: saved\ndata: {"n":${index},"text":"café"}\n\n`);
      // Dropped shortly after: a server restart, a proxy closing the connection.
      setTimeout(() => response.socket?.destroy(), 5);
    });
    const { seen, until } = recorder();
    stream = startTeamEventStream({
      server: { url, token: 'sst_secret' },
      backoff: policy,
      // The highest delay the jitter allows, so the growth can be read exactly.
      random: () => 1,
      onOpen: () => seen.opens++,
      onMessage: (message) => seen.messages.push(message),
      onDrop: (reason, retryAt) => seen.drops.push({ reason, delayMs: retryAt.getTime() - Date.now() }),
      onResync: (reason) => seen.resyncs.push(reason),
    });

    await until(() => seen.drops.length >= 5, 'five drops');
    stream.stop();

    expect(authorizations.every((header) => header === 'Bearer sst_secret')).toBe(true);
    expect(seen.messages[0]).toEqual({ event: 'saved', data: '{"n":0,"text":"café"}' });
    // Doubling from 20 ms, capped at 160 ms (the measured delay may be a few ms short of the planned one).
    const planned = [20, 40, 80, 160, 160];
    seen.drops.slice(0, 5).forEach((drop, attempt) => {
      expect(drop.delayMs).toBeLessThanOrEqual(planned[attempt]!);
      expect(drop.delayMs).toBeGreaterThan(planned[attempt]! - 15);
    });
    // Every connection after the first says events may have been missed.
    expect(seen.resyncs.length).toBe(seen.opens - 1);
    expect(seen.resyncs.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps trying a server that is down with backoff, never in a tight loop, and is back when it is', async () => {
    // A port nothing listens on: each attempt fails at once.
    const { url } = await sseServer(() => undefined);
    const port = Number(new URL(url).port);
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const { seen, until } = recorder();
    const started = Date.now();
    stream = startTeamEventStream({
      server: { url: `http://127.0.0.1:${port}`, token: 't' },
      backoff: policy,
      random: () => 0,
      onOpen: () => seen.opens++,
      onMessage: (message) => seen.messages.push(message),
      onDrop: (reason, retryAt) => seen.drops.push({ reason, delayMs: retryAt.getTime() - Date.now() }),
      onResync: (reason) => seen.resyncs.push(reason),
    });
    await until(() => seen.drops.length >= 4, 'four failed attempts');
    // With the least jitter the waits are 10, 20, 40 ms: at least 70 ms for four attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(65);
    expect(seen.drops[0]!.reason).toMatch(/not reachable/);
    expect(stream.failures()).toBeGreaterThanOrEqual(4);

    // The server comes back on the same port: the stream opens, and it is a resync (the gap lost events).
    server = createServer((_request, response) => openSse(response));
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    await until(() => seen.opens === 1, 'the stream to open');
    expect(seen.resyncs).toHaveLength(0);
  });

  it('Retry now tries at once instead of at the planned time, and does nothing while the stream is open', async () => {
    const { url } = await sseServer(() => undefined);
    const port = Number(new URL(url).port);
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const { seen, until } = recorder();
    stream = startTeamEventStream({
      server: { url: `http://127.0.0.1:${port}`, token: 't' },
      // The next attempt a minute away: only Retry now can bring the stream back within the test.
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      onOpen: () => seen.opens++,
      onMessage: (message) => seen.messages.push(message),
      onDrop: (reason, retryAt) => seen.drops.push({ reason, delayMs: retryAt.getTime() - Date.now() }),
      onResync: (reason) => seen.resyncs.push(reason),
    });
    await until(() => seen.drops.length === 1, 'the first failed attempt');
    expect(seen.drops[0]!.delayMs).toBeGreaterThan(25_000);

    let connections = 0;
    server = createServer((_request, response) => {
      connections++;
      openSse(response);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    stream.retryNow();
    await until(() => seen.opens === 1, 'the stream to open');
    stream.retryNow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(1);
  });

  it('says a refused token is refused, and waits as long as a 503 asks with Retry-After', async () => {
    const { url } = await sseServer((response, index) => {
      if (index === 0) {
        response
          .writeHead(401, { 'content-type': 'application/json' })
          .end('{"error":{"code":"unauthorized","message":"no"}}');
      } else {
        response.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' }).end('{}');
      }
    });
    const { seen, until } = recorder();
    stream = startTeamEventStream({
      server: { url, token: 'wrong' },
      backoff: policy,
      onOpen: () => seen.opens++,
      onMessage: (message) => seen.messages.push(message),
      onDrop: (reason, retryAt) => seen.drops.push({ reason, delayMs: retryAt.getTime() - Date.now() }),
      onResync: (reason) => seen.resyncs.push(reason),
    });
    await until(() => seen.drops.length >= 2, 'two refusals');
    expect(seen.drops[0]!.reason).toMatch(/refused the token \(HTTP 401\)/);
    expect(seen.drops[1]!.reason).toMatch(/HTTP 503/);
    expect(seen.drops[1]!.delayMs).toBeGreaterThan(900);
  });
});

describe('backoffDelay', () => {
  it('doubles up to the cap, with half of it jittered', () => {
    expect(
      [0, 1, 2, 3, 10].map((attempt) => backoffDelay(attempt, { initialMs: 1000, maxMs: 60_000 }, () => 1)),
    ).toEqual([1000, 2000, 4000, 8000, 60_000]);
    expect(backoffDelay(3, { initialMs: 1000, maxMs: 60_000 }, () => 0)).toBe(4000);
    expect(backoffDelay(1_000, { initialMs: 1000, maxMs: 60_000 }, () => 0.5)).toBe(45_000);
  });
});
