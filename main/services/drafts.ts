import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describeIssues } from '../../core/contract';
import { StudioError } from '../../core/result';
import { contentHash } from '../../core/rules/hash';
import { DraftSchema, type Draft } from '../../core/schemas';
import { isMissingFileError, readJsonFile, writeFileAtomic } from './atomicFile';
import { createKeyedQueue } from './keyedQueue';

/**
 * Autosaved working copies (ARCHITECTURE.md, Data), one JSON file per bookmark. The file is named by a hash
 * of the bookmark, so no bookmark, whatever it holds, can name a file outside the folder.
 */
export interface DraftStore {
  /** Every readable draft, most recently updated first. Unreadable files are reported and skipped. */
  list(): Promise<Draft[]>;
  get(bookmark: string): Promise<Draft | null>;
  put(draft: Draft): Promise<void>;
  remove(bookmark: string): Promise<void>;
}

export interface DraftStoreOptions {
  /** Told about each draft file that cannot be read; the default writes a warning to the console. */
  onUnreadableFile?: (path: string, reason: string) => void;
}

const DRAFT_FILE = /^[0-9a-f]{16}\.json$/;

export function createDraftStore(dir: string, options: DraftStoreOptions = {}): DraftStore {
  const report =
    options.onUnreadableFile ?? ((path, reason) => console.warn(`drafts: skipping unreadable ${path}: ${reason}`));
  // Autosaves of one page follow each other quickly; queued per file, the last one written is the last one made.
  const enqueue = createKeyedQueue();
  const fileName = (bookmark: string) => `${contentHash(bookmark)}.json`;

  async function readDraft(path: string): Promise<Draft | null> {
    let raw: unknown;
    try {
      raw = await readJsonFile(path);
    } catch (error) {
      report(path, error instanceof Error ? error.message : String(error));
      return null;
    }
    if (raw === null) return null;
    const parsed = DraftSchema.safeParse(raw);
    if (!parsed.success) {
      report(path, describeIssues(parsed.error));
      return null;
    }
    return parsed.data;
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
            const draft = await enqueue(name, () => readDraft(path));
            // A file not named after its own bookmark could never be opened or discarded; do not list it.
            if (draft && fileName(draft.bookmark) !== name) {
              report(path, `holds the draft of ${draft.bookmark}, which belongs in ${fileName(draft.bookmark)}`);
              return null;
            }
            return draft;
          }),
      );
      return drafts
        .filter((draft): draft is Draft => draft !== null)
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
    },

    get: async (bookmark) => {
      const name = fileName(bookmark);
      const draft = await enqueue(name, () => readDraft(join(dir, name)));
      // Two bookmarks sharing a 64-bit hash is unlikely, but must not hand one page's draft to another.
      return draft && draft.bookmark === bookmark ? draft : null;
    },

    put: async (draft) => {
      const parsed = DraftSchema.safeParse(draft);
      // Checked before writing: a file list() would reject later is a draft silently lost.
      if (!parsed.success) throw new StudioError('invalid-input', `Invalid draft: ${describeIssues(parsed.error)}`);
      const name = fileName(draft.bookmark);
      await enqueue(name, () => writeFileAtomic(join(dir, name), JSON.stringify(parsed.data)));
    },

    remove: async (bookmark) => {
      const name = fileName(bookmark);
      await enqueue(name, () => rm(join(dir, name), { force: true }));
    },
  };
}
