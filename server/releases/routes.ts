import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allowedIn } from '../../core/permissions';
import {
  MAX_RELEASE_ITEMS,
  RELEASE_STATUS_LABELS,
  maySeeReleases,
  releaseChangeRefusal,
  scheduleRefusal,
  type ReleaseAnswer,
} from '../../core/releases';
import { refusalOf } from '../../core/rules/saveChanges';
import type { PageKey } from '../../core/schemas';
import { describeKey, goLiveRefusal, type AuditClient } from '../../core/store';
import { AUDIT_ACTIONS, teamRoutes } from '../../core/teamProtocol';
import { auditClientOf } from '../../http/contentRoutes';
import { HttpError, RELEASE_REFUSED } from '../../http/errors';
import { forbidden, logRefusal } from '../access/contentAuthorization';
import type { Access } from '../access/grants';
import { recordAudit } from '../audit';
import type { Database, Queryable } from '../db/database';
import { ReleaseRollBackRefused, type ReleaseMoves } from './moves';
import {
  announceRelease,
  insertRelease,
  listReleases,
  releaseAnswer,
  releaseItems,
  releaseRow,
  unusableItems,
  updateRelease,
  writeItems,
  type ReleaseRow,
} from './store';

/**
 * The release routes (core/teamProtocol.ts teamRoutes, issue 24 §2) for users with publish somewhere, or
 * admins. Each change locks the release's row, is audited and announced (the `release` event) in its own
 * transaction. Scheduling and going live now need publish for every item; a refused change is 409.
 */

export interface ReleaseRoutesOptions {
  db: Database;
  moves: ReleaseMoves;
  accessOf: (request: FastifyRequest) => Promise<Access>;
}

const refused = (message: string) => new HttpError(409, RELEASE_REFUSED, message);

