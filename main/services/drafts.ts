import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describeIssues } from '../../core/contract';
import type { DamagedFile } from '../../core/damagedFiles';
import { StudioError } from '../../core/result';
import {
  applyDraftDelta,
  DraftDeltaError,
  foldDraftJournal,
  journalEntryLine,
  journalHeaderLine,
  parseJournal,
  type JournalEntry,
} from '../../core/rules/draftJournal';
import { checkJsonLimits, MAX_JSON_BYTES } from '../../core/rules/jsonLimits';
import { DraftSchema, type Draft } from '../../core/schemas';
import { createDraftFiles, draftFileName, journalName, writtenFile, type WrittenFile } from './draftFiles';
import { createKeyedQueue } from './keyedQueue';
import { errorMessage } from '../../core/rules/errorMessage';

/**
 * Autosaved working copies (ARCHITECTURE.md, Data), one JSON file per bookmark. The file is named by a hash
 * of the bookmark, so no bookmark, whatever it holds, can name a file outside the folder.
 *
 * Autosaves after the first come as deltas (core/rules/draftJournal.ts, issue 17): each is appended and
 * flushed to a journal beside the draft (`<hash>.journal`), and the journal is folded into the draft file
 * (an atomic write) every COMPACT_AFTER_ENTRIES deltas or COMPACT_AFTER_BYTES, and whenever the draft is read.
 * The journal's first line names a digest of the draft file text it applies to: a crash after the draft file
 * was rewritten but before the journal was removed leaves a journal naming an older file, recognised as
 * folded already and dropped.
 */
export interface DraftStore {
  /**
   * Every readable draft, most recently updated first. A file that cannot be read is moved to damaged/
   * (see damagedFiles) and the others are still listed.
   */
  list(): Promise<Draft[]>;
  /** The draft of a bookmark; null when there is none, or when its file could not be read and was moved aside. */
  get(bookmark: string): Promise<Draft | null>;
  /**
   * The draft of a bookmark for the editor to edit, with the revision its first delta names (null: it must
   * write the whole draft first); null when there is none. The draft stays in memory for the deltas.
   */
  open(bookmark: string): Promise<{ draft: Draft; revision: string | null } | null>;
  /** Writes the whole draft; answers the revision a delta names to build on it. */
  put(draft: Draft): Promise<string>;
  /**
   * Applies a delta to the draft written at `base` (a revision put or applyDelta answered): answers the new
   * revision, or null when this store does not hold that draft (removed, written since, or never in this
   * run), and nothing is written. A delta that does not fit the draft is refused (invalid-input).
   */
  applyDelta(bookmark: string, base: string, entry: JournalEntry): Promise<string | null>;
  remove(bookmark: string): Promise<void>;
  /** The files this store could not read since it was opened, and where each was kept. */
  damagedFiles(): DamagedFile[];
}

export interface DraftStoreOptions {
  now?: () => Date;
  /** Told where each unreadable file went; the default writes a warning to the console. */
  log?: (message: string) => void;
}

/** The journal is folded into the draft file after this many deltas, or this many bytes of them. */
export const COMPACT_AFTER_ENTRIES = 50;
export const COMPACT_AFTER_BYTES = 1024 * 1024;

/** A draft as read, with the digest of its file when no journal is left beside it (null: one is). */
interface ReadDraft {
  draft: Draft;
  file: WrittenFile | null;
}

/** A draft this store wrote or opened for editing in this run, which deltas can build on. */
interface Tracked {
  /** What the editor names as the base of its next delta. */
  revision: string;
  /** The draft with every journal entry applied. */
  draft: Draft;
  /** The draft file's text, whose digest the journal's header names. */
  file: WrittenFile;
  /** Entries in the journal now (0: there is none, the next delta starts it). */
  entries: number;
  journalBytes: number;
}

