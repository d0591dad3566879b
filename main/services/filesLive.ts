import { join } from 'node:path';
import { z } from 'zod';
import { LiveEntrySchema, type LiveEntry } from '../../core/live';
import type { LiveState, PageKey, PageSummary, VersionSummary } from '../../core/schemas';
import {
  DamagedVersionError,
  LiveChangeError,
  describeKey,
  goLiveRefusal,
  keyOf,
  pageOf,
  rollBackRefusal,
  type ContentStore,
  type LiveMoveInput,
  type Paging,
} from '../../core/store';
import { errorMessage } from '../../core/rules/errorMessage';
import { writeFileAtomic } from './atomicFile';
import { createJsonFolder, type FileProblem, type JsonFolder } from './jsonFolder';

/**
 * The live versions of the embedded files store (issue 24): a page's live entries are one file beside its
 * versions, live.json, oldest first, written whole (atomically) by each move. The moves of a page take turns
 * in the store's queue of that page, with its saves. A live file that cannot be read is never written over:
 * the listing shows its page as not live (telling onDamagedFile), and reading the page's live state or moving
 * it fails with a message naming the file, until someone repairs the file or moves it away.
 */

export const LIVE_FILE = 'live.json';

/** A page's live file: its live entries, oldest first (each move adds one at the end). */
const LiveFileSchema = z.object({ entries: z.array(LiveEntrySchema) });
type LiveFile = z.infer<typeof LiveFileSchema>;

/** A version file as read: its value, or why it could not be read; null when there is no such file. */
export type Outcome<T> = { value: T } | { damaged: string } | null;

/** What the live part needs of the files store. */
export interface FilesLiveOptions {
  pageFolder(key: PageKey): string;
  /** The store's queue: tasks of one page folder run one after another. */
  enqueue<T>(folder: string, task: () => Promise<T>): Promise<T>;
  /** What the store knows of one version of the page folder. */
  versionAt(folder: string, version: number): Promise<Outcome<{ summary: VersionSummary }>>;
  onDamagedFile(path: string, reason: string): void;
}

export type FilesLive = Pick<ContentStore, 'goLive' | 'rollBack' | 'live' | 'liveHistory'> & {
  /**
   * A listed page with its live state (when it has a live file). `numbers` are the page's version numbers,
   * newest first.
   */
  withLiveState(summary: PageSummary, folder: string, numbers: readonly number[]): Promise<PageSummary>;
};

/** What a move asks for: a go-live names its version; a rollback returns to the one live before. */
type MoveTarget = { move: 'live'; version: number } | { move: 'rollback' };

