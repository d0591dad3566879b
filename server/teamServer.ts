import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { bearerToken, userForToken } from './auth';
import {
  createContentApi,
  HttpError,
  parseWith,
  readJsonBody,
  requestUrl,
  RETRY_AFTER_SECONDS,
  sendError,
  sendJson,
} from './content/api';
import { createPostgresStore } from './content/postgresStore';
import { StoreUnavailableError } from '../core/store';
import { MAX_LIST_LIMIT, PresenceRequestSchema, teamRoutes } from '../core/teamProtocol';
import { createDatabase } from './db/database';
import { applyMigrationsIn } from './db/migrate';
import { createEventHub } from './events';
import { createLogger } from './log';
import { currentPresence, sweepExpiredPresence, updatePresence } from './presence';
import { errorMessage } from '../core/rules/errorMessage';

/**
 * The team content server (issue 12): the shared content API over PostgreSQL, behind bearer tokens, with
 * /health, /me, /presence and the /events stream. It keeps no state of its own: any number of processes can
 * serve one database.
 */

export interface TeamServerOptions {
  databaseUrl: string;
  port?: number;
  host?: string;
  log?: Logger;
  /** How often the event stream sends a heartbeat comment. */
  eventHeartbeatMs?: number;
  /** How often expired presence is swept (and announced). */
  presenceSweepMs?: number;
  /** How long close() waits for requests in flight before cutting them. */
  shutdownGraceMs?: number;
}

export interface TeamServer {
  url: string;
  port: number;
  /** Stops taking requests, ends the event streams, finishes the requests in flight, then disconnects. */
  close(): Promise<void>;
}