export function createDraftStore(dir: string, options: DraftStoreOptions = {}): DraftStore {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`drafts: ${message}`));
  // Autosaves of one page follow each other quickly; queued per file, the last one written is the last one made.
  const enqueue = createKeyedQueue();
  // By draft file name; in memory only, so the first autosave after a restart sends the whole draft.
  const tracked = new Map<string, Tracked>();
  const files = createDraftFiles(dir, { log, now });

  /**
   * The draft in a file with its journal folded in, null when there is none; an unreadable file is set aside
   * and also answers null.
   */
  async function readDraft(name: string, expectedBookmark: string | null): Promise<ReadDraft | null> {
    const read = await files.read(name, expectedBookmark);
    if (!read) {
      tracked.delete(name);
      return null;
    }
    return replayJournal(name, read.value, writtenFile(read.text));
  }

  /**
   * The draft with its journal folded in, written back as one file (the journal is then removed). A torn last
   * line is dropped; a damaged journal is set aside from where it stops being readable, never the draft.
   */
  async function replayJournal(name: string, draft: Draft, file: WrittenFile): Promise<ReadDraft> {
    const journalPath = join(dir, journalName(name));
    const text = await files.readText(journalPath);
    const journal = text === null ? null : parseJournal(text);
    const known = tracked.get(name);
    // Deltas go on building on what this store holds only if the files are what it wrote.
    const entriesOnDisk = journal?.base === file.digest ? journal.entries.length : 0;
    if (!(known?.file.digest === file.digest && known.entries === entriesOnDisk && !journal?.damage))
      tracked.delete(name);
    if (journal === null) return { draft, file };
    if (journal.base !== null && journal.base !== file.digest) {
      log(`${journalPath} was folded into the draft already (a compaction a crash cut short); removed`);
      await files.removeJournal(name);
      return { draft, file };
    }
    const folded = foldDraftJournal(draft, journal.entries);
    if (journal.tornTail) log(`${journalPath}: dropped its last line, cut short by a crash`);
    const damage = journal.damage ?? folded.problem;
    if (damage) {
      tracked.delete(name);
      files.damaged(journalPath, `the draft's journal is damaged (${damage}); the entries before it were kept`);
      // Could not be moved aside: it stays as it is, and the draft file is not rewritten without it.
      if (files.isStuck(journalPath)) return { draft: folded.draft, file: null };
    }
    try {
      const written = await files.write(name, folded.draft);
      const stillKnown = tracked.get(name);
      if (stillKnown) Object.assign(stillKnown, { file: written, entries: 0, journalBytes: 0 });
      return { draft: folded.draft, file: written };
    } catch (error) {
      // The journal stays and is folded at the next read; the draft is answered all the same.
      tracked.delete(name);
      log(`${join(dir, name)}: folding its journal in failed, it is kept: ${errorMessage(error)}`);
      return { draft: folded.draft, file: null };
    }
  }

  /**
   * Folds the journal into the draft file. On failure the files are left as they are (either the old draft
   * with its journal, or the new draft with a journal naming the old one), and nothing more is appended: the
   * next autosave writes the whole draft.
   */
  async function compact(name: string, known: Tracked): Promise<void> {
    try {
      const file = await files.write(name, known.draft);
      Object.assign(known, { file, entries: 0, journalBytes: 0 });
    } catch (error) {
      tracked.delete(name);
      log(`${join(dir, name)}: folding its journal in failed: ${errorMessage(error)}`);
    }
  }

  return {
    list: async () => {
      const drafts = await Promise.all(
        (await files.names()).map(async (name) => {
          try {
            return (await enqueue(name, () => readDraft(name, null)))?.draft ?? null;
          } catch (error) {
            // One file the system will not let us read must not hide every other draft.
            log(`${join(dir, name)} could not be read: ${errorMessage(error)}`);
            return null;
          }
        }),
      );
      return drafts
        .filter((draft): draft is Draft => draft !== null)
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
    },

    get: async (bookmark) => {
      const name = draftFileName(bookmark);
      return (await enqueue(name, () => readDraft(name, bookmark)))?.draft ?? null;
    },

    open: async (bookmark) => {
      const name = draftFileName(bookmark);
      return enqueue(name, async () => {
        const read = await readDraft(name, bookmark);
        if (!read) return null;
        // A journal left beside it (it could not be folded in): the editor's first autosave writes the whole draft.
        if (read.file === null) return { draft: read.draft, revision: null };
        // Still the draft this store holds (reading it kept it so): the revision stays, and of two editors on
        // one base, the first to write moves it on and the other writes the whole draft.
        const known = tracked.get(name);
        if (known) return { draft: read.draft, revision: known.revision };
        const revision = randomUUID();
        tracked.set(name, { revision, draft: read.draft, file: read.file, entries: 0, journalBytes: 0 });
        return { draft: read.draft, revision };
      });
    },

    put: async (draft) => {
      // Checked before writing: a file list() would reject later is a draft silently lost.
      const tooLarge = checkJsonLimits(draft);
      if (tooLarge) throw new StudioError('invalid-input', `Invalid draft: ${tooLarge.message}`);
      const parsed = DraftSchema.safeParse(draft);
      if (!parsed.success) throw new StudioError('invalid-input', `Invalid draft: ${describeIssues(parsed.error)}`);
      const name = draftFileName(draft.bookmark);
      return enqueue(name, async () => {
        tracked.delete(name);
        const file = await files.write(name, parsed.data);
        const revision = randomUUID();
        tracked.set(name, { revision, draft: parsed.data, file, entries: 0, journalBytes: 0 });
        return revision;
      });
    },

    applyDelta: async (bookmark, base, entry) => {
      const name = draftFileName(bookmark);
      return enqueue(name, async () => {
        const known = tracked.get(name);
        if (!known || known.revision !== base) return null;
        // Removed behind this store's back: the editor sends the whole draft again.
        if (!existsSync(join(dir, name))) {
          tracked.delete(name);
          return null;
        }
        let next: Draft;
        try {
          next = applyDraftDelta(known.draft, entry);
        } catch (error) {
          if (error instanceof DraftDeltaError)
            throw new StudioError('invalid-input', `Invalid draft changes: ${error.message}`);
          throw error;
        }
        const first = known.entries === 0;
        const text = (first ? journalHeaderLine(known.file.digest) : '') + journalEntryLine(entry);
        const bytes = Buffer.byteLength(text);
        // Checked before writing, as put does: a draft list() would reject later is a draft silently lost. The
        // file and its journal together bound the folded draft's size; only near the limit is the draft itself
        // measured (a walk of the whole page, tens of ms at 1000 components). Depth: the channel checked the delta.
        if (known.file.bytes + known.journalBytes + bytes > MAX_JSON_BYTES) {
          const tooLarge = checkJsonLimits(next);
          if (tooLarge) throw new StudioError('invalid-input', `Invalid draft: ${tooLarge.message}`);
        }
        try {
          await files.appendToJournal(name, text, first);
        } catch (error) {
          // The journal may end in part of a line now: the next autosave writes the whole draft instead.
          tracked.delete(name);
          throw error;
        }
        const revision = randomUUID();
        Object.assign(known, {
          revision,
          draft: next,
          entries: known.entries + 1,
          journalBytes: known.journalBytes + bytes,
        });
        if (known.entries >= COMPACT_AFTER_ENTRIES || known.journalBytes >= COMPACT_AFTER_BYTES)
          await compact(name, known);
        return revision;
      });
    },

    remove: async (bookmark) => {
      const name = draftFileName(bookmark);
      await enqueue(name, async () => {
        tracked.delete(name);
        await rm(join(dir, name), { force: true });
        await files.removeJournal(name);
      });
    },

    damagedFiles: () => files.setAside().map((file): DamagedFile => ({ kind: 'draft', ...file, usedInstead: null })),
  };
}
