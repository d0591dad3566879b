import { useId, useLayoutEffect, useState } from 'react';
import { Compartment, EditorSelection, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { defaultHighlightStyle, foldGutter, foldKeymap, syntaxHighlighting } from '@codemirror/language';
import { useCodeMirror } from './useCodeMirror';
import { json } from '@codemirror/lang-json';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { lineColumn, type JsonProblem } from '../../../../core/rules/jsonProblems';
import './json.css';

export type JsonEditorProps = {
  label: string;
  value: string;
  onChange(text: string): void;
  problems: readonly JsonProblem[];
  /** The id of the editable element; one is made up when absent. */
  id?: string;
  /** Said after the problems, e.g. that the edit was not applied. */
  note?: string;
  readOnly?: boolean;
};

function toDiagnostics(problems: readonly JsonProblem[], length: number): Diagnostic[] {
  return problems.map((problem) => {
    const from = Math.max(0, Math.min(problem.from, length));
    return {
      from,
      to: Math.max(from, Math.min(problem.to, length)),
      severity: 'error',
      message: problem.message,
      source: 'JSON',
    };
  });
}

function contentAttributes(label: string, id: string, problemsId: string, invalid: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    id,
    'aria-invalid': String(invalid),
    ...(invalid ? { 'aria-describedby': problemsId } : {}),
  });
}

/**
 * A JSON editor (CodeMirror 6): highlighting, bracket matching, folding, line numbers, undo history and the
 * given problems as lint marks, listed below it too so they can be read without hovering. Controlled: a new
 * value from outside replaces the text by its smallest change, so the caret stays where it was; edits are
 * reported through onChange. Tab is left to move focus out (no tab trap).
 */
export function JsonEditor({
  label,
  value,
  onChange,
  problems,
  id,
  note = 'Nothing was changed.',
  readOnly,
}: JsonEditorProps) {
  const madeUpId = useId();
  const contentId = id ?? `json-editor-${madeUpId}`;
  const problemsId = `${contentId}-problems`;
  const invalid = problems.length > 0;
  const [attributes] = useState(() => new Compartment());
  const { hostRef, viewRef } = useCodeMirror({
    value,
    onChange,
    readOnly,
    extensions: [
      foldGutter(),
      lintGutter(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      json(),
      keymap.of([...foldKeymap, ...lintKeymap]),
      attributes.of(contentAttributes(label, contentId, problemsId, invalid)),
    ],
  });

  useLayoutEffect(() => {
    const view = viewRef.current;
    if (view) view.dispatch(setDiagnostics(view.state, toDiagnostics(problems, view.state.doc.length)));
  }, [problems]);

  useLayoutEffect(() => {
    viewRef.current?.dispatch({
      effects: attributes.reconfigure(contentAttributes(label, contentId, problemsId, invalid)),
    });
  }, [attributes, label, contentId, problemsId, invalid]);

  const goTo = (problem: JsonProblem) => {
    const view = viewRef.current;
    if (!view) return;
    const length = view.state.doc.length;
    const from = Math.min(problem.from, length);
    view.dispatch({ selection: EditorSelection.cursor(from), scrollIntoView: true });
    view.focus();
  };

  return (
    <div className="json-editor">
      <div className="json-editor-label" onClick={() => viewRef.current?.focus()}>
        {label}
      </div>
      <div className="json-editor-host" ref={hostRef} />
      {invalid && (
        <div id={problemsId} role="alert" className="json-problems">
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>
                <button type="button" className="json-problem" onClick={() => goTo(problem)}>
                  {problem.message}
                  {problem.path !== undefined && (
                    <span className="json-problem-line"> (line {lineColumn(value, problem.from).line})</span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          {note && <p className="json-problems-note">{note}</p>}
        </div>
      )}
    </div>
  );
}
