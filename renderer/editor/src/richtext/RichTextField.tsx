import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createEditor, Transforms, type Descendant, type Editor } from 'slate';
import { HistoryEditor, withHistory } from 'slate-history';
import { Editable, Slate, withReact } from 'slate-react';
import { toggleMark, withRichText } from './commands';
import { RichElement, RichLeaf } from './elements';
import { htmlToSlate, slateToHtml } from './html';
import { Toolbar, type InsertKind } from './Toolbar';
import { WARNING_MS } from './validation';
import { useFieldsReadOnly } from '../state/docContext';
import './richtext.css';

export interface RichTextFieldProps {
  id: string;
  label: string;
  /** The field's HTML ({html: {value}}). */
  value: string;
  /** Called with the new HTML on every edit ('' once the editor is emptied). */
  onChange(html: string): void;
}

/** How many emitted values may still be on their way back as `value` before they are forgotten. */
const MAX_IN_FLIGHT = 20;

/** Swaps the editor's content for `nodes` without an undo step; the old undo history no longer applies. */
function replaceContent(editor: Editor, nodes: Descendant[]): void {
  HistoryEditor.withoutSaving(editor, () => Transforms.setChildren(editor, nodes));
  editor.history = { undos: [], redos: [] };
}

/**
 * A rich text field (editor spec §2, §3, §5): a slate editor over the field's HTML with a toolbar for
 * headings, paragraphs, bold, links, italic, lists and clearing formatting. Every edit calls onChange with
 * the new HTML. A `value` that changes from outside (document undo, a JSON edit) and is not one the editor
 * emitted replaces the content. The editor instance stays the same for the field's life, so typing never
 * remounts it or loses the caret.
 */
export function RichTextField({ id, label, value, onChange }: RichTextFieldProps) {
  const readOnly = useFieldsReadOnly();
  const editor = useMemo(() => withRichText(withHistory(withReact(createEditor()))), []);
  const [initial] = useState(() => {
    const nodes = htmlToSlate(value);
    return { nodes, html: slateToHtml(nodes) };
  });

  /** HTML of the editor's content as last emitted or loaded. */
  const contentHtml = useRef(initial.html);
  /** Values emitted and not yet seen back as `value`. */
  const inFlight = useRef<string[]>([]);
  const lastValue = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const emit = useCallback(() => {
    const html = slateToHtml(editor.children);
    if (html === contentHtml.current) return;
    contentHtml.current = html;
    inFlight.current = [...inFlight.current.slice(1 - MAX_IN_FLIGHT), html];
    onChangeRef.current(html);
  }, [editor]);

  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    const echoed = inFlight.current.indexOf(value);
    if (echoed >= 0) {
      // Our own edit coming back (later ones may still be on their way).
      inFlight.current = inFlight.current.slice(echoed + 1);
      return;
    }
    inFlight.current = [];
    const nodes = htmlToSlate(value);
    const html = slateToHtml(nodes);
    if (html === contentHtml.current) return;
    contentHtml.current = html;
    replaceContent(editor, nodes);
  }, [editor, value]);

  const [open, setOpen] = useState<InsertKind | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const clearWarning = useCallback(() => {
    window.clearTimeout(timer.current);
    setWarning(null);
  }, []);
  const warn = useCallback((message: string) => {
    window.clearTimeout(timer.current);
    setWarning(message);
    timer.current = window.setTimeout(() => setWarning(null), WARNING_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const key = event.key.toLowerCase();
      if (key === 'b' || key === 'i') {
        event.preventDefault();
        toggleMark(editor, key === 'b' ? 'bold' : 'italic');
      }
    },
    [editor],
  );

  const labelId = `${id}-label`;
  return (
    <div className="field rt-field">
      <div className="rt-label" id={labelId}>
        {label}
      </div>
      <Slate editor={editor} initialValue={initial.nodes} onValueChange={emit}>
        <div className="rt-frame">
          <Toolbar id={id} label={label} open={open} setOpen={setOpen} warn={warn} clearWarning={clearWarning} />
          {warning && (
            <p role="alert" className="rt-warning">
              {warning}
            </p>
          )}
          <Editable
            id={id}
            className="rt-editable"
            aria-labelledby={labelId}
            aria-multiline="true"
            renderElement={RichElement}
            renderLeaf={RichLeaf}
            onKeyDown={onKeyDown}
            readOnly={readOnly}
            spellCheck
          />
        </div>
      </Slate>
    </div>
  );
}