/** A request id from a proxy in front is kept, so one id follows the request through both logs. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const { databaseUrl, port = 0, host = '127.0.0.1', log = createLogger() } = options;
  const db = createDatabase({ connectionString: databaseUrl, log });
  await db
    .inTransaction((transaction) => applyMigrationsIn(transaction))
    .catch(async (error: unknown) => {
      await db.end();
      if (!(error instanceof StoreUnavailableError)) throw error;
      throw new Error(`cannot reach the database at ${redactUrl(databaseUrl)}: ${errorMessage(error.cause)}`);
    });

  const store = createPostgresStore(db);
  const events = await createEventHub({ databaseUrl, log, heartbeatMs: options.eventHeartbeatMs });

  /** The request's user and token id, or a 401 saying what is wrong. */
  const identify = async (request: IncomingMessage): Promise<{ user: string; tokenId: string }> => {
    const token = bearerToken(request);
    const how =
      'Send "Authorization: Bearer TOKEN" with a token from the server\'s administrator (npm run server -- user add EMAIL).';
    if (token === 'missing') throw unauthorized(`This Storefront Studio server needs an API token. ${how}`);
    if (token === 'malformed') throw unauthorized(`The Authorization header is not "Bearer TOKEN". ${how}`);
    const identity = await userForToken(db, token);
    if (!identity)
      throw unauthorized('This API token is not valid: it is unknown or has been revoked. Ask for a new one.');
    return identity;
  };
  const authenticate = async (request: IncomingMessage): Promise<string> => (await identify(request)).user;

  const contentApi = createContentApi({ store, authenticate, log });

  const ownRoutes: Record<
    string,
    Partial<Record<'GET' | 'POST', (request: IncomingMessage, response: ServerResponse) => Promise<void>>>
  > = {
    '/me': {
      GET: async (request, response) =>
        sendJson(response, 200, { user: await authenticate(request), server: 'storefront-studio' }),
    },
    '/presence': {
      GET: async (request, response) => {
        await authenticate(request);
        const paging = parseWith(
          teamRoutes.presence.querystring,
          Object.fromEntries(requestUrl(request).searchParams),
          'presence query',
        );
        sendJson(response, 200, { presence: await currentPresence(db, paging) });
      },
      POST: async (request, response) => {
        const user = await authenticate(request);
        const body = parseWith(PresenceRequestSchema, await readJsonBody(request), 'presence body');
        await updatePresence(db, user, body);
        sendJson(response, 200, { ok: true });
      },
    },
    '/events': {
      GET: async (request, response) => {
        const { tokenId } = await identify(request);
        // Who is where now, so a desktop (re)connecting does not wait for the next change.
        events.subscribe(response, tokenId, {
          event: 'presence-snapshot',
          data: { presence: await currentPresence(db, { limit: MAX_LIST_LIMIT }) },
        });
      },
    },
  };

  const health = async (response: ServerResponse): Promise<void> => {
    const database = await db.check();
    if (database === 'reachable') {
      sendJson(response, 200, {
        status: 'ok',
        database,
        events: events.listening() ? 'listening' : 'reconnecting',
      });
      return;
    }
    log.warn({ database }, 'health: database unavailable');
    sendJson(response, 503, { status: 'unavailable', database }, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  };

  let inFlight = 0;
  let closing = false;
  let drained: (() => void) | null = null;

  const server = createServer((request, response) => {
    const requestId = pickRequestId(request.headers['x-request-id']);
    const requestLog = log.child({ reqId: requestId });
    const started = process.hrtime.bigint();
    response.setHeader('X-Request-Id', requestId);
    inFlight++;
    let counted = true;
    const done = (): void => {
      if (!counted) return;
      counted = false;
      inFlight--;
      if (inFlight === 0) drained?.();
    };
    response.on('close', () => {
      done();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      requestLog.info({ req: request, status: response.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    if (closing) response.setHeader('Connection', 'close');
    void route(request, response, requestLog, done);
  });

  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    requestLog: Logger,
    leaveInFlight: () => void,
  ): Promise<void> {
    try {
      const url = requestUrl(request);
      if (url.pathname === '/health' && request.method === 'GET') return await health(response);
      const own = Object.hasOwn(ownRoutes, url.pathname) ? ownRoutes[url.pathname] : undefined;
      if (own) {
        const handle = request.method === 'GET' || request.method === 'POST' ? own[request.method] : undefined;
        if (!handle) {
          const allowed = Object.keys(own).join(', ');
          throw new HttpError(
            405,
            'method-not-allowed',
            `${url.pathname} answers ${allowed} only.`,
            {},
            { Allow: allowed },
          );
        }
        // A stream is open until the client leaves; shutdown ends it rather than waiting for it.
        if (url.pathname === '/events') leaveInFlight();
        return await handle(request, response);
      }
      if (await contentApi(request, response, requestLog)) return;
      throw new HttpError(404, 'no-such-route', `This Storefront Studio server has no ${url.pathname}.`);
    } catch (error) {
      if (response.headersSent) response.destroy();
      else sendError(response, error, requestLog);
    }
  }

  const presenceSweep = setInterval(() => {
    sweepExpiredPresence(db).catch((error: unknown) =>
      log.warn({ err: errorMessage(error) }, 'presence: sweep failed'),
    );
  }, options.presenceSweepMs ?? 5_000);
  presenceSweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const boundPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  log.info({ host, port: boundPort }, 'listening');

  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close: async () => {
      if (closing) return;
      closing = true;
      clearInterval(presenceSweep);
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await events.close();
      // Requests in flight finish (their connections then close, as the answer says Connection: close); idle
      // keep-alive connections close now; after the grace period whatever is left is cut.
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, options.shutdownGraceMs ?? 10_000).unref();
        });
      }
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), 1_000);
      await stopped;
      clearTimeout(cut);
      await store.close();
      await db.end();
    },
  };
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, 'unauthorized', message, {}, { 'WWW-Authenticate': 'Bearer realm="storefront-studio"' });
}

function pickRequestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

/** The database URL as it may appear in a message: without a password. */
function redactUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'the given database URL';
  }
}
