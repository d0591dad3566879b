import type { Output } from '../../../../core/contract';
import type { MergeDocument } from '../../../../core/rules/merge/documentMerge';
import { call } from '../api';
import { forgetColleagueSave } from './teamStore';
import { autosaveOf } from './autosave';
import type { EditorDocument } from './document';

/**
 * 'saved': the service made the version (merged with a colleague's newer one when `merged` says so);
 * 'queued': the team server was unreachable and main keeps it in its outbox; 'conflicts': it met a newer
 * version and some fields clash, for the merge dialog; 'still-changing': merged again and again, in vain.
 */
export type SaveOutcome = Output<'saveContent'>;

/** A page settled in the merge dialog, saved over the version it was merged with. */
export interface SettledMerge {
  document: MergeDocument;
  baseHash: string;
}

/**
 * Saves a document to UAT from the version it was edited from, or a merge of it settled in the merge dialog:
 * its draft is written first, so a failure leaves everything in the draft, and after the save the saved
 * version is the new base. A save queued for the team server is based on the hash its version will have, so
 * the next save follows it. Conflicts change nothing here: the draft and its base stay as they were.
 */
export async function saveDocument(
  doc: EditorDocument,
  commitMessage: string,
  settled: SettledMerge | null = null,
): Promise<SaveOutcome> {
  await autosaveOf(doc).autosave.flush();
  const outcome = await call('saveContent', {
    key: doc.key,
    ...(settled?.document ?? { meta: doc.meta, components: doc.components() }),
    baseHash: settled ? settled.baseHash : doc.baseHash,
    commitMessage,
  });
  if (outcome.status === 'saved') doc.markSaved(outcome.version.hash);
  else if (outcome.status === 'queued') doc.markSaved(outcome.pending.hash);
  else return outcome;
  // A colleague's save announced before is now behind this one (or the outbox will merge with it).
  forgetColleagueSave(doc.key);
  return outcome;
}