export function createFilesLive(options: FilesLiveOptions): FilesLive {
  const { pageFolder, enqueue, versionAt } = options;
  const liveFolders = new Map<string, JsonFolder<LiveFile>>();

  function liveFolder(folder: string): JsonFolder<LiveFile> {
    let live = liveFolders.get(folder);
    if (!live) {
      live = createJsonFolder({
        dir: folder,
        files: /^live\.json$/,
        schema: LiveFileSchema,
        policy: 'skip',
        reason: describeFileProblem('a live history'),
        onSkipped: options.onDamagedFile,
      });
      liveFolders.set(folder, live);
    }
    return live;
  }

  /** The page's live entries, oldest first (none without a live file), or why its live file cannot be read. */
  async function liveEntries(folder: string): Promise<{ value: LiveEntry[] } | { damaged: string }> {
    const outcome = await liveFolder(folder).inspect(LIVE_FILE);
    if (outcome === null) return { value: [] };
    return 'damaged' in outcome ? outcome : { value: outcome.value.entries };
  }

  /** The page's live entries, oldest first; throws `refusal` when its live file cannot be read. */
  async function readableLiveEntries(
    key: PageKey,
    folder: string,
    refusal: (message: string) => Error,
  ): Promise<LiveEntry[]> {
    const outcome = await liveEntries(folder);
    if ('damaged' in outcome) throw refusal(damagedLiveFileMessage(key, join(folder, LIVE_FILE), outcome.damaged));
    return outcome.value;
  }

  /**
   * A go-live or a rollback, decided by the rules both stores share: the live entries are read, the move
   * checked, and the file written whole with the new entry at the end, in the page's queue.
   */
  async function moveLive(input: LiveMoveInput, target: MoveTarget): Promise<LiveEntry> {
    const key = keyOf(input.key);
    const folder = pageFolder(key);
    return enqueue(folder, async () => {
      const entries = await readableLiveEntries(key, folder, (message) => new LiveChangeError(message));
      const current = entries.at(-1) ?? null;
      if (target.move === 'rollback') refuseIf(rollBackRefusal(key, current));
      // A rollback not refused has a version live before the current one.
      const version = target.move === 'live' ? target.version : current!.previous!;
      // A rollback's version is checked too, as PostgreSQL's move_live checks it.
      const outcome = await versionAt(folder, version);
      if (outcome && 'damaged' in outcome) throw new DamagedVersionError(key, version, outcome.damaged);
      const stored = outcome?.value.summary ?? null;
      refuseIf(goLiveRefusal(key, version, stored));
      const entry: LiveEntry = {
        pageKey: key,
        version,
        // Not refused: the version exists.
        hash: stored!.hash,
        previous: current?.version ?? null,
        move: target.move,
        at: new Date().toISOString(),
        by: input.by,
        message: input.message,
        release: input.release ?? null,
      };
      const file: LiveFile = { entries: [...entries, entry] };
      await writeFileAtomic(join(folder, LIVE_FILE), JSON.stringify(file));
      return entry;
    });
  }

  async function liveHistory(key: PageKey, paging?: Paging) {
    const entries = await readableLiveEntries(key, pageFolder(key), (message) => new Error(message));
    const newestFirst = [...entries].reverse();
    return { entries: pageOf(newestFirst, paging), total: newestFirst.length };
  }

  async function withLiveState(summary: PageSummary, folder: string, numbers: readonly number[]) {
    const outcome = await liveEntries(folder);
    const current = 'value' in outcome ? outcome.value.at(-1) : undefined;
    if (!current) return summary;
    // One version at a time: the listing already reads several pages at once.
    let ahead = 0;
    for (const number of numbers) {
      if (number <= current.version) break;
      const newer = await versionAt(folder, number);
      if (newer && 'value' in newer && newer.value.summary.kind === 'content') ahead++;
    }
    const live: LiveState = { version: current.version, at: current.at, by: current.by, ahead };
    return { ...summary, live };
  }

  return {
    goLive: (input) => moveLive(input, { move: 'live', version: input.version }),
    rollBack: (input) => moveLive(input, { move: 'rollback' }),
    live: async (key) => (await liveHistory(key, { limit: 1 })).entries[0] ?? null,
    liveHistory,
    withLiveState,
  };
}

function refuseIf(refusal: string | null): void {
  if (refusal !== null) throw new LiveChangeError(refusal);
}

/** Why a live file stops the page's live state being read or moved; the file is never written over. */
function damagedLiveFileMessage(key: PageKey, path: string, reason: string): string {
  return `The live history of ${describeKey(key)} cannot be read: ${path} is damaged (${reason}). It is kept as it is; repair it or move it away to go live again.`;
}

/** Why a file of a page folder cannot be used (not JSON, too deep, wrong shape, wrong number); `what` it should be. */
export function describeFileProblem(what: string): (problem: FileProblem) => string {
  return (problem) => {
    switch (problem.kind) {
      case 'unreadable':
        return errorMessage(problem.error);
      case 'not-json':
        return `not readable JSON: ${errorMessage(problem.error)}`;
      case 'invalid':
        return `not ${what}: ${problem.issues}`;
      case 'check':
        return problem.reason;
    }
  };
}
