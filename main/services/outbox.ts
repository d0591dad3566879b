import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { StudioError } from '../../core/result';
import {
  PageContentSchema,
  VersionSummarySchema,
  type PageContent,
  type PageKey,
  type VersionSummary,
} from '../../core/schemas';
import { pageKeyId } from '../../core/store';
import { PendingSaveSchema, type PendingSave } from '../../core/team';
import { writeFileAtomic } from './atomicFile';
import { createJsonFolder } from './jsonFolder';
import { createKeyedQueue } from './keyedQueue';
import { errorMessage } from '../../core/rules/errorMessage';
import { ConflictedMergeSchema, type ConflictedMerge } from '../../core/conflictedMerge';
import type { MergeNotice } from '../../core/rules/merge/mergingSave';

/**
 * Saves made while the team server could not be reached (issue 13): one file per pending save in
 * <data>/outbox, named by its sequence number so the folder's order is the order they were made, each written
 * atomically. A file leaves the folder only when the server acknowledged its save, or the user discarded it.
 * The save id goes with it, so a save sent again after a crash between sending and acknowledging is answered
 * by the server as a repeat, not saved twice.
 */

/**
 * serverUrl: the team server the save was made for; it is sent there only, never to another one signed in later.
 * merge: the conflicts its merge met on replay (state 'conflict'), for a person to settle; null otherwise.
 */
