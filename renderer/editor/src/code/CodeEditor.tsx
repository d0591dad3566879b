import { useId } from 'react';
import type { Extension } from '@codemirror/state';
import { EditorView, placeholder as placeholderText } from '@codemirror/view';
import { useCodeMirror } from './useCodeMirror';

/**
 * A plain code editor for the custom styles and scripts: the JSON editor's CodeMirror base (line numbers,
 * undo history, bracket matching, active line) without a language, since no CSS or JavaScript language
 * package is installed, so there is no syntax highlighting. Tab is left to move focus out (no tab trap);
 * Ctrl/Cmd+] and Ctrl/Cmd+[ indent. Controlled: a new value from outside replaces the text. A language comes
 * in through `extensions` (code/HtmlEditor.tsx).
 */
export function CodeEditor({
  label,
  value,
  onChange,
  placeholder,
  extensions = [],
  className,
  readOnly,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  placeholder?: string;
  /** More of CodeMirror's extensions (a language, highlighting); read once, when the editor is made. */
  extensions?: Extension[];
  className?: string;
  readOnly?: boolean;
}) {
  const id = `code-editor-${useId()}`;
  const { hostRef, viewRef } = useCodeMirror({
    value,
    onChange,
    readOnly,
    extensions: [
      ...extensions,
      ...(placeholder ? [placeholderText(placeholder)] : []),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', id, spellcheck: 'false' }),
    ],
  });

  return (
    <div className={className ? `code-editor ${className}` : 'code-editor'}>
      <div className="code-editor-label" onClick={() => viewRef.current?.focus()}>
        {label}
      </div>
      <div className="code-editor-host" ref={hostRef} />
    </div>
  );
}
