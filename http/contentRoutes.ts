import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  describeKey,
  keyOf,
  versionSummary,
  type AuditClient,
  type ContentStore,
  type SaveInput,
  type SaveResult,
  type StoredVersion,
} from '../core/store';
import { allowedIn, type ActionScopes } from '../core/permissions';
import { contentRoutes } from '../core/teamProtocol';
import type { PageContent, PageKey } from '../core/schemas';
import { HttpError } from './errors';

/**
 * The content API (core/teamProtocol.ts contentRoutes) over any ContentStore, as one Fastify plugin: the
 * embedded desktop service (main/services/contentServer.ts, files) and the team server (server/, PostgreSQL)
 * both register it, so main/services/contentClient.ts talks to either without a branch. Requests are
 * validated with the contract's schemas. Answers are not: they are the store's own records (whose content
 * was validated when it was saved), and parsing a 300-component page again on every read would cost as
 * much CPU as the read itself; the desktop parses every answer with the same contract.
 */

/**
 * Who may do what (issue 22), decided by the team server for each request; the embedded service for one
 * person has none. A page outside the user's view scope answers as a missing page would, so that its
 * existence does not leak.
 */
export interface ContentAuthorization {
  /** Where the request's user may view pages: a listing keeps to these, in the store's own query. */
  viewScopes(request: FastifyRequest): Promise<ActionScopes>;
  /** Saves a content version if the user may make every change it makes; throws the refusal otherwise. */
  saveContent(request: FastifyRequest, reply: FastifyReply, input: SaveInput): Promise<SaveResult>;
  /** Throws the refusal unless the user may bookmark the page. */
  checkBookmark(request: FastifyRequest, key: PageKey): Promise<void>;
  /** Throws the refusal unless the user may move what is live of the page: go live, roll back (issue 24). */
  checkPublish(request: FastifyRequest, key: PageKey): Promise<void>;
}

export interface ContentRoutesOptions {
  store: ContentStore;
  /**
   * The user a save is authored by, and a live move made by (lowercased); without it, the author and the mover
   * the client sent are kept.
   */
  author?: (request: FastifyRequest) => string;
  authorization?: ContentAuthorization;
}

/** Why a page answered 404 although it may exist (logged, never sent). */
const OUT_OF_SCOPE = "outside the user's view scope";

