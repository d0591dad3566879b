import { useEffect, useState } from 'react';
import { duplicateComponent } from '../../../../core/rules/components';
import type { EditorDocument } from '../state/document';
import { toast } from '../state/toasts';
import { focusRow } from './ComponentList';
import { Modal } from './Modal';

const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

export const SHORTCUTS: readonly [keys: string, action: string][] = [
  [`${MOD}+Z`, 'Undo'],
  [`${MOD}+Shift+Z or Ctrl+Y`, 'Redo'],
  ['Alt+↑ / Alt+↓', 'Move the open component up or down'],
  [`${MOD}+D`, 'Duplicate the open component'],
  ['Delete', 'Remove the open component (on its row; undo brings it back)'],
  ['↑ / ↓', 'Move between component rows'],
  ['Enter', 'Open or close the focused row'],
  ['Space, arrows, Space', 'Drag a row with the keyboard from its handle'],
  ['?', 'Show this list'],
];

/** Text fields and the rich-text and JSON editors keep their own keys: typing there is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Editors with their own undo history, which Ctrl+Z must reach untouched. */
const hasOwnHistory = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('.cm-editor, [data-slate-editor]') !== null;

export function duplicateOpen(doc: EditorDocument): void {
  const id = doc.openId;
  if (!id) return;
  const copy = duplicateComponent(doc.component(id), doc.components().map((c) => c.name));
  if (!doc.add(copy, doc.indexOf(id) + 1)) return;
  doc.setOpen(copy._identifier);
  focusRow(copy._identifier);
}

export function removeWithUndo(doc: EditorDocument, id: string): void {
  const { name, _component } = doc.component(id);
  const next = doc.order[doc.indexOf(id) + 1] ?? doc.order[doc.indexOf(id) - 1];
  if (!doc.remove(id)) return;
  if (next) focusRow(next);
  toast(`Removed ${name || _component}. Undo with ${MOD}+Z.`, 'info');
}

/** The editor's keyboard shortcuts (issue: undo, redo and the keyboard). Returns whether the ? list is shown. */
export function useEditorShortcuts(doc: EditorDocument): [boolean, (open: boolean) => void] {
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = isMac ? event.metaKey : event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z' && !hasOwnHistory(event.target)) {
        event.preventDefault();
        if (event.shiftKey) doc.redo();
        else doc.undo();
        return;
      }
      if (event.ctrlKey && key === 'y' && !hasOwnHistory(event.target)) {
        event.preventDefault();
        doc.redo();
        return;
      }
      if (mod && key === 'd' && doc.openId) {
        event.preventDefault();
        duplicateOpen(doc);
        return;
      }
      if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && doc.openId) {
        event.preventDefault();
        const id = doc.openId;
        const index = doc.indexOf(id);
        doc.move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
        focusRow(id);
        return;
      }
      if (isTyping(event.target)) return;
      const rowTitle = event.target instanceof HTMLElement && event.target.classList.contains('row-title');
      if (rowTitle && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        const id = (event.target as HTMLElement).closest<HTMLElement>('[data-row-id]')?.dataset.rowId;
        const next = id ? doc.order[doc.indexOf(id) + (event.key === 'ArrowUp' ? -1 : 1)] : undefined;
        if (next) {
          event.preventDefault();
          focusRow(next);
        }
        return;
      }
      if (event.key === 'Delete' && rowTitle) {
        const id = (event.target as HTMLElement).closest<HTMLElement>('[data-row-id]')?.dataset.rowId;
        if (id) {
          event.preventDefault();
          removeWithUndo(doc, id);
        }
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [doc]);

  return [helpOpen, setHelpOpen];
}

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
