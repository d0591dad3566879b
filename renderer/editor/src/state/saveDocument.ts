import type { VersionSummary } from '../../../../core/schemas';
import { call } from '../api';
import { autosaveOf } from './autosave';
import type { EditorDocument } from './document';

/**
 * Saves a document to UAT from the version it was edited from: its draft is written first, so a failure
 * leaves everything in the draft, and after the save the saved version is the new base.
 */
export async function saveDocument(doc: EditorDocument, commitMessage: string): Promise<VersionSummary> {
  await autosaveOf(doc).autosave.flush();
  const { version } = await call('saveContent', {
    key: doc.key,
    meta: doc.meta,
    components: doc.components(),
    baseHash: doc.baseHash,
    commitMessage,
  });
  doc.markSaved(version.hash);
  return version;
}
