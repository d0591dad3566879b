import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { bearerToken, existingTokenIds, targetCarriesToken, userForToken } from './auth';
import { createPostgresStore } from './content/postgresStore';
import { StoreUnavailableError } from '../core/store';
import { MAX_LIST_LIMIT, RETRY_AFTER_SECONDS, teamRoutes, type MeAnswer } from '../core/teamProtocol';
import { refusalOf } from '../core/rules/saveChanges';
import { createAccessCache } from './access/accessCache';
import { createContentAuthorization, forbidden, logRefusal } from './access/contentAuthorization';
import { loadAccess, type Access } from './access/grants';
import { createDatabase } from './db/database';
import { applyMigrationsIn } from './db/migrate';
import { createEventHub, type EventHub, type StreamViewer } from './events';
import { createLogger } from './log';
import { currentPresence, sweepExpiredPresence, updatePresence } from './presence';
import { errorMessage } from '../core/rules/errorMessage';
import { createHttpApp, listen } from '../http/app';
import { contentRoutesPlugin } from '../http/contentRoutes';
import { HttpError } from '../http/errors';

/**
 * The team content server (issue 12): the content routes (http/contentRoutes.ts) over PostgreSQL, behind
 * bearer tokens, with /health, /me, /presence and the /events stream, on Fastify (http/app.ts). It keeps no
 * state of its own: any number of processes can serve one database.
 */

export interface TeamServerOptions {
  databaseUrl: string;
  port?: number;
  host?: string;
  log?: Logger;
  /** How often the event stream sends a heartbeat comment (and the open streams' tokens are checked). */
  eventHeartbeatMs?: number;
  /** How often expired presence is swept (and announced). */
  presenceSweepMs?: number;
  /** How long close() waits for requests in flight before cutting them. */
  shutdownGraceMs?: number;
}

export interface TeamServer {
  url: string;
  port: number;
  /** How many event streams are open on this process. */
  openEventStreams(): number;
  /** Stops taking requests, ends the event streams, finishes the requests in flight, then disconnects. */
  close(): Promise<void>;
}

export interface Identity {
  user: string;
  tokenId: string;
  /** The user's groups at the identity provider (their grants apply to the user); none for an API token. */
  groups: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request: set by the team routes' authentication hook. */
    identity: Identity | null;
  }
}

