import type { EditorDocument } from '../state/document';
import { toast } from '../state/toasts';

/** Undo from the button or the keyboard, saying what it took back ("Undid: remove Custom HTML"). */
export function undoStep(doc: EditorDocument): void {
  const label = doc.undo();
  if (label) toast(`Undid: ${label}`, 'info', undefined, 'history');
}

/** Redo, saying what it made again ("Redid: remove Custom HTML"). */
export function redoStep(doc: EditorDocument): void {
  const label = doc.redo();
  if (label) toast(`Redid: ${label}`, 'info', undefined, 'history');
}
