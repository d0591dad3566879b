import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { EVENTS_CHANNEL } from './db/database';
import { listen } from './db/listen';

/**
 * The live stream (GET /events): Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY. Saves and presence
 * changes are NOTIFYed inside their own transactions, by whichever server process handled them, so every
 * process listening on the database relays every event and none keeps state of its own.
 *
 * Events (`event:` name, `data:` one JSON object):
 *   presence-snapshot  {presence: [{pageKey, user, openedAt, lastSeen}]}  first, on every (re)connection
 *   saved              {type, pageKey, version, kind, author, message, timestamp}
 *   presence           {type, pageKey, user, state: 'open'|'closed', reason: 'opened'|'closed'|'expired', timestamp}
 *   resync             {reason}  the server lost its database for a while: events may have been missed
 * and a `: heartbeat` comment every heartbeatMs. A client that reconnects after a drop refreshes what it shows.
 */

export interface EventHubOptions {
  databaseUrl: string;
  log: Logger;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /** The longest wait between two attempts to LISTEN again after the database went away. */
  maxReconnectDelayMs?: number;
}

export interface EventHub {
  /**
   * Turns the response into an event stream until the client leaves, its token is revoked (on any server)
   * or the hub closes.
   */
  subscribe(response: ServerResponse, tokenId: string, first?: { event: string; data: unknown }): void;
  /** Whether LISTEN is in place now (events are relayed). */
  listening(): boolean;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

export async function createEventHub(options: EventHubOptions): Promise<EventHub> {
  const { databaseUrl, log, heartbeatMs = 15_000, maxReconnectDelayMs = 5_000 } = options;
  /** Each open stream and the id of the token it was opened with. */
  const streams = new Map<ServerResponse, string>();
  const broadcast = (text: string): void => {
    for (const stream of streams.keys()) stream.write(text);
  };

  const relay = (payload: string | undefined): void => {
    if (!payload) return;
    let type: unknown;
    let event: { type?: unknown; tokenId?: unknown };
    try {
      event = JSON.parse(payload) as typeof event;
      type = event.type;
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'events: dropped a notification that is not JSON');
      return;
    }
    if (typeof type !== 'string' || !/^[a-z-]+$/.test(type)) return;
    if (type === 'token-revoked') {
      for (const [stream, tokenId] of streams) if (tokenId === event.tokenId) stream.end();
      return;
    }
    // The payload is one line of JSON already (pg_notify text), so it goes out as one data line.
    broadcast(`event: ${type}\ndata: ${payload.replace(/\n/g, ' ')}\n\n`);
  };

  const listener = await listen(
    databaseUrl,
    EVENTS_CHANNEL,
    {
      onNotification: relay,
      // Events sent while nobody listened are gone: desktops refresh what they show.
      onConnected: (wasDown) => {
        if (wasDown)
          broadcast(
            `event: resync\ndata: ${JSON.stringify({ reason: 'The server reconnected to its database.' })}\n\n`,
          );
      },
    },
    { log, backoff: { initialMs: 200, maxMs: maxReconnectDelayMs } },
  );

  const heartbeat = setInterval(() => broadcast(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();

  return {
    listening: listener.listening,
    subscribe(response, tokenId, first) {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // nginx and similar proxies otherwise hold events back in their buffer.
        'X-Accel-Buffering': 'no',
      });
      // The retry hint is what EventSource-style clients wait before reconnecting.
      response.write('retry: 2000\n\n');
      if (first) response.write(`event: ${first.event}\ndata: ${JSON.stringify(first.data)}\n\n`);
      streams.set(response, tokenId);
      response.on('close', () => streams.delete(response));
    },
    async close() {
      clearInterval(heartbeat);
      for (const stream of streams.keys()) stream.end();
      streams.clear();
      await listener.close();
    },
  };
}
