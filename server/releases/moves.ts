import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { LiveEntry } from '../../core/live';
import { describePlace, may } from '../../core/permissions';
import { lateNote, releaseLiveMessage, type ReleaseItemState } from '../../core/releases';
import { errorMessage } from '../../core/rules/errorMessage';
import type { PageKey } from '../../core/schemas';
import { describeKey, goLiveRefusal, type AuditClient } from '../../core/store';
import { AUDIT_ACTIONS } from '../../core/teamProtocol';
import { loadAccess } from '../access/grants';
import { recordAudit } from '../audit';
import { EVENTS_CHANNEL, type Database, type Queryable } from '../db/database';
import type { WebhookDelivery } from '../webhooks';
import { pageKeyOf, releaseItems, releaseRow, updateRelease, type ReleaseRow } from './store';

/**
 * A release's moves (issue 24 §2): going live, at once or at its time, and rolling back, each ONE transaction
 * through move_release (migration 010), which moves every item's pointer with move_live or none.
 *
 * Going live is two steps. First `going-live` is committed (screens show it; the schedule revision is the one
 * the move was asked for). Then the moving transaction locks the release's row and moves only a release still
 * going live with that revision: two server processes firing one schedule, or a recovery after a process died
 * mid-way (its uncommitted moves were undone by PostgreSQL), move it exactly once. A refusal (a version that
 * cannot go live, a publish permission taken away) undoes every move and marks the release failed with a note.
 *
 * Schedules are pg-boss jobs (the queue the webhooks' deliveries use) sent in the scheduling transaction, with
 * startAfter the release's time; whichever process takes the job fires it. On start, a recovery pass fires
 * every release whose time passed while no server ran, and every release a stopped server left going live.
 */

const QUEUE = 'release-go-live';

/** What a schedule's job carries: the release and the schedule revision it was made for. */
interface GoLiveJob {
  id: number;
  revision: number;
}

/** The whys of lateNote. */
const NO_SERVER_RAN = 'no team server was running at its time';
const SERVER_STOPPED = 'the server going live with it stopped';

/** Who moves a release's items (their live entries' `by`), and from where, as the audit entries record it. */
type Mover = AuditClient & { actor: string };

/** Where a scheduled (or resumed) move is made from, as its audit entries record it. */
function schedulerClient(user: string): Mover {
  return { actor: user, userAgent: 'storefront-studio-server scheduler', clientAddress: null, requestId: null };
}

/** A refused go-live: every move is undone and the release marked failed with this note. */
class ReleaseFailure extends Error {}

/** A refused rollback: nothing moved; the message says which item and why. */
export class ReleaseRollBackRefused extends Error {}

interface MovedRow extends PageKey {
  outcome: 'moved' | 'refused' | 'error';
  version: number;
  hash: string;
  previous: number | null;
  at: Date;
  kind: 'content' | 'bookmark' | null;
  reason: string | null;
}

export type GoLiveOutcome = { result: 'live' } | { result: 'failed'; note: string } | { result: 'skipped' };

export interface ReleaseMoves {
  /** Schedules the release in `transaction` (its row locked): its status and the job commit together. */
  schedule(
    transaction: Queryable,
    row: ReleaseRow,
    at: string,
    scheduler: { user: string; groups: string[] },
  ): Promise<void>;
  /**
   * Sets the release going live now in `transaction` (its row locked), with the mover's publish permission;
   * once that commits, `complete` moves it. Answers the revision to complete.
   */
  startGoLive(transaction: Queryable, row: ReleaseRow, mover: { user: string; groups: string[] }): Promise<number>;
  /** The moving transaction of a release set going live with `revision` by startGoLive. */
  completeGoLive(id: number, revision: number, client: Mover): Promise<GoLiveOutcome>;
  /** Rolls a live release back in `transaction` (its row locked); throws ReleaseRollBackRefused. */
  rollBack(
    transaction: Queryable,
    row: ReleaseRow,
    items: readonly ReleaseItemState[],
    message: string,
    client: Mover,
  ): Promise<void>;
  /**
   * The recovery pass (the releases whose time passed while no server ran, and those a stopped server left
   * going live are fired), then this process's worker of the schedules' jobs.
   */
  start(): Promise<void>;
}

