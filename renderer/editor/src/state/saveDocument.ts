import type { Output } from '../../../../core/contract';
import { call } from '../api';
import { forgetColleagueSave } from './teamStore';
import { autosaveOf } from './autosave';
import type { EditorDocument } from './document';

/** 'saved': the service made the version; 'queued': the team server was unreachable and main keeps it in its outbox. */
export type SaveOutcome = Output<'saveContent'>;

/**
 * Saves a document to UAT from the version it was edited from: its draft is written first, so a failure
 * leaves everything in the draft, and after the save the saved version is the new base. A save queued for
 * the team server is based on the hash its version will have, so the next save follows it.
 */
export async function saveDocument(doc: EditorDocument, commitMessage: string): Promise<SaveOutcome> {
  await autosaveOf(doc).autosave.flush();
  const outcome = await call('saveContent', {
    key: doc.key,
    meta: doc.meta,
    components: doc.components(),
    baseHash: doc.baseHash,
    commitMessage,
  });
  doc.markSaved(outcome.status === 'saved' ? outcome.version.hash : outcome.pending.hash);
  // A colleague's save announced before is now behind this one (or this one will meet it as a conflict).
  forgetColleagueSave(doc.key);
  return outcome;
}