export const contentRoutesPlugin: FastifyPluginAsync<ContentRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { store, author, authorization } = options;

  /** Throws `hidden` (a missing page's 404) unless the request's user may view the page; no-op without roles. */
  const requireView = async (request: FastifyRequest, key: PageKey, hidden: () => HttpError): Promise<void> => {
    if (!authorization || allowedIn(await authorization.viewScopes(request), key)) return;
    const error = hidden();
    error.reason = OUT_OF_SCOPE;
    request.log.info({ refused: { status: error.status, reason: OUT_OF_SCOPE } }, 'refused');
    throw error;
  };

  /** The content as stored: with an author hook, the author is theirs whatever the client sent. */
  const authored = (content: PageContent, request: FastifyRequest): PageContent =>
    author ? { ...content, author: author(request).toLowerCase() } : content;

  /** Who moves a page's live pointer: with an author hook, theirs whatever the client sent. */
  const mover = (request: FastifyRequest, sent: string): string => (author?.(request) ?? sent).toLowerCase();

  /** The page a live move concerns, once the user may view it (404 otherwise) and move what is live of it. */
  const requirePublish = async (request: FastifyRequest, key: PageKey): Promise<void> => {
    await requireView(request, key, () => noSavedVersion(key, []));
    await authorization?.checkPublish(request, key);
  };

  const { saveContent, saveBookmark, pages, page, versions, version, goLive, rollBack, liveHistory } = contentRoutes;

  app.post(
    saveContent.url,
    { schema: { body: saveContent.body.describe('saveContent body') } },
    async (request, reply) => {
      const { content, baseHash, saveId } = request.body;
      const input: SaveInput = {
        content: authored(content, request),
        kind: 'content',
        baseHash,
        saveId,
        audit: auditClientOf(request, author?.(request) ?? null),
      };
      const saved = await (authorization ? authorization.saveContent(request, reply, input) : store.save(input));
      return reply.code(saved.repeated ? 200 : 201).send(saved);
    },
  );

  // Editor spec §7: a bookmark is stored like content but never refused for a conflict.
  app.post(
    saveBookmark.url,
    { schema: { body: saveBookmark.body.describe('saveBookmark body') } },
    async (request, reply) => {
      const { content, saveId } = request.body;
      await authorization?.checkBookmark(request, keyOf(content));
      const saved = await store.save({
        content: authored(content, request),
        kind: 'bookmark',
        saveId,
        audit: auditClientOf(request, author?.(request) ?? null),
      });
      return reply.code(saved.repeated ? 200 : 201).send(saved);
    },
  );

  app.get(pages.url, { schema: { querystring: pages.querystring.describe('page query') } }, async (request) =>
    store.listPages(
      authorization ? { ...request.query, within: await authorization.viewScopes(request) } : request.query,
    ),
  );

  app.get(page.url, { schema: { querystring: page.querystring.describe('page key') } }, async (request) => {
    const key = pageKeyOf(request.query);
    await requireView(request, key, () => noSavedVersion(key, []));
    const { stored, skipped } = await store.latest(key);
    if (!stored) throw noSavedVersion(key, skipped);
    return { ...versionReply(stored), skipped };
  });

  app.get(versions.url, { schema: { querystring: versions.querystring.describe('page key') } }, async (request) => {
    const key = pageKeyOf(request.query);
    await requireView(request, key, () => noSavedVersion(key, []));
    return store.versions(key, { limit: request.query.limit, offset: request.query.offset });
  });

  app.get(version.url, { schema: { querystring: version.querystring.describe('page key') } }, async (request) => {
    const key = pageKeyOf(request.query);
    const noVersion = () =>
      new HttpError(404, 'not-found', `${describeKey(key)} has no version ${request.query.version}.`);
    await requireView(request, key, noVersion);
    const stored = await store.version(key, request.query.version);
    if (!stored) throw noVersion();
    return versionReply(stored);
  });

  // Issue 24: the store's one statement moves the pointer, writes its audit entry and announces it.
  app.post(goLive.url, { schema: { body: goLive.body.describe('goLive body') } }, async (request, reply) => {
    const { pageKey, by, ...move } = request.body;
    await requirePublish(request, pageKey);
    const live = await store.goLive({
      ...move,
      key: pageKey,
      by: mover(request, by),
      audit: auditClientOf(request, author?.(request) ?? null),
    });
    return reply.code(201).send({ live });
  });

  app.post(rollBack.url, { schema: { body: rollBack.body.describe('rollBack body') } }, async (request, reply) => {
    const { pageKey, message, by } = request.body;
    await requirePublish(request, pageKey);
    const live = await store.rollBack({
      key: pageKey,
      by: mover(request, by),
      message,
      audit: auditClientOf(request, author?.(request) ?? null),
    });
    return reply.code(201).send({ live });
  });

  app.get(
    liveHistory.url,
    { schema: { querystring: liveHistory.querystring.describe('page key') } },
    async (request) => {
      const key = pageKeyOf(request.query);
      await requireView(request, key, () => noSavedVersion(key, []));
      return store.liveHistory(key, { limit: request.query.limit, offset: request.query.offset });
    },
  );
};

/** A user agent longer than this is cut: an audit entry stays small whatever a client sends. */
const USER_AGENT_MAX = 256;

/** Who sent a request and from where (the socket's address: a proxy in front is not trusted to say). */
export function auditClientOf(request: FastifyRequest, actor: string | null): AuditClient {
  const userAgent = request.headers['user-agent'];
  return {
    actor,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    clientAddress: request.ip || null,
    requestId: request.id,
  };
}

/** The page key of a query that holds more (paging, a version number). */
function pageKeyOf({ fascia, country, page, source, platform }: PageKey): PageKey {
  return { fascia, country, page, source, platform };
}

/** The 404 of a page without a readable content version (and of one the user may not view). */
function noSavedVersion(key: PageKey, skipped: readonly number[]): HttpError {
  const why = skipped.length > 0 ? `: ${describeSkipped(skipped)}` : '';
  return new HttpError(404, 'not-found', `No readable saved version of ${describeKey(key)}${why}.`, { skipped });
}

function describeSkipped(skipped: readonly number[]): string {
  return `version${skipped.length === 1 ? '' : 's'} ${skipped.join(', ')} could not be read`;
}

function versionReply(stored: StoredVersion) {
  return { content: stored.content, version: versionSummary(stored) };
}
