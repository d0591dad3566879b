import { useId, useLayoutEffect, useRef } from 'react';
import { EditorState, Transaction } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';

/**
 * A plain code editor for the custom styles and scripts: the JSON editor's CodeMirror base (line numbers,
 * undo history, bracket matching, active line) without a language, since no CSS or JavaScript language
 * package is installed, so there is no syntax highlighting. Tab is left to move focus out (no tab trap);
 * Ctrl/Cmd+] and Ctrl/Cmd+[ indent. Controlled: a new value from outside replaces the text.
 */
export function CodeEditor({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  placeholder?: string;
}) {
  const id = `code-editor-${useId()}`;
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // Made once per mount; later values come in through the effect below.
  useLayoutEffect(() => {
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          EditorView.lineWrapping,
          ...(placeholder ? [placeholderText(placeholder)] : []),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', id, spellcheck: 'false' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.every((tr) => tr.annotation(Transaction.remote))) {
              onChangeRef.current(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Made once: the label and placeholder do not change while it is shown.
  }, []);

  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  return (
    <div className="code-editor">
      <div className="code-editor-label" onClick={() => viewRef.current?.focus()}>
        {label}
      </div>
      <div className="code-editor-host" ref={hostRef} />
    </div>
  );
}
