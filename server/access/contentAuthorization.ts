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
 * (another process saved since): the save over it is then refused by the database, and compared again. A
 * save whose base is not the kept version (most often a stale base, answered 409) asks the store before any
 * read: the store answers the conflict or the repeat without saving, and only a base that turns out to be the
 * newest is read and compared.
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

export function createContentAuthorization({ store, accessOf }: ContentAuthorizationOptions): ContentAuthorization {
  /** Newest content by page, the page kept longest ago first (the one dropped past NEWEST_KEPT). */
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
    async viewScopes(request) {
      return (await accessOf(request)).permissions.view;
    },

    async checkBookmark(request, key) {
      const { permissions } = await accessOf(request);
      requireAction(request, permissions, key, 'bookmark', 'bookmark pages there');
    },

    async checkPublish(request, key) {
      const { permissions } = await accessOf(request);
      requireAction(request, permissions, key, 'publish', 'put pages live or roll them back there');
    },

    async saveContent(request: FastifyRequest, reply: FastifyReply, input: SaveInput): Promise<SaveResult> {
      // The check's own cost (Server-Timing, which the bench reads): the time spent deciding, and apart, the
      // time spent reading the newest version when this process did not keep it. Waits for the event loop
      // between the two are neither.
      const timing = { deciding: 0, reading: 0 };
      const deciding = (work: () => void): void => {
        const started = performance.now();
        try {
          work();
        } finally {
          timing.deciding += performance.now() - started;
        }
      };
      const sendTiming = (): void =>
        void reply.header(
          'Server-Timing',
          `permission;dur=${timing.deciding.toFixed(3)}, permission-read;dur=${timing.reading.toFixed(3)}`,
        );
      const key = keyOf(input.content);
      const clientBase = input.baseHash;

      /** Saves only over the version with this hash (null: only while the page has no content). */
      const saveOver = (baseHash: string | null): Promise<SaveResult> => {
        sendTiming();
        return store.save({ ...input, baseHash });
      };
      const readNewestTimed = async (): Promise<Newest | null> => {
        const started = performance.now();
        try {
          return await readNewest(key);
        } finally {
          timing.reading += performance.now() - started;
        }
      };

      try {
        const { permissions } = await accessOf(request);
        deciding(() => requireAction(request, permissions, key, 'view', 'save pages there'));
        for (let attempt = 0; ; attempt++) {
          const cached = attempt === 0 ? kept.get(pageKeyId(key)) : undefined;
          if (cached && clientBase !== undefined && clientBase !== cached.hash) {
            // Most likely a stale base or a save sent again: the store answers the conflict or the repeat and
            // saves nothing, as no version has the hash named. Only a client base that turns out to be the
            // newest (another process saved since this one kept the page) is read and compared.
            const answer = await saveOver(NO_VERSION_HAS_THIS_HASH).catch((error: unknown) => error);
            if (!(answer instanceof ConflictError && answer.latest.hash === clientBase)) {
              if (answer instanceof Error) throw answer;
              return answer as SaveResult;
            }
          }
          const usable = cached && (clientBase === undefined || clientBase === cached.hash) ? cached : undefined;
          const base = usable ?? (await readNewestTimed());
          // A stale base, or a save sent again whose first attempt is the newest now: as above.
          if (clientBase !== undefined && base && clientBase !== base.hash)
            return await saveOver(NO_VERSION_HAS_THIS_HASH);
          deciding(() => check(request, permissions, base, input.content));
          try {
            const saved = await saveOver(base?.hash ?? null);
            if (!saved.repeated) {
              const { hash } = saved.version;
              keep(key, { hash, content: { ...input.content, hash } });
            }
            return saved;
          } catch (error) {
            // A deliberate overwrite that met a newer version is compared with that one, once.
            if (!(error instanceof ConflictError) || clientBase !== undefined || attempt > 0) throw error;
          }
        }
      } catch (error) {
        // A refusal's cost is reported too.
        if (error instanceof HttpError && error.status === 403) sendTiming();
        // The conflict as the client sees it: against the base it sent.
        if (error instanceof ConflictError && clientBase !== undefined)
          throw conflictOf(key, clientBase, error.latest) ?? error;
        throw error;
      }
    },
  };
}
