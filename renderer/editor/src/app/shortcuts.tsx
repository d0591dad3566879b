import { useEffect } from 'react';
import type { EditorDocument } from '../state/document';
import { KEYMAP, handleShortcut } from './keymap';
import { Modal } from '../ui/Modal';

/** The editor's keyboard shortcuts (KEYMAP); `?` calls showShortcuts, which should keep its identity. */
export function useEditorShortcuts(doc: EditorDocument, showShortcuts: () => void): void {
  useEffect(() => {
    const context = { doc, showShortcuts };
    const onKeyDown = (event: KeyboardEvent) => handleShortcut(event, context);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [doc, showShortcuts]);
}

/** The `?` list: every line of KEYMAP. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <table className="shortcuts">
        <tbody>
          {KEYMAP.map(({ keys, action }) => (
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
