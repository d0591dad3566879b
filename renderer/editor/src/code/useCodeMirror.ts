import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';

/** Marks the transactions that bring in a value from outside, so they are not reported back as edits. */
const External = Annotation.define<boolean>();

/** The smallest single change turning one text into another, so that the selection maps through it. */
export function minimalChange(from: string, to: string): { from: number; to: number; insert: string } {
  const shorter = Math.min(from.length, to.length);
  let start = 0;
  while (start < shorter && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let endFrom = from.length;
  let endTo = to.length;
  while (endFrom > start && endTo > start && from.charCodeAt(endFrom - 1) === to.charCodeAt(endTo - 1)) {
    endFrom--;
    endTo--;
  }
  return { from: start, to: endFrom, insert: to.slice(start, endTo) };
}

/** A read-only view still takes focus, so its text can be selected and read, but nothing typed changes it. */
const readOnlyExtension = (readOnly: boolean): Extension => [
  EditorState.readOnly.of(readOnly),
  EditorView.contentAttributes.of(readOnly ? { 'aria-readonly': 'true' } : {}),
];

/**
 * A controlled CodeMirror 6 view shared by the JSON and code editors: line numbers, undo history, bracket
 * matching, active line, wrapping, the default keys (Tab left to move focus out: no tab trap), plus the
 * caller's extensions. Made once per mount; a new value from outside replaces the text by its smallest
 * change, so the caret stays, and is not reported back through onChange.
 */
export function useCodeMirror({
  value,
  onChange,
  extensions,
  readOnly = false,
}: {
  value: string;
  onChange(text: string): void;
  /** Read once, when the view is made. */
  extensions: Extension[];
  /** The user may not change this text (issue 22: their roles do not allow it). */
  readOnly?: boolean;
}): { hostRef: RefObject<HTMLDivElement | null>; viewRef: RefObject<EditorView | null> } {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const [readOnlyCompartment] = useState(() => new Compartment());

  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

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
          // Already in the Tab order as contenteditable; said out loud for axe, which otherwise finds the
          // scrolling box with nothing focusable in it (scrollable-region-focusable).
          EditorView.contentAttributes.of({ tabindex: '0' }),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          ...extensions,
          readOnlyCompartment.of(readOnlyExtension(readOnly)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.every((tr) => tr.annotation(External))) return;
            onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // Made once: later values come in through the effect below, other changes through the caller's effects.
  }, []);

  useLayoutEffect(() => {
    viewRef.current?.dispatch({ effects: readOnlyCompartment.reconfigure(readOnlyExtension(readOnly)) });
  }, [readOnlyCompartment, readOnly]);

  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === value) return;
    view.dispatch({
      changes: minimalChange(current, value),
      annotations: [External.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  return { hostRef, viewRef };
}