const HOW_TO_AUTHENTICATE =
  'Send "Authorization: Bearer TOKEN" with a token from the server\'s administrator (npm run server -- user add EMAIL).';

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
  // Cached per user and cleared on every announced change of grants (the choice is explained in accessCache.ts).
  const access = createAccessCache({
    load: (user, groups) => loadAccess(db, user, groups),
    announcementsHeard: () => events.listening(),
  });
  const events: EventHub = await createEventHub({
    databaseUrl,
    log,
    heartbeatMs: options.eventHeartbeatMs,
    existingTokenIds: (tokenIds) => existingTokenIds(db, tokenIds),
    onAccessChanged: () => access.clear(),
  });

  /** The request's user and token id, or a 401 saying what is wrong. */
  const identify = async (request: FastifyRequest): Promise<Identity> => {
    const token = bearerToken(request.raw);
    if (token === 'missing')
      throw unauthorized(`This Storefront Studio server needs an API token. ${HOW_TO_AUTHENTICATE}`);
    if (token === 'malformed')
      throw unauthorized(`The Authorization header is not "Bearer TOKEN". ${HOW_TO_AUTHENTICATE}`);
    const found = await userForToken(db, token);
    if (!found)
      throw unauthorized('This API token is not valid: it is unknown or has been revoked. Ask for a new one.');
    if (found.disabled)
      throw unauthorized(
        `This user is disabled: the server refuses the tokens of ${found.user}. Ask the server's administrator (npm run server -- user enable EMAIL).`,
      );
    return { user: found.user, tokenId: found.tokenId, groups: [] };
  };
  const identityOf = (request: FastifyRequest): Identity => {
    if (!request.identity) throw new Error('A team route ran without its authentication hook.');
    return request.identity;
  };
  const accessOf = (request: FastifyRequest): Promise<Access> => {
    const { user, groups } = identityOf(request);
    return access.get(user, groups);
  };
  const authorization = createContentAuthorization({ store, accessOf });

  const app = createHttpApp({
    service: 'Storefront Studio server',
    notFoundMessage: (path) => `This Storefront Studio server has no ${path}.`,
    log,
  });
  app.decorateRequest('identity', null);

  // A token in the address would be written to logs (ours, a proxy's) and to browser history.
  app.addHook('onRequest', async (request) => {
    if (targetCarriesToken(request.url)) {
      throw new HttpError(
        400,
        'token-in-url',
        `API tokens are refused in the address, where logs and browser history keep them. ${HOW_TO_AUTHENTICATE}`,
      );
    }
  });

  app.get(teamRoutes.health.url, async (request, reply) => {
    const database = await db.check();
    if (database === 'reachable')
      return { status: 'ok', database, events: events.listening() ? 'listening' : 'reconnecting' };
    request.log.warn({ database }, 'health: database unavailable');
    return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', database });
  });

  // Every other route needs a valid token: its user authors the saves.
  await app.register(async (scope) => {
    const team = scope.withTypeProvider<ZodTypeProvider>();
    team.addHook('onRequest', async (request) => {
      request.identity = await identify(request);
    });
    await team.register(contentRoutesPlugin, {
      store,
      author: (request) => identityOf(request).user,
      authorization,
    });

    team.get(teamRoutes.me.url, async (request): Promise<MeAnswer> => {
      const { user, groups, grants, permissions } = await accessOf(request);
      return { user, server: 'storefront-studio', groups, grants, permissions };
    });
    team.get(
      teamRoutes.presence.url,
      { schema: { querystring: teamRoutes.presence.querystring.describe('presence query') } },
      async (request) => ({
        presence: await currentPresence(db, request.query, (await accessOf(request)).permissions.view),
      }),
    );
    team.post(
      teamRoutes.heartbeat.url,
      { schema: { body: teamRoutes.heartbeat.body.describe('presence body') } },
      async (request) => {
        const { pageKey } = request.body;
        const refusal = refusalOf((await accessOf(request)).permissions, pageKey, 'view', 'open pages there');
        if (refusal) throw logRefusal(request, forbidden('view', pageKey, refusal));
        await updatePresence(db, identityOf(request).user, request.body);
        return { ok: true as const };
      },
    );
    team.get(teamRoutes.events.url, async (request, reply) => {
      const viewer: StreamViewer = {
        scopes: (await accessOf(request)).permissions.view,
        reload: async () => (await accessOf(request)).permissions.view,
      };
      // Who is where now, so a desktop (re)connecting does not wait for the next change.
      const presence = await currentPresence(db, { limit: MAX_LIST_LIMIT }, viewer.scopes);
      const stream = events.subscribe(reply, identityOf(request).tokenId, viewer);
      stream?.send(JSON.stringify({ presence }), 'presence-snapshot');
    });
  });

  // Ending the streams first lets close() wait for the requests in flight only.
  app.addHook('preClose', async () => events.close());

  const presenceSweep = setInterval(() => {
    sweepExpiredPresence(db).catch((error: unknown) =>
      log.warn({ err: errorMessage(error) }, 'presence: sweep failed'),
    );
  }, options.presenceSweepMs ?? 5_000);
  presenceSweep.unref();

  const bound = await listen(app, port, host);
  log.info({ host, port: bound.port }, 'listening');

  let closing: Promise<void> | null = null;
  return {
    ...bound,
    openEventStreams: () => events.openStreams(),
    close: () =>
      (closing ??= (async () => {
        clearInterval(presenceSweep);
        // Requests in flight finish; after the grace period whatever is left is cut.
        const cut = setTimeout(() => app.server.closeAllConnections(), options.shutdownGraceMs ?? 10_000);
        await app.close();
        clearTimeout(cut);
        await store.close();
        await db.end();
      })()),
  };
}

function unauthorized(message: string): HttpError {
  return new HttpError(401, 'unauthorized', message, {}, { 'WWW-Authenticate': 'Bearer realm="storefront-studio"' });
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
