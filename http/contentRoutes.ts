import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeKey, versionSummary, type AuditClient, type ContentStore, type StoredVersion } from '../core/store';
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

export interface ContentRoutesOptions {
  store: ContentStore;
  /** The user a save is authored by (lowercased); without it, the author the client sent is kept. */
  author?: (request: FastifyRequest) => string;
}

export const contentRoutesPlugin: FastifyPluginAsync<ContentRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { store, author } = options;

  /** The content as stored: with an author hook, the author is theirs whatever the client sent. */
  const authored = (content: PageContent, request: FastifyRequest): PageContent =>
    author ? { ...content, author: author(request).toLowerCase() } : content;

  const { saveContent, saveBookmark, pages, page, versions, version } = contentRoutes;

  app.post(
    saveContent.url,
    { schema: { body: saveContent.body.describe('saveContent body') } },
    async (request, reply) => {
      const { content, baseHash, saveId } = request.body;
      const saved = await store.save({
        content: authored(content, request),
        kind: 'content',
        baseHash,
        saveId,
        audit: auditClientOf(request, author?.(request) ?? null),
      });
      return reply.code(saved.repeated ? 200 : 201).send(saved);
    },
  );

  // Editor spec §7: a bookmark is stored like content but never refused for a conflict.
  app.post(
    saveBookmark.url,
    { schema: { body: saveBookmark.body.describe('saveBookmark body') } },
    async (request, reply) => {
      const { content, saveId } = request.body;
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
    store.listPages(request.query),
  );

  app.get(page.url, { schema: { querystring: page.querystring.describe('page key') } }, async (request) => {
    const key = request.query;
    const { stored, skipped } = await store.latest(key);
    if (!stored) {
      const why = skipped.length > 0 ? `: ${describeSkipped(skipped)}` : '';
      throw new HttpError(404, 'not-found', `No readable saved version of ${describeKey(key)}${why}.`, { skipped });
    }
    return { ...versionReply(stored), skipped };
  });

  app.get(versions.url, { schema: { querystring: versions.querystring.describe('page key') } }, async (request) =>
    store.versions(pageKeyOf(request.query), { limit: request.query.limit, offset: request.query.offset }),
  );

  app.get(version.url, { schema: { querystring: version.querystring.describe('page key') } }, async (request) => {
    const key = pageKeyOf(request.query);
    const stored = await store.version(key, request.query.version);
    if (!stored) throw new HttpError(404, 'not-found', `${describeKey(key)} has no version ${request.query.version}.`);
    return versionReply(stored);
  });
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

function describeSkipped(skipped: readonly number[]): string {
  return `version${skipped.length === 1 ? '' : 's'} ${skipped.join(', ')} could not be read`;
}

function versionReply(stored: StoredVersion) {
  return { content: stored.content, version: versionSummary(stored) };
}
