import { duplicateComponent } from '../../../../core/rules/components';
import type { EditorDocument } from '../state/document';
import { toast } from '../state/toasts';
import { announce } from '../state/announce';
import { componentLabel } from '../../../../core/rules/displayNames';
import { focusRow } from './focusRow';
import { MOD } from './modifierKey';

/** Duplicates the open component just below it, and opens the copy. */
export function duplicateOpen(doc: EditorDocument): void {
  const id = doc.openId;
  if (!id) return;
  const copy = duplicateComponent(
    doc.component(id),
    doc.components().map((c) => c.name),
  );
  if (!doc.add(copy, doc.indexOf(id) + 1)) return;
  doc.setOpen(copy._identifier);
  focusRow(copy._identifier);
}

/** Removes a component, keeps the keyboard in the list, and says how to bring it back. */
export function removeWithUndo(doc: EditorDocument, id: string): void {
  const { name, _component } = doc.component(id);
  const next = doc.order[doc.indexOf(id) + 1] ?? doc.order[doc.indexOf(id) - 1];
  if (!doc.remove(id)) return;
  if (next) focusRow(next);
  toast(`Removed ${name || _component}. Undo with ${MOD}+Z.`, 'info');
}

/** Says where a component moved by the keyboard now stands: "Moved Custom HTML to position 1 of 5". */
export function announceMove(doc: EditorDocument, id: string): void {
  announce(`Moved ${componentLabel(doc.component(id))} to position ${doc.indexOf(id) + 1} of ${doc.order.length}`);
}
