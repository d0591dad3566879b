import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { errorMessage } from '../../core/rules/errorMessage';
import { contentHash } from '../../core/rules/hash';
import { DraftSchema, type Draft } from '../../core/schemas';
import { syncFolder, writeFileAtomic } from './atomicFile';
import { createJsonFolder, type FileProblem, type JsonFolder } from './jsonFolder';

/**
 * The files of the drafts folder (main/services/drafts.ts): `<hash>.json` per bookmark and its journal
 * `<hash>.journal`. A draft or journal that cannot be read is never written over, never left in the way of the
 * next autosave: it goes to damaged/ and is remembered for the dashboard ('move-to-damaged').
 */

/** The file of a bookmark: named by a hash, so no bookmark, whatever it holds, can name a file outside the folder. */
export const draftFileName = (bookmark: string) => `${contentHash(bookmark)}.json`;
export const journalName = (draftName: string) => draftName.replace(/\.json$/, '.journal');

/** A draft file's text as the store knows it: its digest (the journal's header names it) and its UTF-8 size. */
export interface WrittenFile {
  digest: string;
  bytes: number;
}

export const writtenFile = (text: string): WrittenFile => ({
  digest: createHash('sha256').update(text).digest('hex'),
  bytes: Buffer.byteLength(text),
});

export interface DraftFiles extends Omit<JsonFolder<Draft>, 'read'> {
  /** The draft in a file (not its journal); null when there is none, or it was set aside. */
  read(name: string, expectedBookmark: string | null): Promise<{ value: Draft; text: string } | null>;
  /** Writes the whole draft atomically and then drops the journal it supersedes. */
  write(name: string, draft: Draft): Promise<WrittenFile>;
  removeJournal(name: string): Promise<void>;
  /**
   * Appends text to the journal and flushes it to disk before answering, as writeFileAtomic does for whole
   * files. The first entry replaces whatever journal was there (one a crash left, naming an older draft).
   */
  appendToJournal(name: string, text: string, first: boolean): Promise<void>;
}

const misnamed = (draft: Draft) =>
  `holds the draft of ${draft.bookmark}, which belongs in ${draftFileName(draft.bookmark)}`;

export function createDraftFiles(
  dir: string,
  options: { log: (message: string) => void; now: () => Date },
): DraftFiles {
  const folder = createJsonFolder({
    dir,
    files: /^[0-9a-f]{16}\.json$/,
    schema: DraftSchema,
    policy: 'move-to-damaged',
    reason: describeDraftProblem,
    // A file not named after its own bookmark could never be opened or discarded, and the next autosave of the
    // bookmark it is named after would replace it.
    check: (draft, name) => (draftFileName(draft.bookmark) === name ? null : misnamed(draft)),
    ...options,
  });

  const removeJournal = async (name: string): Promise<void> => {
    await rm(join(dir, journalName(name)), { force: true });
  };

  return {
    ...folder,
    async read(name, expectedBookmark) {
      const read = await folder.read(name);
      if (read && expectedBookmark !== null && read.value.bookmark !== expectedBookmark) {
        folder.damaged(join(dir, name), misnamed(read.value));
        return null;
      }
      return read;
    },
    async write(name, draft) {
      folder.refuseIfStuck(join(dir, name));
      folder.refuseIfStuck(join(dir, journalName(name)));
      const text = JSON.stringify(draft);
      await writeFileAtomic(join(dir, name), text);
      await removeJournal(name);
      return writtenFile(text);
    },
    removeJournal,
    async appendToJournal(name, text, first) {
      const handle = await open(join(dir, journalName(name)), first ? 'w' : 'a');
      try {
        await handle.writeFile(text, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (first) await syncFolder(dir);
    },
  };
}

/** Why a draft file or its journal is refused, as the log and the dashboard say it. */
function describeDraftProblem(problem: FileProblem, path: string): string {
  switch (problem.kind) {
    case 'unreadable':
      return `The ${path.endsWith('.journal') ? 'draft journal' : 'draft file'} ${path} could not be read: ${errorMessage(problem.error)}`;
    case 'not-json':
      return problem.message;
    case 'invalid':
      return `not a draft: ${problem.issues}`;
    case 'check':
      return problem.reason;
  }
}
