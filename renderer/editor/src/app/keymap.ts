import type { EditorDocument } from '../state/document';
import { focusRow } from './focusRow';
import { MOD, modHeld } from './modifierKey';
import { redoStep, undoStep } from './undoRedo';
import { announceMove, duplicateOpen, removeWithUndo } from './rowActions';

/** What a shortcut acts on. */
export interface ShortcutContext {
  doc: EditorDocument;
  showShortcuts(): void;
}

/** One line of the `?` list, and how the editor handles it. */
export interface KeyBinding {
  keys: string;
  action: string;
  /** Absent where the browser or dnd-kit handles the keys themselves: listed for the user only. */
  handler?: {
    /** Whether these keys reach it while typing in a text field (the rich-text and JSON editors included). */
    whileTyping: boolean;
    matches(event: KeyboardEvent, context: ShortcutContext): boolean;
    /** Does the action; false when there was nothing to do, so the key keeps its default. */
    run(event: KeyboardEvent, context: ShortcutContext): boolean | void;
  };
}

/** Text fields and the rich-text and JSON editors keep their own keys: typing there is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Editors with their own undo history, which Ctrl+Z must reach untouched. */
const hasOwnHistory = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('.cm-editor, [data-slate-editor]') !== null;

const isUpOrDown = (event: KeyboardEvent): boolean => event.key === 'ArrowUp' || event.key === 'ArrowDown';
const step = (event: KeyboardEvent): number => (event.key === 'ArrowUp' ? -1 : 1);

/** The row whose header has the focus, if any. */
const focusedRowId = (event: KeyboardEvent): string | undefined =>
  event.target instanceof HTMLElement && event.target.classList.contains('row-title')
    ? event.target.closest<HTMLElement>('[data-row-id]')?.dataset.rowId
    : undefined;

/** The editor's keyboard shortcuts, in the order they are tried and listed. */
export const KEYMAP: readonly KeyBinding[] = [
  {
    keys: `${MOD}+Z`,
    action: 'Undo',
    handler: {
      whileTyping: true,
      matches: (event) =>
        modHeld(event) && event.key.toLowerCase() === 'z' && !event.shiftKey && !hasOwnHistory(event.target),
      run: (_, { doc }) => undoStep(doc),
    },
  },
  {
    keys: `${MOD}+Shift+Z or Ctrl+Y`,
    action: 'Redo',
    handler: {
      whileTyping: true,
      matches: (event) =>
        ((modHeld(event) && event.key.toLowerCase() === 'z' && event.shiftKey) ||
          (event.ctrlKey && event.key.toLowerCase() === 'y')) &&
        !hasOwnHistory(event.target),
      run: (_, { doc }) => redoStep(doc),
    },
  },
  {
    keys: 'Alt+↑ / Alt+↓',
    action: 'Move the open component up or down',
    handler: {
      whileTyping: true,
      matches: (event, { doc }) => event.altKey && isUpOrDown(event) && doc.openId !== null,
      run: (event, { doc }) => {
        const id = doc.openId!;
        const index = doc.indexOf(id);
        if (doc.move(index, index + step(event))) announceMove(doc, id);
        focusRow(id);
      },
    },
  },
  {
    keys: `${MOD}+D`,
    action: 'Duplicate the open component',
    handler: {
      whileTyping: true,
      matches: (event, { doc }) => modHeld(event) && event.key.toLowerCase() === 'd' && doc.openId !== null,
      run: (_, { doc }) => duplicateOpen(doc),
    },
  },
  {
    keys: 'Delete',
    action: 'Remove the open component (on its row; undo brings it back)',
    handler: {
      whileTyping: false,
      matches: (event) => event.key === 'Delete' && focusedRowId(event) !== undefined,
      run: (event, { doc }) => removeWithUndo(doc, focusedRowId(event)!),
    },
  },
  {
    keys: '↑ / ↓',
    action: 'Move between component rows',
    handler: {
      whileTyping: false,
      matches: (event) => isUpOrDown(event) && focusedRowId(event) !== undefined,
      run: (event, { doc }) => {
        const next = doc.order[doc.indexOf(focusedRowId(event)!) + step(event)];
        if (next) focusRow(next);
        return next !== undefined;
      },
    },
  },
  // The row header is a button, which the browser opens and closes; dnd-kit's keyboard sensor drags.
  { keys: 'Enter', action: 'Open or close the focused row' },
  { keys: 'Space, arrows, Space', action: 'Drag a row with the keyboard from its handle' },
  {
    keys: '?',
    action: 'Show this list',
    handler: {
      whileTyping: false,
      matches: (event) => event.key === '?',
      run: (_, { showShortcuts }) => showShortcuts(),
    },
  },
];

/** Runs the first binding of KEYMAP these keys match; a key typed into a text field reaches only some. */
export function handleShortcut(event: KeyboardEvent, context: ShortcutContext): void {
  const typing = isTyping(event.target);
  const handler = KEYMAP.find(
    ({ handler }) => handler && (handler.whileTyping || !typing) && handler.matches(event, context),
  )?.handler;
  if (handler && handler.run(event, context) !== false) event.preventDefault();
}
