import pg from 'pg';
import type { Logger } from 'pino';
import type { LiveEvent, PresenceChangeEvent, ReleaseEvent, SavedEvent } from '../../core/teamProtocol';
import { InvalidContentError, StoreUnavailableError } from '../../core/store';

/**
 * The team server's database access (issue 21), in one place: the pool and its error listeners, `query` and
 * `inTransaction` with pg's errors translated (a database out of reach or a pool with every connection in use
 * → StoreUnavailableError, answered 503 with Retry-After), the event channel and `notify`. LISTEN, which needs
 * a connection of its own, is in ./listen.ts.
 */

/** What runs SQL: the database, a transaction's connection, or a plain pg.Client (the command line's). */
export interface Queryable {
  query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Row[]; rowCount: number | null }>;
}

export interface Database extends Queryable {
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws.
   * A connection that failed meanwhile is dropped rather than handed to the next request.
   */
  inTransaction<T>(work: (transaction: Queryable) => Promise<T>): Promise<T>;
  /** Whether the database answers now, and if not, why (for /health). */
  check(): Promise<'reachable' | StoreUnavailableError['reason']>;
  /** Ends every connection. */
  end(): Promise<void>;
}

export interface DatabaseOptions {
  connectionString: string;
  /** Connections at most (pg's default is 10). */
  max?: number;
  /** How long a request waits for a connection before it is answered 503 (busy or unreachable). */
  connectionTimeoutMillis?: number;
  log?: Pick<Logger, 'warn' | 'debug'>;
}

/** TCP keepalive on every connection, so one to a database that vanished without a word is noticed. */
export const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

export function createDatabase(options: DatabaseOptions): Database {
  const { log } = options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // While the database is down a request fails fast with 503 instead of queueing for a connection.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 3_000,
    idleTimeoutMillis: 30_000,
    ...KEEPALIVE,
  });
  /**
   * Connections established now. pg reports a full pool and a database that does not answer a connection
   * attempt with the same timeout; with a connection open, the database answers and the pool is busy.
   */
  let established = 0;
  // A connection dropped by a database restart must not crash the process: pg emits 'error' on an idle
  // pooled client (the pool's event) and on a checked-out one between two queries of a transaction (the
  // client's own, with no listener once checked out). The query waiting on it fails and answers 503.
  pool.on('error', (error) => log?.warn({ err: error.message }, 'database: an idle connection failed'));
  pool.on('connect', (client) => {
    established++;
    client.on('error', (error) => log?.debug({ err: error.message }, 'database: a connection failed'));
  });
  pool.on('remove', () => established--);

  const translate = (error: unknown): unknown => translateError(error, established > 0);

  async function query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]) {
    try {
      return await pool.query<Row>(text, values);
    } catch (error) {
      throw translate(error);
    }
  }

  async function inTransaction<T>(work: (transaction: Queryable) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => undefined);
      throw translate(error);
    } finally {
      client.release(broken);
    }
  }

  return {
    query,
    inTransaction,
    async check() {
      try {
        await query('SELECT 1');
        return 'reachable';
      } catch (error) {
        if (error instanceof StoreUnavailableError) return error.reason;
        throw error;
      }
    },
    end: () => pool.end(),
  };
}

/** SQLSTATE classes and codes that mean the database is gone for now, not that the request was wrong. */
const UNAVAILABLE_STATES = /^(08|53|57P0[1-3])/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** pg reports a lost or refused connection with these messages and no code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;
/** pg-pool's words when no connection became free in time (it says the same while connections are being opened). */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/** Whether an error from pg means the database cannot be used now (503 and retry) rather than a fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/**
 * The store's error for what pg threw: unavailable (busy when the wait was for a free connection while the
 * database answers on others), content the database cannot hold, or the error itself.
 */
export function translateError(error: unknown, databaseAnswers: boolean): unknown {
  if (isDatabaseUnavailable(error)) {
    const busy = databaseAnswers && error instanceof Error && error.message === POOL_TIMEOUT;
    return new StoreUnavailableError(busy ? 'busy' : 'unreachable', { cause: error });
  }
  // PostgreSQL text and jsonb hold neither U+0000 (22021 invalid byte sequence, 22P05 untranslatable) nor half
  // of a surrogate pair, which JSON.stringify writes as a \\udXXX escape that jsonb refuses (22P02).
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (code === '22021' || code === '22P05' || (code === '22P02' && /type json/.test(message))) {
    return new InvalidContentError(
      'The page holds text that cannot be stored: a NUL character (\\u0000) or half of a surrogate pair. Remove it and save again.',
    );
  }
  return error;
}

// ---------------------------------------------------------------------------------------------------------
// The event channel: every server process LISTENs on it and relays what it hears to its /events streams.

/** The channel the servers' event hubs LISTEN on. */
export const EVENTS_CHANNEL = 'studio_events';

/** A revoked token: every server ends the streams opened with it. Between servers only, never relayed. */
export interface TokenRevokedEvent {
  type: 'token-revoked';
  tokenId: string;
}

/** Grants, roles or a user's disabled mark changed: every server forgets the permissions it cached. Never relayed. */
export interface AccessChangedEvent {
  type: 'access-changed';
}

/** What goes over the channel: the stream's events (core/teamProtocol.ts) and the servers' own. */
export type ChannelEvent =
  SavedEvent | LiveEvent | ReleaseEvent | PresenceChangeEvent | TokenRevokedEvent | AccessChangedEvent;

/** An event as a NOTIFY payload: one line of JSON, small (PostgreSQL refuses payloads of 8,000 bytes). */
export function channelPayload(event: ChannelEvent): string {
  return JSON.stringify(event);
}

/**
 * Announces events on the channel. In a transaction they go out when it commits, and not at all if it is
 * rolled back, so listeners hear only of what happened.
 */
export async function notify(db: Queryable, events: readonly ChannelEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
    EVENTS_CHANNEL,
    events.map(channelPayload),
  ]);
}
