import { call } from '../api';
import type { EditorDocument } from '../state/document';
import { toast } from '../state/toasts';

/**
 * Reload theirs: a colleague's version replaces the editor's content as one undoable change, and the page is
 * based on it from now on (the draft autosaves it). Answers false when the document refused the replacement
 * (multi-country rules), which it has explained to the user. A failed load rejects; the content is untouched.
 */
export async function reloadTheirs(doc: EditorDocument, version: number): Promise<boolean> {
  const theirs = await call('loadVersion', { key: doc.key, version });
  if (!doc.replaceAll(theirs.components)) return false;
  doc.rebase(theirs.version.hash);
  toast(`Loaded version ${theirs.version.version} by ${theirs.version.author}. Undo brings back your changes.`, 'info');
  return true;
}
