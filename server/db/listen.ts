import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { backoffDelay, type BackoffPolicy } from '../../core/rules/backoff';
import { errorMessage } from '../../core/rules/errorMessage';
import { KEEPALIVE } from './database';

/**
 * LISTEN on a connection of its own, kept alive (issue 21, audit fault 6). TCP keepalive notices a peer that
 * vanished; a connection that stays open but delivers nothing (a stalled proxy or NAT) is noticed by a
 * periodic self-notify: a ping NOTIFYed on the channel that does not come back in time means the connection
 * is stalled, and it is dropped and opened again. A lost connection is reopened with core/rules/backoff.ts.
 */

export interface ListenHandlers {
  /** A notification's payload (never one of the pings). */
  onNotification(payload: string): void;
  /**
   * LISTEN is in place. wasDown: it was lost (or could not be set up) before, so notifications sent meanwhile
   * were missed.
   */
  onConnected(wasDown: boolean): void;
}

export interface ListenOptions {
  log: Pick<Logger, 'info' | 'warn'>;
  /** How often a ping is sent on the channel. */
  pingIntervalMs?: number;
  /** How long a ping may take to come back before the connection counts as stalled. */
  pingTimeoutMs?: number;
  /** The waits between attempts to LISTEN again. */
  backoff?: BackoffPolicy;
}

export interface Listener {
  /** Whether LISTEN is in place and answered its last ping in time (notifications are delivered). */
  listening(): boolean;
  /** Stops listening for good. */
  close(): Promise<void>;
}

/** Payloads of pings start with this; listeners drop them (their own and other server processes'). */
const PING_PREFIX = 'listen-ping:';
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Listens on `channel` until closed. Resolves once the first attempt is over, whether it set LISTEN up or not
 * (then it keeps trying, and listening() says false meanwhile).
 */
export async function listen(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  options: ListenOptions,
): Promise<Listener> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  const { log, pingIntervalMs = 10_000, pingTimeoutMs = 5_000 } = options;
  const backoff = options.backoff ?? { initialMs: 200, maxMs: 5_000 };
  const listenerId = randomUUID();

  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  /** The ping awaited and when it was sent; null when none is out. */
  let awaited: { payload: string; deadline: NodeJS.Timeout } | null = null;
  let pings = 0;

  const stopPinging = (): void => {
    clearInterval(pingTimer);
    if (awaited) clearTimeout(awaited.deadline);
    awaited = null;
  };

  /** Drops the connection (no goodbye: a stalled one would never answer it) and, unless closed, tries again. */
  const drop = (lost: pg.Client, why: string): void => {
    if (client !== lost) return;
    client = null;
    stopPinging();
    lost.removeAllListeners('notification');
    lost.connection.stream.destroy();
    if (closed) return;
    log.warn({ reason: why }, 'events: lost the LISTEN connection; reconnecting');
    scheduleReconnect();
  };

  const ping = (current: pg.Client): void => {
    if (awaited || client !== current) return;
    const payload = `${PING_PREFIX}${listenerId}:${++pings}`;
    awaited = {
      payload,
      deadline: setTimeout(() => drop(current, `a ping did not come back within ${pingTimeoutMs} ms`), pingTimeoutMs),
    };
    // Sent on the listening connection itself: a stalled one neither answers nor delivers, and is dropped.
    current.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
  };

  const received = (payload: string | undefined): void => {
    if (payload === undefined) return;
    if (!payload.startsWith(PING_PREFIX)) {
      handlers.onNotification(payload);
      return;
    }
    if (awaited?.payload === payload) {
      clearTimeout(awaited.deadline);
      awaited = null;
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, ...KEEPALIVE });
    const lost = (error?: Error): void => drop(next, error?.message ?? 'the connection ended');
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.removeAllListeners('error');
      next.removeAllListeners('end');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    next.on('notification', (message) => received(message.payload));
    client = next;
    pingTimer = setInterval(() => ping(next), pingIntervalMs);
    pingTimer.unref();
    const wasDown = failures > 0;
    failures = 0;
    log.info('events: listening');
    handlers.onConnected(wasDown);
  };

  const scheduleReconnect = (): void => {
    const delay = backoffDelay(failures, backoff);
    failures++;
    reconnectTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: errorMessage(error) }, 'events: cannot LISTEN yet');
        if (!closed) scheduleReconnect();
      });
    }, delay);
  };

  try {
    await connect();
  } catch (error) {
    // The server still starts (it answers 503 meanwhile); LISTEN is set up once the database is back.
    log.warn({ err: errorMessage(error) }, 'events: cannot LISTEN yet');
    scheduleReconnect();
  }

  return {
    listening: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      stopPinging();
      const current = client;
      client = null;
      if (!current) return;
      // A stalled connection would never answer the goodbye: it is cut after a second.
      const cut = setTimeout(() => current.connection.stream.destroy(), 1_000);
      await current.end().catch(() => undefined);
      clearTimeout(cut);
    },
  };
}
