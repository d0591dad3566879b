import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import {
  AUDIT_ACTIONS,
  MAX_LIST_LIMIT,
  RETRY_AFTER_SECONDS,
  teamRoutes,
  type AuditQuery,
  type MeAnswer,
  type SignIn,
} from '../core/teamProtocol';
import { PageKeySchema, type PageKey } from '../core/schemas';
import { DEFAULT_AUDIT_RETENTION_DAYS, auditRetentionProblem, queryAudit, recordAudit, startAuditSweep } from './audit';
import {
  bearerToken,
  censorTokens,
  existingTokenIds,
  isApiToken,
  isDeliveryKey,
  recordSignedInUser,
  targetCarriesToken,
  userForToken,
} from './auth';
import { createPostgresStore } from './content/postgresStore';
import { StoreUnavailableError } from '../core/store';
import { may, mayEverywhere, type Permissions } from '../core/permissions';
import { refusalOf } from '../core/rules/saveChanges';
import { createAccessCache } from './access/accessCache';
import { createContentAuthorization, forbidden, logRefusal } from './access/contentAuthorization';
import { loadAccess, type Access } from './access/grants';
import { createDatabase } from './db/database';
import { applyMigrationsIn } from './db/migrate';
import { createDeliveryCache, deliveryRoutes } from './delivery';
import { createEventHub, type EventHub, type StreamViewer } from './events';
import { createLogger } from './log';
import { listWebhookDeliveries, startWebhookDelivery, type WebhookDeliveryOptions } from './webhooks';
import { startReleaseMoves } from './releases/moves';
import { releaseRoutesPlugin } from './releases/routes';
import {
  createOidcVerifier,
  OidcProviderUnreachable,
  OidcTokenRefused,
  oidcStreamLive,
  type OidcOptions,
} from './oidc';
import { currentPresence, sweepExpiredPresence, updatePresence } from './presence';
import { errorMessage } from '../core/rules/errorMessage';
import { createHttpApp, listen, pathOf } from '../http/app';
import { auditClientOf, contentRoutesPlugin } from '../http/contentRoutes';
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
  /** Audit entries older than this many days are removed (DEFAULT_AUDIT_RETENTION_DAYS). */
  auditRetentionDays?: number;
  /** How often entries past retention are swept (also once at start). */
  auditSweepMs?: number;
  /** Company sign-in: access tokens of this OpenID provider are accepted beside API tokens (server/oidc.ts). */
  oidc?: OidcOptions;
  /** The delivery route (server/delivery.ts) answers without a delivery key. */
  publicDelivery?: boolean;
  /** Webhook retries and timing (server/webhooks.ts); the defaults retry for more than a day. */
  webhookDelivery?: Partial<WebhookDeliveryOptions>;
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
  /** The API token's id, or an OIDC access token's stream key (server/oidc.ts): its event streams' owner. */
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

/** The answers recorded in the audit log as refused requests, with their reason. */
const REFUSED_STATUSES = new Set([401, 403]);

/**
 * Whether these permissions may read the audit entries the query asks for (issue 22: admins only): an admin
 * everywhere reads every entry; an admin of one fascia and country reads the entries of one page there (a
 * page's trail beside its History), nothing server-wide.
 */
function mayReadAudit(permissions: Permissions, query: AuditQuery): boolean {
  if (mayEverywhere(permissions, 'admin')) return true;
  const { fascia, country, page } = query;
  return (
    fascia !== undefined &&
    country !== undefined &&
    page !== undefined &&
    may(permissions, 'admin', { fascia, country })
  );
}

/** The page a request concerns, when its query, its body's content or its body's pageKey (a live move) names one whole. */
function pageKeyOfRequest(request: FastifyRequest): PageKey | null {
  const fromQuery = PageKeySchema.safeParse(request.query);
  if (fromQuery.success) return fromQuery.data;
  const body = request.body as { content?: unknown; pageKey?: unknown } | undefined;
  const fromBody = PageKeySchema.safeParse(body?.content ?? body?.pageKey);
  return fromBody.success ? fromBody.data : null;
}

const HOW_TO_AUTHENTICATE =
  'Send "Authorization: Bearer TOKEN" with a token from the server\'s administrator (npm run server -- user add EMAIL).';