export async function startReleaseMoves(settings: {
  db: Database;
  webhooks: WebhookDelivery;
  log: Pick<Logger, 'info' | 'warn'>;
  pollingIntervalSeconds?: number;
}): Promise<ReleaseMoves> {
  const { db, webhooks, log } = settings;
  const boss: PgBoss = webhooks.jobs;

  /** Marks a release that could not go live failed, unless another move got to it first. */
  async function markFailed(id: number, revision: number, note: string, client: AuditClient): Promise<void> {
    await db.inTransaction(async (transaction) => {
      const row = await releaseRow(transaction, id, true);
      if (!row || row.status !== 'going-live' || row.revision !== revision) return;
      await updateRelease(transaction, row, { note, going_live_at: null }, 'failed');
      await recordAudit(transaction, {
        client,
        action: AUDIT_ACTIONS.releaseFail,
        result: 'failed',
        reason: note,
        details: { release: row.name, id },
      });
    });
    log.warn({ release: id, note }, 'releases: a release failed to go live');
  }

  /** Why the mover may not put every item live now, or null. */
  async function publishRefusal(transaction: Queryable, row: ReleaseRow, items: readonly ReleaseItemState[]) {
    const mover = row.movingBy!;
    const { rows } = await transaction.query<{ disabled: boolean }>(
      'SELECT disabled_at IS NOT NULL AS disabled FROM users WHERE email = $1',
      [mover],
    );
    if (rows[0]?.disabled) return `Nothing went live: ${mover} is disabled on this server.`;
    const { permissions } = await loadAccess(transaction, mover, row.movingGroups);
    const refused = items.find((item) => !may(permissions, 'publish', item.pageKey));
    return refused
      ? `Nothing went live: ${mover} may no longer put pages live in ${describePlace(refused.pageKey)} (publish).`
      : null;
  }

  /**
   * The moving transaction of a release going live with `revision`; `resumed`: another process set it going
   * live (and stopped), which its note says when it went live late.
   */
  async function completeGoLive(id: number, revision: number, client: Mover, resumed: boolean): Promise<GoLiveOutcome> {
    try {
      return await db.inTransaction(async (transaction): Promise<GoLiveOutcome> => {
        const row = await releaseRow(transaction, id, true);
        if (!row || row.status !== 'going-live' || row.revision !== revision) return { result: 'skipped' };
        const items = await releaseItems(transaction, id);
        const refusal = await publishRefusal(transaction, row, items);
        if (refusal) throw new ReleaseFailure(refusal);
        const entries = await moveItems(transaction, row, 'live', releaseLiveMessage(row.name), client);
        const wentLiveAt =
          entries
            .map((entry) => entry.at)
            .sort()
            .at(-1) ?? new Date().toISOString();
        const since = row.scheduledFor ?? row.goingLiveAt!;
        const note = lateNote(since, wentLiveAt, resumed ? SERVER_STOPPED : NO_SERVER_RAN);
        await updateRelease(transaction, row, { went_live_at: wentLiveAt, note }, 'live');
        await recordAudit(transaction, {
          client,
          action: AUDIT_ACTIONS.releaseGoLive,
          result: 'ok',
          details: { release: row.name, id, items: entries.length, ...(note && { note }) },
        });
        await webhooks.enqueue(transaction, 'live', row.name, entries);
        return { result: 'live' };
      });
    } catch (error) {
      if (!(error instanceof ReleaseFailure)) throw error;
      await markFailed(id, revision, error.message, client);
      return { result: 'failed', note: error.message };
    }
  }

  /** Every item through move_release; the entries made, or a throw naming the item that could not move. */
  async function moveItems(
    transaction: Queryable,
    row: ReleaseRow,
    move: 'live' | 'rollback',
    message: string,
    client: Mover,
  ): Promise<LiveEntry[]> {
    const { rows } = await transaction.query<MovedRow>(
      'SELECT * FROM move_release($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
      [
        row.id,
        move,
        client.actor,
        message,
        row.name,
        client.actor,
        client.userAgent,
        client.clientAddress,
        client.requestId,
        EVENTS_CHANNEL,
      ],
    );
    const failed = rows.find((moved) => moved.outcome !== 'moved');
    if (failed) {
      const key = pageKeyOf(failed);
      const why =
        failed.outcome === 'refused'
          ? (goLiveRefusal(key, failed.version, failed.kind === null ? null : { kind: failed.kind }) ??
            `${describeKey(key)} cannot move to version ${failed.version}.`)
          : `${describeKey(key)} could not move (${failed.reason ?? 'unknown error'}).`;
      if (move === 'live') throw new ReleaseFailure(`Nothing went live: ${why}`);
      throw new ReleaseRollBackRefused(`Nothing was rolled back: ${why}`);
    }
    return rows.map((moved) => ({
      pageKey: pageKeyOf(moved),
      version: moved.version,
      hash: moved.hash,
      previous: moved.previous,
      move,
      at: moved.at.toISOString(),
      by: client.actor,
      message,
      release: row.name,
    }));
  }

  /** A schedule's job (or the recovery pass): sets the release going live, or resumes it, then moves it. */
  async function fire(id: number, revision: number): Promise<void> {
    const started = await db.inTransaction(async (transaction) => {
      const row = await releaseRow(transaction, id, true);
      if (!row || row.revision !== revision) return null;
      if (row.status === 'going-live') return { resumed: true, mover: row.movingBy! };
      if (row.status !== 'scheduled') return null;
      const changes = {
        moving_by: row.scheduledBy,
        moving_groups: row.scheduledGroups,
        going_live_at: new Date().toISOString(),
      };
      await updateRelease(transaction, row, changes, 'going-live');
      return { resumed: false, mover: row.scheduledBy! };
    });
    if (!started) return;
    const outcome = await completeGoLive(id, revision, schedulerClient(started.mover), started.resumed);
    if (outcome.result === 'live') log.info({ release: id, resumed: started.resumed }, 'releases: went live');
  }

  await boss.createQueue(QUEUE, { name: QUEUE, policy: 'short' });

  /** The recovery pass: fires the releases whose time passed and those a stopped server left going live. */
  async function recover(): Promise<void> {
    const { rows } = await db.query<GoLiveJob>(
      `SELECT id, schedule_revision AS revision FROM releases
        WHERE (status = 'scheduled' AND scheduled_for <= now()) OR status = 'going-live' ORDER BY id`,
    );
    for (const { id, revision } of rows) {
      await fire(id, revision).catch((error: unknown) =>
        log.warn({ release: id, err: errorMessage(error) }, 'releases: recovery could not fire a release'),
      );
    }
  }

  return {
    async schedule(transaction, row, at, scheduler) {
      const revision = row.revision + 1;
      const changes = {
        scheduled_for: at,
        scheduled_by: scheduler.user,
        scheduled_groups: scheduler.groups,
        schedule_revision: revision,
        note: null,
      };
      await updateRelease(transaction, row, changes, 'scheduled');
      await boss.send(QUEUE, { id: row.id, revision } satisfies GoLiveJob, {
        startAfter: new Date(at),
        singletonKey: `${row.id}:${revision}`,
        retryLimit: 10,
        retryDelay: 5,
        retryBackoff: true,
        // A go-live takes well under a second: a job active this long had its process die under it.
        expireInSeconds: 120,
        db: { executeSql: (text, values) => transaction.query(text, values) },
      });
    },
    async startGoLive(transaction, row, mover) {
      const revision = row.revision + 1;
      // A schedule it had is dropped: its job finds the revision changed.
      const changes = {
        scheduled_for: null,
        scheduled_by: null,
        schedule_revision: revision,
        moving_by: mover.user,
        moving_groups: mover.groups,
        going_live_at: new Date().toISOString(),
        note: null,
      };
      await updateRelease(transaction, row, changes, 'going-live');
      return revision;
    },
    completeGoLive: (id, revision, client) => completeGoLive(id, revision, client, false),
    async rollBack(transaction, row, items, message, client) {
      const missing = items.find((item) => item.liveBefore === null);
      if (missing) {
        throw new ReleaseRollBackRefused(
          `${describeKey(missing.pageKey)} was not live before "${row.name}": a page cannot be taken off live, so the release cannot roll back.`,
        );
      }
      const entries = await moveItems(transaction, row, 'rollback', message, client);
      const rolledBackAt =
        entries
          .map((entry) => entry.at)
          .sort()
          .at(-1) ?? new Date().toISOString();
      await updateRelease(transaction, row, { rolled_back_at: rolledBackAt }, 'rolled-back');
      await recordAudit(transaction, {
        client,
        action: AUDIT_ACTIONS.releaseRollBack,
        result: 'ok',
        details: { release: row.name, id: row.id, items: entries.length, message },
      });
      await webhooks.enqueue(transaction, 'rollback', row.name, entries);
    },
    async start() {
      await recover();
      // After the recovery pass, so this process does not resume a release it is itself setting going live.
      await boss.work<GoLiveJob>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          // A throw (the database out of reach) has pg-boss retry the job; the revision keeps it to once.
          if (job) await fire(job.data.id, job.data.revision);
        },
      );
    },
  };
}
