import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describeIssues } from '../../core/contract';
import type { DamagedFile } from '../../core/damagedFiles';
import { StudioError } from '../../core/result';
import { contentHash } from '../../core/rules/hash';
import { checkJsonLimits } from '../../core/rules/jsonLimits';
import { DraftSchema, type Draft } from '../../core/schemas';
import { isMissingFileError, keepDamagedFile, readJsonFile, writeFileAtomic } from './atomicFile';
import { createKeyedQueue } from './keyedQueue';
import { errorMessage } from '../../core/rules/errorMessage';

/**
 * Autosaved working copies (ARCHITECTURE.md, Data), one JSON file per bookmark. The file is named by a hash
 * of the bookmark, so no bookmark, whatever it holds, can name a file outside the folder.
 */
export interface DraftStore {
  /**
   * Every readable draft, most recently updated first. A file that cannot be read is moved to damaged/
   * (see damagedFiles) and the others are still listed.
   */
  list(): Promise<Draft[]>;
  /** The draft of a bookmark; null when there is none, or when its file could not be read and was moved aside. */
  get(bookmark: string): Promise<Draft | null>;
  put(draft: Draft): Promise<void>;
  remove(bookmark: string): Promise<void>;
  /** The files this store could not read since it was opened, and where each was kept. */
  damagedFiles(): DamagedFile[];
}

export interface DraftStoreOptions {
  now?: () => Date;
  /** Told where each unreadable file went; the default writes a warning to the console. */
  log?: (message: string) => void;
}

const DRAFT_FILE = /^[0-9a-f]{16}\.json$/;

/** Where unreadable drafts are kept, inside the drafts folder, for an editor or support to recover by hand. */
export const DAMAGED_DRAFTS_FOLDER = 'damaged';

/** An error reading the file itself (permissions, I/O), as opposed to what the file holds. */
function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

export function createDraftStore(dir: string, options: DraftStoreOptions = {}): DraftStore {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`drafts: ${message}`));
  // Autosaves of one page follow each other quickly; queued per file, the last one written is the last one made.
  const enqueue = createKeyedQueue();
  const fileName = (bookmark: string) => `${contentHash(bookmark)}.json`;
  const damaged: DamagedFile[] = [];
  // Unreadable files that could not be moved aside either: never written over while they are there.
  const stuck = new Set<string>();

  /**
   * Never written over, never left in the way of the next autosave: the file goes to damaged/ and is
   * remembered for the dashboard. Runs inside the file's queue, so no write of the same file interleaves.
   */
  function setAside(path: string, reason: string): void {
    let keptAt = path;
    try {
      keptAt = keepDamagedFile(path, join(dir, DAMAGED_DRAFTS_FOLDER), now());
    } catch (error) {
      stuck.add(path);
      reason = `${reason}; moving it aside failed: ${errorMessage(error)}`;
    }
    log(`${path} could not be read (${reason}); kept at ${keptAt}`);
    damaged.push({ kind: 'draft', file: path, keptAt, reason, usedInstead: null });
  }

  /** The draft in a file, null when there is none; an unreadable file is set aside and also answers null. */
  async function readDraft(path: string, expectedBookmark: string | null): Promise<Draft | null> {
    let raw: unknown;
    try {
      raw = await readJsonFile(path);
    } catch (error) {
      if (isFileSystemError(error)) {
        // Left where it is, and nothing is written over it: opening the page fails with this message instead.
        throw new StudioError('failed', `The draft file ${path} could not be read: ${errorMessage(error)}`);
      }
      setAside(path, errorMessage(error));
      return null;
    }
    if (raw === null) return null;
    const parsed = DraftSchema.safeParse(raw);
    if (!parsed.success) {
      setAside(path, `not a draft: ${describeIssues(parsed.error)}`);
      return null;
    }
    const draft = parsed.data;
    // A file not named after its own bookmark could never be opened or discarded, and the next autosave of the
    // bookmark it is named after would replace it.
    if (
      fileName(draft.bookmark) !== basename(path) ||
      (expectedBookmark !== null && draft.bookmark !== expectedBookmark)
    ) {
      setAside(path, `holds the draft of ${draft.bookmark}, which belongs in ${fileName(draft.bookmark)}`);
      return null;
    }
    return draft;
  }

  return {
    list: async () => {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissingFileError(error)) return [];
        throw error;
      }
      const drafts = await Promise.all(
        names
          .filter((name) => DRAFT_FILE.test(name))
          .map(async (name) => {
            const path = join(dir, name);
            try {
              return await enqueue(name, () => readDraft(path, null));
            } catch (error) {
              // One file the system will not let us read must not hide every other draft.
              log(`${path} could not be read: ${errorMessage(error)}`);
              return null;
            }
          }),
      );
      return drafts
        .filter((draft): draft is Draft => draft !== null)
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
    },

    get: async (bookmark) => {
      const name = fileName(bookmark);
      return enqueue(name, () => readDraft(join(dir, name), bookmark));
    },

    put: async (draft) => {
      // Checked before writing: a file list() would reject later is a draft silently lost.
      const tooLarge = checkJsonLimits(draft);
      if (tooLarge) throw new StudioError('invalid-input', `Invalid draft: ${tooLarge.message}`);
      const parsed = DraftSchema.safeParse(draft);
      if (!parsed.success) throw new StudioError('invalid-input', `Invalid draft: ${describeIssues(parsed.error)}`);
      const name = fileName(draft.bookmark);
      const path = join(dir, name);
      await enqueue(name, async () => {
        if (stuck.has(path)) {
          if (existsSync(path)) {
            throw new StudioError(
              'failed',
              `${path} could not be read or moved aside, so it is not written over. Move it away to go on.`,
            );
          }
          stuck.delete(path);
        }
        await writeFileAtomic(path, JSON.stringify(parsed.data));
      });
    },

    remove: async (bookmark) => {
      const name = fileName(bookmark);
      await enqueue(name, () => rm(join(dir, name), { force: true }));
    },

    damagedFiles: () => [...damaged],
  };
}
