import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Permissions, Place } from '../../core/permissions';
import {
  changesOfSave,
  firstRefusedChange,
  refusalOf,
  refusalOfSave,
  ACTION_OF_CHANGE,
} from '../../core/rules/saveChanges';
import type { PageContent, PageKey } from '../../core/schemas';
import {
  ConflictError,
  conflictOf,
  keyOf,
  pageKeyId,
  stampSave,
  type ContentStore,
  type SaveInput,
  type SaveResult,
} from '../../core/store';
import type { ForbiddenBody } from '../../core/teamProtocol';
import type { ContentAuthorization } from '../../http/contentRoutes';
import { HttpError } from '../../http/errors';
import type { Access } from './grants';

/**
 * The team server's decisions on the content routes (issue 22). A save is compared with the page's newest
 * content version on the server (core/rules/saveChanges.ts) and refused with 403 when the user's grants do
 * not allow one of its changes. The save is then made only over the version it was compared with, so no
 * change slips past the check between the two; a deliberate overwrite (no base hash) that meets a newer
 * version is compared again once.
 *
 * The newest content of the pages this process saved or read last is kept (NEWEST_KEPT pages), so a save
 * of a page saved here before costs no read and no parse of its 300 components. An entry may be outdated
 * (another process saved since): the save over it is then refused by the database, and compared again.
 */

/** Pages whose newest content is kept: enough for the pages being edited now, at ~100 kB each for 300 components. */
const NEWEST_KEPT = 200;

/** No version has this hash (a hash is 16 hex digits, a client's base at least 1 character): a save over it is a repeat or a conflict. */
const NO_VERSION_HAS_THIS_HASH = '';

export interface ContentAuthorizationOptions {
  store: ContentStore;
  /** The request's user's access (cached, ./accessCache.ts). */
  accessOf: (request: FastifyRequest) => Promise<Access>;
}

/** The 403 of a request the grants do not allow (core/teamProtocol.ts ForbiddenBodySchema). */
export function forbidden(action: Action, place: Place, message: string): HttpError {
  const scope: ForbiddenBody['error']['scope'] = { fascia: place.fascia, country: place.country };
  const error = new HttpError(403, 'forbidden', message, { action, scope });
  error.reason = message;
  return error;
}

/** Refused requests are logged at info with their reason (the audit log records them too). */
export function logRefusal(request: FastifyRequest, error: HttpError): HttpError {
  request.log.info(
    { refused: { status: error.status, reason: error.reason ?? error.message, ...error.extra } },
    'refused',
  );
  return error;
}

interface Newest {
  hash: string;
  content: PageContent;
}

export function createContentAuthorization({ store, accessOf }: ContentAuthorizationOptions): ContentAuthorization & {
  /** The newest content kept for a page (for tests of the cache). */
  keptNewest(key: PageKey): PageContent | undefined;
} {
  /** Newest content by page, least recently used first. */
  const kept = new Map<string, Newest>();
  const keep = (key: PageKey, newest: Newest): void => {
    const id = pageKeyId(key);
    kept.delete(id);
    kept.set(id, newest);
    if (kept.size > NEWEST_KEPT) kept.delete(kept.keys().next().value!);
  };
  const readNewest = async (key: PageKey): Promise<Newest | null> => {
    const { stored } = await store.latest(key);
    if (!stored) return null;
    const newest = { hash: stored.content.hash, content: stored.content };
    keep(key, newest);
    return newest;
  };

  const refuse = (request: FastifyRequest, action: Action, place: Place, message: string): never => {
    throw logRefusal(request, forbidden(action, place, message));
  };
  const requireAction = (
    request: FastifyRequest,
    permissions: Permissions,
    place: Place,
    action: Action,
    what: string,
  ) => {
    const refusal = refusalOf(permissions, place, action, what);
    if (refusal) refuse(request, action, place, refusal);
  };

  /** The permission check of one save against `base`: throws the 403 of its first change the grants exclude. */
  const check = (request: FastifyRequest, permissions: Permissions, base: Newest | null, next: PageContent): void => {
    const place = keyOf(next);
    const changes = changesOfSave(base?.content ?? null, next);
    const refused = firstRefusedChange(permissions, place, changes);
    if (refused) refuse(request, ACTION_OF_CHANGE[refused], place, refusalOfSave(permissions, place, changes)!);
  };

  return {
    keptNewest: (key) => kept.get(pageKeyId(key))?.content,

    async viewScopes(request) {
      return (await accessOf(request)).permissions.view;
    },

    async checkBookmark(request, key) {
      const { permissions } = await accessOf(request);
      requireAction(request, permissions, key, 'bookmark', 'bookmark pages there');
    },

    async saveContent(request: FastifyRequest, reply: FastifyReply, input: SaveInput): Promise<SaveResult> {
      // The check's own cost, up to the first write or refusal (Server-Timing: the bench reads it).
      const started = performance.now();
      let timed = false;
      const timeCheck = (): void => {
        if (timed) return;
        timed = true;
        reply.header('Server-Timing', `permission;dur=${(performance.now() - started).toFixed(3)}`);
      };
      const key = keyOf(input.content);
      const clientBase = input.baseHash;

      /** Saves only over the version with this hash (null: only while the page has no content). */
      const saveOver = async (baseHash: string | null, next: PageContent): Promise<SaveResult> => {
        timeCheck();
        try {
          return await store.save({ ...input, content: next, baseHash });
        } catch (error) {
          // The conflict as the client sees it: against the base it sent.
          if (error instanceof ConflictError && clientBase !== undefined)
            throw conflictOf(key, clientBase, error.latest) ?? error;
          throw error;
        }
      };

      try {
        const { permissions } = await accessOf(request);
        requireAction(request, permissions, key, 'view', 'save pages there');
        // Compared with the hash the store will give it, never the client's.
        const next = stampSave(input.content, new Date());
        for (let attempt = 0; ; attempt++) {
          const cached = attempt === 0 ? kept.get(pageKeyId(key)) : undefined;
          const usable = cached && (clientBase === undefined || clientBase === cached.hash) ? cached : undefined;
          const base = usable ?? (await readNewest(key));
          // A stale base, or a save sent again whose first attempt is the newest now: the store answers the
          // repeat or the conflict, and saves nothing (no version has the hash named).
          if (clientBase !== undefined && base && clientBase !== base.hash)
            return await saveOver(NO_VERSION_HAS_THIS_HASH, next);
          check(request, permissions, base, next);
          try {
            const saved = await saveOver(base?.hash ?? null, next);
            if (!saved.repeated) keep(key, { hash: next.hash, content: next });
            return saved;
          } catch (error) {
            // A deliberate overwrite that met a newer version is compared with that one, once.
            if (!(error instanceof ConflictError) || clientBase !== undefined || attempt > 0) throw error;
          }
        }
      } finally {
        timeCheck();
      }
    },
  };
}