export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const { databaseUrl, port = 0, host = '127.0.0.1', log = createLogger() } = options;
  const auditRetentionDays = options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  const retentionProblem = auditRetentionProblem(auditRetentionDays);
  if (retentionProblem) throw new Error(`${retentionProblem}, not ${auditRetentionDays}.`);
  const db = createDatabase({ connectionString: databaseUrl, log });
  await db
    .inTransaction((transaction) => applyMigrationsIn(transaction))
    .catch(async (error: unknown) => {
      await db.end();
      if (!(error instanceof StoreUnavailableError)) throw error;
      throw new Error(`cannot reach the database at ${redactUrl(databaseUrl)}: ${errorMessage(error.cause)}`);
    });

  const webhooks = await startWebhookDelivery({ databaseUrl, db, log, options: options.webhookDelivery }).catch(
    async (error: unknown) => {
      await db.end();
      throw error;
    },
  );
  // Releases' schedules run on the webhooks' job queue; a recovery pass fires what no server fired in time.
  const releases = await startReleaseMoves({ db, webhooks, log }).catch(async (error: unknown) => {
    await webhooks.stop(0);
    await db.end();
    throw error;
  });
  const store = createPostgresStore(db, {
    afterLiveMove: (transaction, entry) => webhooks.enqueue(transaction, entry.move, entry.release, [entry]),
  });
  const oidc = options.oidc ? createOidcVerifier(options.oidc) : null;
  // Cached per user and cleared on every announced change of grants (the choice is explained in accessCache.ts).
  const access = createAccessCache({
    load: (user, groups) => loadAccess(db, user, groups),
    announcementsHeard: () => events.listening(),
  });
  const delivery = createDeliveryCache({ announcementsHeard: () => events.listening() });
  const events: EventHub = await createEventHub({
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
    onAccessChanged: () => {
      access.clear();
      delivery.forgetAll();
    },
    onAnnouncement: (type) => delivery.heard(type),
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
    if (isDeliveryKey(token))
      throw unauthorized(`A delivery key reads the delivery route (GET /content/...) only. ${howToAuthenticate}`);
    if (!isApiToken(token)) return identifySignedIn(token);
    const found = await userForToken(db, token);
    if (!found)
      throw unauthorized('This API token is not valid: it is unknown or has been revoked. Ask for a new one.');
    if (found.disabled)
      throw unauthorized(
        `This user is disabled: the server refuses the tokens of ${found.user}. Ask the server's administrator (npm run server -- user enable EMAIL).`,
      );
    return { user: found.user, tokenId: found.tokenId, groups: [] };
  };
  /** Why a request was refused, from its error to the audit entry written once it is answered. */
  const refusals = new WeakMap<FastifyRequest, string>();

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

  await app.register(deliveryRoutes, { db, store, publicDelivery: options.publicDelivery ?? false, cache: delivery });

  // Every other route needs a valid token: its user authors the saves.
  await app.register(async (scope) => {
    const team = scope.withTypeProvider<ZodTypeProvider>();
    team.addHook('onRequest', async (request) => {
      request.identity = await identify(request);
    });
    // Every refused request of these routes is recorded (issue 22 §4): 401 today, the permissions' 403 too.
    team.addHook('onError', async (request, _reply, error) => {
      refusals.set(request, error.message);
    });
    team.addHook('onResponse', async (request, reply) => {
      if (!REFUSED_STATUSES.has(reply.statusCode)) return;
      // After the answer, so a refusal costs the client no wait; a failure to record is logged.
      await recordAudit(db, {
        client: auditClientOf(request, request.identity?.user ?? null),
        action: AUDIT_ACTIONS.refused,
        result: 'refused',
        reason: refusals.get(request) ?? null,
        pageKey: pageKeyOfRequest(request),
        details: { status: reply.statusCode, method: request.method, path: censorTokens(pathOf(request.url)) },
      }).catch((error: unknown) => request.log.warn({ err: errorMessage(error) }, 'audit: a refusal was not recorded'));
    });
    await team.register(releaseRoutesPlugin, { db, moves: releases, accessOf });
    await team.register(contentRoutesPlugin, {
      store,
      author: (request) => identityOf(request).user,
      authorization,
    });

    team.get(teamRoutes.me.url, async (request): Promise<MeAnswer> => {
      const { user, groups, grants, permissions } = await accessOf(request);
      // The desktop asks /me when it signs in or connects.
      await recordAudit(db, {
        client: auditClientOf(request, user),
        action: AUDIT_ACTIONS.signIn,
        result: 'ok',
        details: { tokenId: identityOf(request).tokenId },
      });
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
    team.get(
      teamRoutes.audit.url,
      { schema: { querystring: teamRoutes.audit.querystring.describe('audit query') } },
      async (request) => {
        if (!mayReadAudit((await accessOf(request)).permissions, request.query))
          throw new HttpError(403, 'forbidden', 'Reading the audit log needs the admin permission.');
        return queryAudit(db, request.query);
      },
    );
    team.get(
      teamRoutes.webhookDeliveries.url,
      { schema: { querystring: teamRoutes.webhookDeliveries.querystring.describe('webhook deliveries query') } },
      async (request) => {
        if (!mayEverywhere((await accessOf(request)).permissions, 'admin'))
          throw new HttpError(403, 'forbidden', 'Reading webhook deliveries needs the admin permission everywhere.');
        return listWebhookDeliveries(db, request.query);
      },
    );
    team.get(teamRoutes.events.url, async (request, reply) => {
      const viewer: StreamViewer = {
        permissions: (await accessOf(request)).permissions,
        reload: async () => (await accessOf(request)).permissions,
      };
      // Who is where now, so a desktop (re)connecting does not wait for the next change.
      const presence = await currentPresence(db, { limit: MAX_LIST_LIMIT }, viewer.permissions.view);
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
  const stopAuditSweep = startAuditSweep(db, {
    retentionDays: auditRetentionDays,
    intervalMs: options.auditSweepMs ?? 60 * 60_000,
    log,
  });

  const bound = await listen(app, port, host);
  log.info({ host, port: bound.port }, 'listening');
  const releasesStarted = releases
    .start()
    .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'releases: the recovery pass failed'));

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
        await stopAuditSweep();
        await releasesStarted;
        await webhooks.stop(options.shutdownGraceMs ?? 10_000);
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
