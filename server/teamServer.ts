import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import {
  bearerToken,
  existingTokenIds,
  isApiToken,
  recordSignedInUser,
  targetCarriesToken,
  userForToken,
} from './auth';
import { createPostgresStore } from './content/postgresStore';
import { StoreUnavailableError } from '../core/store';
import { MAX_LIST_LIMIT, RETRY_AFTER_SECONDS, teamRoutes, type MeAnswer, type SignIn } from '../core/teamProtocol';
import { EVERYWHERE, effectivePermissions, roleTable, type Grant } from '../core/permissions';
import { createDatabase } from './db/database';
import { applyMigrationsIn } from './db/migrate';
import { createEventHub } from './events';
import { createLogger } from './log';
import {
  createOidcVerifier,
  OidcProviderUnreachable,
  OidcTokenRefused,
  oidcStreamLive,
  type OidcOptions,
} from './oidc';
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
  /** Company sign-in: access tokens of this OpenID provider are accepted beside API tokens (server/oidc.ts). */
  oidc?: OidcOptions;
}

export interface TeamServer {
  url: string;
  port: number;
  /** How many event streams are open on this process. */
  openEventStreams(): number;
  /** Stops taking requests, ends the event streams, finishes the requests in flight, then disconnects. */
  close(): Promise<void>;
}

interface Identity {
  user: string;
  /** The API token's id, or an OIDC access token's stream key (server/oidc.ts): its event streams' owner. */
  tokenId: string;
  /** The user's groups at the identity provider (none for an API token). */
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
  const oidc = options.oidc ? createOidcVerifier(options.oidc) : null;
  const events = await createEventHub({
    databaseUrl,
    log,
    heartbeatMs: options.eventHeartbeatMs,
    // An access token's streams last until it expires; an API token's until it is revoked.
    existingTokenIds: async (tokenIds) => {
      const now = Date.now();
      const apiTokenIds = tokenIds.filter((tokenId) => oidcStreamLive(tokenId, now) === null);
      const existing = await existingTokenIds(db, apiTokenIds);
      for (const tokenId of tokenIds) if (oidcStreamLive(tokenId, now)) existing.add(tokenId);
      return existing;
    },
  });

  const unauthorized = (message: string): HttpError => unauthorizedError(message, oidc?.signIn);
  const howToAuthenticate = oidc
    ? `${HOW_TO_AUTHENTICATE} Or sign in with your company account at ${oidc.signIn.issuer} and send its access token.`
    : HOW_TO_AUTHENTICATE;

  /** The user of an access token from the identity provider, recorded in users on first use. */
  const identifySignedIn = async (token: string): Promise<Identity> => {
    if (!oidc) throw unauthorized('This API token is not valid: it is unknown or has been revoked. Ask for a new one.');
    let signedIn;
    try {
      signedIn = await oidc.verify(token);
    } catch (error) {
      if (error instanceof OidcTokenRefused) throw unauthorized(error.message);
      if (error instanceof OidcProviderUnreachable)
        throw new HttpError(503, 'unavailable', error.message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
      throw error;
    }
    const { disabled } = await recordSignedInUser(db, signedIn.user);
    if (disabled) throw unauthorized(`${signedIn.user} is disabled on this server. Ask the server's administrator.`);
    return { user: signedIn.user, tokenId: signedIn.streamId, groups: signedIn.groups };
  };

  /** The request's user, token id and groups, or a 401 saying what is wrong. */
  const identify = async (request: FastifyRequest): Promise<Identity> => {
    const token = bearerToken(request.raw);
    if (token === 'missing')
      throw unauthorized(`This Storefront Studio server needs an API token. ${howToAuthenticate}`);
    if (token === 'malformed')
      throw unauthorized(`The Authorization header is not "Bearer TOKEN". ${howToAuthenticate}`);
    if (!isApiToken(token)) return identifySignedIn(token);
    const identity = await userForToken(db, token);
    if (!identity)
      throw unauthorized('This API token is not valid: it is unknown or has been revoked. Ask for a new one.');
    return { ...identity, groups: [] };
  };
  const identityOf = (request: FastifyRequest): Identity => {
    if (!request.identity) throw new Error('A team route ran without its authentication hook.');
    return request.identity;
  };

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
    await team.register(contentRoutesPlugin, { store, author: (request) => identityOf(request).user });

    team.get(teamRoutes.me.url, async (request): Promise<MeAnswer> => {
      const { user, groups } = identityOf(request);
      // Until roles exist, every user is treated as an admin (spec §6).
      const grants: Grant[] = [{ role: 'admin', to: { kind: 'user', name: user }, scope: EVERYWHERE, effect: 'allow' }];
      return {
        user,
        server: 'storefront-studio',
        groups,
        grants,
        permissions: effectivePermissions(grants, roleTable([])),
      };
    });
    team.get(
      teamRoutes.presence.url,
      { schema: { querystring: teamRoutes.presence.querystring.describe('presence query') } },
      async (request) => ({ presence: await currentPresence(db, request.query) }),
    );
    team.post(
      teamRoutes.heartbeat.url,
      { schema: { body: teamRoutes.heartbeat.body.describe('presence body') } },
      async (request) => {
        await updatePresence(db, identityOf(request).user, request.body);
        return { ok: true as const };
      },
    );
    team.get(teamRoutes.events.url, async (request, reply) => {
      // Who is where now, so a desktop (re)connecting does not wait for the next change.
      const presence = await currentPresence(db, { limit: MAX_LIST_LIMIT });
      const stream = events.subscribe(reply, identityOf(request).tokenId);
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

/** A 401 (core/teamProtocol.ts UnauthorizedBodySchema), saying how to sign in when company sign-in is on. */
function unauthorizedError(message: string, signIn: SignIn | undefined): HttpError {
  return new HttpError(401, 'unauthorized', message, signIn ? { signIn } : {}, {
    'WWW-Authenticate': 'Bearer realm="storefront-studio"',
  });
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