const OutboxEntrySchema = PendingSaveSchema.extend({
  seq: z.number().int().positive(),
  content: PageContentSchema,
  serverUrl: z.string().nullable().default(null),
  merge: ConflictedMergeSchema.nullable().default(null),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

const ENTRY_FILE = /^(\d{12})-[0-9a-f-]{36}\.json$/;

/**
 * What became of one pending save sent (merged on the way when it met a newer version, main/services/mergingSave.ts):
 * - saved: content is what the server holds now (the merged page when merged: the notice, else null);
 * - conflicts: its merge met fields changed two ways, for a person to settle; nothing was written;
 * - still-changing: each merge met a newer version again; it is sent again at the next flush.
 */
export type SendOutcome =
  | { kind: 'saved'; version: VersionSummary; repeated: boolean; content: PageContent; merged: MergeNotice | null }
  | { kind: 'conflicts'; merge: ConflictedMerge }
  | { kind: 'still-changing'; message: string };
export type SavedOutcome = Extract<SendOutcome, { kind: 'saved' }>;

export interface OutboxReport {
  saved(entry: OutboxEntry, saved: SavedOutcome): Promise<void> | void;
  /** merge: the conflicts to settle; null when the save met a newer version it could not be merged with (no base). */
  conflict(entry: OutboxEntry, latest: VersionSummary | null, merge: ConflictedMerge | null): Promise<void> | void;
  refused(entry: OutboxEntry, problem: string): Promise<void> | void;
  stillChanging(entry: OutboxEntry, message: string): Promise<void> | void;
}

/** How a flush ended: everything sendable was sent, or the server stopped answering (retry later). */
export type FlushResult = { kind: 'done' } | { kind: 'offline'; error: StudioError };

export interface Outbox {
  /** Every pending save, oldest first. An unreadable file is left where it is and reported, never deleted. */
  list(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | null>;
  add(input: {
    key: PageKey;
    content: PageContent;
    baseHash: string | null;
    saveId: string;
    queuedAt: Date;
    serverUrl?: string | null;
  }): Promise<OutboxEntry>;
  update(
    id: string,
    patch: Partial<
      Pick<OutboxEntry, 'state' | 'problem' | 'latest' | 'baseHash' | 'merge' | 'content' | 'hash' | 'saveId'>
    >,
  ): Promise<OutboxEntry>;
  remove(id: string): Promise<void>;
  /**
   * Sends the pending saves in order, each with its base hash and save id. A page whose save met a conflict
   * its merge could not settle (or was refused) keeps its later saves back until the user decides; other pages
   * go on. Stops at the first answer that says the server is unreachable. One flush at a time: a call during a flush runs once more after it.
   * `sendable` keeps back saves that are not for the server in force (and that page's later saves with them).
   */
  flush(
    send: (entry: OutboxEntry) => Promise<SendOutcome>,
    report: OutboxReport,
    sendable?: (entry: OutboxEntry) => boolean,
  ): Promise<FlushResult>;
}

/** Errors that mean "try again later" rather than "this save is wrong". */
function meansUnreachable(error: unknown): error is StudioError {
  return (
    error instanceof StudioError &&
    (error.code === 'unavailable' || error.code === 'unauthorized' || error.code === 'failed')
  );
}

export function pendingSaveOf(entry: OutboxEntry): PendingSave {
  return PendingSaveSchema.parse(entry);
}

export function createOutbox(
  dir: string,
  log: (message: string) => void = (message) => console.warn(`outbox: ${message}`),
): Outbox {
  const enqueue = createKeyedQueue();
  let flushing: Promise<FlushResult> | null = null;
  let flushAgain = false;

  // A pending save is work not yet sent: a file that cannot be read is left where it is, never deleted.
  const folder = createJsonFolder({
    dir,
    files: ENTRY_FILE,
    schema: OutboxEntrySchema,
    policy: 'leave-in-place',
    reason: (problem) => {
      switch (problem.kind) {
        case 'invalid':
          return `is not a pending save (${problem.issues})`;
        case 'not-json':
          return `could not be read (${problem.message})`;
        case 'check':
          return problem.reason;
        case 'unreadable':
          return `could not be read (${errorMessage(problem.error)})`;
      }
    },
    log,
  });
  const files = folder.names;
  const read = async (name: string): Promise<OutboxEntry | null> => (await folder.read(name))?.value ?? null;

  const fileOf = (entry: Pick<OutboxEntry, 'seq' | 'id'>): string =>
    `${String(entry.seq).padStart(12, '0')}-${entry.id}.json`;
  const write = (entry: OutboxEntry): Promise<void> =>
    writeFileAtomic(join(dir, fileOf(entry)), `${JSON.stringify(entry, null, 2)}\n`);

  const list = async (): Promise<OutboxEntry[]> => {
    const entries = await Promise.all((await files()).map(read));
    return entries.filter((entry): entry is OutboxEntry => entry !== null);
  };

  const get = async (id: string): Promise<OutboxEntry | null> =>
    (await list()).find((entry) => entry.id === id) ?? null;

  const runFlush = async (
    send: (entry: OutboxEntry) => Promise<SendOutcome>,
    report: OutboxReport,
    sendable: (entry: OutboxEntry) => boolean,
  ): Promise<FlushResult> => {
    const heldBack = new Set<string>();
    for (const entry of await list()) {
      const page = pageKeyId(entry.key);
      if (entry.state !== 'waiting' || heldBack.has(page) || !sendable(entry)) {
        heldBack.add(page);
        continue;
      }
      let outcome: SendOutcome;
      try {
        outcome = await send(entry);
      } catch (error) {
        // A newer version it could not be merged with (its base is not on the server any more).
        if (error instanceof StudioError && error.code === 'conflict') {
          const latest = VersionSummarySchema.safeParse(error.details);
          const held = await update(entry.id, {
            state: 'conflict',
            problem: error.message,
            latest: latest.success ? latest.data : null,
            merge: null,
          });
          heldBack.add(page);
          await report.conflict(held, held.latest, null);
          continue;
        }
        if (meansUnreachable(error)) return { kind: 'offline', error };
        const problem = errorMessage(error);
        const held = await update(entry.id, { state: 'refused', problem });
        heldBack.add(page);
        await report.refused(held, problem);
        continue;
      }
      if (outcome.kind === 'conflicts') {
        const { merge } = outcome;
        const held = await update(entry.id, { state: 'conflict', problem: null, latest: merge.theirs.version, merge });
        heldBack.add(page);
        await report.conflict(held, held.latest, merge);
        continue;
      }
      if (outcome.kind === 'still-changing') {
        const held = await update(entry.id, { problem: outcome.message });
        heldBack.add(page);
        await report.stillChanging(held, outcome.message);
        continue;
      }
      // Acknowledged: only now does the file go.
      await remove(entry.id);
      await report.saved(entry, outcome);
    }
    return { kind: 'done' };
  };

  const update: Outbox['update'] = (id, patch) =>
    enqueue('outbox', async () => {
      const entry = await get(id);
      if (!entry) throw new StudioError('not-found', 'This pending save is no longer in the outbox.');
      const next = { ...entry, ...patch };
      await write(next);
      return next;
    });

  const remove: Outbox['remove'] = (id) =>
    enqueue('outbox', async () => {
      const name = (await files()).find((file) => file.endsWith(`-${id}.json`));
      if (name) await rm(join(dir, name), { force: true });
    });

  return {
    list,
    get,
    add: (input) =>
      enqueue('outbox', async () => {
        const names = await files();
        const last = names.length ? Number(ENTRY_FILE.exec(names[names.length - 1]!)![1]) : 0;
        const entry: OutboxEntry = {
          id: randomUUID(),
          seq: last + 1,
          key: input.key,
          content: input.content,
          commitMessage: input.content.commitMessage,
          baseHash: input.baseHash,
          hash: input.content.hash,
          saveId: input.saveId,
          serverUrl: input.serverUrl ?? null,
          queuedAt: input.queuedAt.toISOString(),
          state: 'waiting',
          problem: null,
          latest: null,
          merge: null,
        };
        await write(entry);
        return entry;
      }),
    update,
    remove,
    async flush(send, report, sendable = () => true) {
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      const run = async (): Promise<FlushResult> => {
        let result: FlushResult;
        do {
          flushAgain = false;
          result = await runFlush(send, report, sendable);
        } while (flushAgain && result.kind === 'done');
        return result;
      };
      flushing = run().finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
}