export const releaseRoutesPlugin: FastifyPluginAsync<ReleaseRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, moves, accessOf } = options;
  const routes = teamRoutes;

  /** The user's access, once they may see releases (403 otherwise). */
  const requireReleases = async (request: FastifyRequest): Promise<Access> => {
    const access = await accessOf(request);
    if (maySeeReleases(access.permissions)) return access;
    const error = new HttpError(
      403,
      'forbidden',
      'Releases need the publish permission: your roles do not let you put pages live anywhere.',
    );
    error.reason = error.message;
    throw logRefusal(request, error);
  };

  /** The 403 naming the first item the user may not put live (as a single page's go-live words it). */
  const requirePublishForEvery = (
    request: FastifyRequest,
    access: Access,
    row: ReleaseRow,
    keys: readonly PageKey[],
  ) => {
    for (const key of keys) {
      const refusal = refusalOf(access.permissions, key, 'publish', 'put pages live or roll them back there');
      if (refusal) throw logRefusal(request, forbidden('publish', key, refusal));
    }
    if (keys.length === 0) throw refused(`"${row.name}" has no items: add pages to it first.`);
  };

  /** Runs a change of one release under its row's lock; answers the release with its collisions after it. */
  const change = async (
    request: FastifyRequest,
    id: number,
    work: (transaction: Queryable, row: ReleaseRow, access: Access, client: Client) => Promise<boolean | void>,
  ): Promise<ReleaseAnswer> => {
    const access = await requireReleases(request);
    const client = { ...auditClientOf(request, access.user), actor: access.user };
    const unscheduled = await db.inTransaction(async (transaction) => {
      const row = await releaseRow(transaction, id, true);
      if (!row) throw missing(id);
      return (await work(transaction, row, access, client)) === true;
    });
    return (await releaseAnswer(db, id, unscheduled)) ?? Promise.reject(missing(id));
  };

  const audit = (
    transaction: Queryable,
    client: AuditClient,
    action: string,
    row: Pick<ReleaseRow, 'id' | 'name'>,
    details = {},
  ) =>
    recordAudit(transaction, {
      client,
      action,
      result: 'ok',
      details: { release: row.name, id: row.id, ...details },
    });

  app.get(
    routes.releases.url,
    { schema: { querystring: routes.releases.querystring.describe('releases query') } },
    async (request) => {
      await requireReleases(request);
      return listReleases(db, request.query);
    },
  );

  app.get(
    routes.release.url,
    { schema: { querystring: routes.release.querystring.describe('release query') } },
    async (request) => {
      await requireReleases(request);
      return (await releaseAnswer(db, request.query.id)) ?? Promise.reject(missing(request.query.id));
    },
  );

  app.post(
    routes.createRelease.url,
    { schema: { body: routes.createRelease.body.describe('createRelease body') } },
    async (request, reply) => {
      const access = await requireReleases(request);
      const { name } = request.body;
      const id = await db.inTransaction(async (transaction) => {
        const created = await insertRelease(transaction, name, access.user);
        if (created === null) throw refused(`A release named "${name}" exists already`);
        await audit(transaction, auditClientOf(request, access.user), AUDIT_ACTIONS.releaseCreate, {
          id: created,
          name,
        });
        await announceRelease(transaction, { id: created, name, status: 'draft' });
        return created;
      });
      return reply.code(201).send(await releaseAnswer(db, id));
    },
  );

  app.post(
    routes.changeReleaseItems.url,
    { schema: { body: routes.changeReleaseItems.body.describe('changeReleaseItems body') } },
    async (request) => {
      const { id, set, remove } = request.body;
      return change(request, id, async (transaction, row, access, client) => {
        const refusal = releaseChangeRefusal(row.name, row.status);
        if (refusal) throw refused(refusal);
        // A page the user may not view answers as a missing one would (as the content routes do).
        const hidden = set.find((item) => !allowedIn(access.permissions.view, item.pageKey));
        if (hidden)
          throw new HttpError(404, 'not-found', `No readable saved version of ${describeKey(hidden.pageKey)}.`);
        const [unusable] = await unusableItems(transaction, set);
        if (unusable) {
          const { item, kind } = unusable;
          throw refused(
            goLiveRefusal(item.pageKey, item.version, kind && { kind }) ??
              `${describeKey(item.pageKey)} cannot go live.`,
          );
        }
        const count = await writeItems(transaction, id, set, remove);
        if (count > MAX_RELEASE_ITEMS)
          throw refused(`A release holds at most ${MAX_RELEASE_ITEMS} items; "${row.name}" would hold ${count}.`);
        // A scheduled release is frozen: a change takes it back to draft, and its job no longer fires.
        const unscheduled = row.status === 'scheduled';
        const changes = unscheduled
          ? { scheduled_for: null, scheduled_by: null, schedule_revision: row.revision + 1, note: null }
          : { note: null };
        await updateRelease(transaction, row, changes, 'draft');
        await audit(transaction, client, AUDIT_ACTIONS.releaseChange, row, {
          set: set.length,
          removed: remove.length,
          ...(unscheduled && { unscheduled }),
        });
        return unscheduled;
      });
    },
  );

  app.post(
    routes.scheduleRelease.url,
    { schema: { body: routes.scheduleRelease.body.describe('scheduleRelease body') } },
    async (request) => {
      const { id, at } = request.body;
      return change(request, id, async (transaction, row, access, client) => {
        const refusal = releaseChangeRefusal(row.name, row.status) ?? scheduleRefusal(at, new Date());
        if (refusal) throw refused(refusal);
        requirePublishForEvery(request, access, row, await keysOf(transaction, id));
        const utc = new Date(at).toISOString();
        await moves.schedule(transaction, row, utc, { user: access.user, groups: access.groups });
        await audit(transaction, client, AUDIT_ACTIONS.releaseSchedule, row, { at: utc });
      });
    },
  );

  app.post(
    routes.unscheduleRelease.url,
    { schema: { body: routes.unscheduleRelease.body.describe('unscheduleRelease body') } },
    async (request) => {
      const { id } = request.body;
      return change(request, id, async (transaction, row, _access, client) => {
        const refusal = releaseChangeRefusal(row.name, row.status);
        if (refusal) throw refused(refusal);
        if (row.status !== 'scheduled') return;
        const changes = { scheduled_for: null, scheduled_by: null, schedule_revision: row.revision + 1 };
        await updateRelease(transaction, row, changes, 'draft');
        await audit(transaction, client, AUDIT_ACTIONS.releaseUnschedule, row);
      });
    },
  );

  app.post(
    routes.goLiveRelease.url,
    { schema: { body: routes.goLiveRelease.body.describe('goLiveRelease body') } },
    async (request) => {
      const { id } = request.body;
      let revision = 0;
      let client: Client | null = null;
      // `going-live` is committed first, so every screen shows it while the items move.
      await change(request, id, async (transaction, row, access, auditClient) => {
        const refusal = releaseChangeRefusal(row.name, row.status);
        if (refusal) throw refused(refusal);
        requirePublishForEvery(request, access, row, await keysOf(transaction, id));
        revision = await moves.startGoLive(transaction, row, { user: access.user, groups: access.groups });
        client = auditClient;
      });
      const outcome = await moves.completeGoLive(id, revision, client!);
      if (outcome.result === 'failed') throw refused(outcome.note);
      return (await releaseAnswer(db, id)) ?? Promise.reject(missing(id));
    },
  );

  app.post(
    routes.rollBackRelease.url,
    { schema: { body: routes.rollBackRelease.body.describe('rollBackRelease body') } },
    async (request) => {
      const { id, message } = request.body;
      return change(request, id, async (transaction, row, access, client) => {
        if (row.status !== 'live') throw refused(`"${row.name}" is not live: only a live release rolls back.`);
        const items = await releaseItems(transaction, id);
        requirePublishForEvery(
          request,
          access,
          row,
          items.map((item) => item.pageKey),
        );
        try {
          await moves.rollBack(transaction, row, items, message, client);
        } catch (error) {
          if (error instanceof ReleaseRollBackRefused) throw refused(error.message);
          throw error;
        }
      });
    },
  );

  app.post(
    routes.deleteRelease.url,
    { schema: { body: routes.deleteRelease.body.describe('deleteRelease body') } },
    async (request) => {
      const { id } = request.body;
      const access = await requireReleases(request);
      await db.inTransaction(async (transaction) => {
        const row = await releaseRow(transaction, id, true);
        if (!row) throw missing(id);
        if (row.status !== 'draft' && row.status !== 'failed') {
          const status = RELEASE_STATUS_LABELS[row.status].toLowerCase();
          throw refused(`"${row.name}" is ${status}: only a draft or failed release can be deleted.`);
        }
        await transaction.query('DELETE FROM releases WHERE id = $1', [id]);
        await audit(transaction, auditClientOf(request, access.user), AUDIT_ACTIONS.releaseDelete, row);
        await announceRelease(transaction, { id, name: row.name, status: null });
      });
      return { ok: true as const };
    },
  );
};

type Client = AuditClient & { actor: string };

async function keysOf(db: Queryable, id: number): Promise<PageKey[]> {
  return (await releaseItems(db, id)).map((item) => item.pageKey);
}

function missing(id: number): HttpError {
  return new HttpError(404, 'not-found', `No release has the id ${id}.`);
}
