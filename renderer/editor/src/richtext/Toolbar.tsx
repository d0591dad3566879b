import { useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { Editor } from 'slate';
import { ReactEditor, useSlate } from 'slate-react';
import {
  HEADING_LEVELS,
  HEADING_SIZES,
  clearFormatting,
  insertBoldText,
  insertHeading,
  insertLink,
  insertParagraph,
  isBlockActive,
  isMarkActive,
  toggleList,
  toggleMark,
} from './commands';
import type { HeadingLevel } from './types';
import { headingError, linkError, textError } from './validation';

export type InsertKind = 'heading' | 'paragraph' | 'bold' | 'link';

interface ToolbarProps {
  id: string;
  label: string;
  open: InsertKind | null;
  setOpen(kind: InsertKind | null): void;
  warn(message: string): void;
  clearWarning(): void;
}

/** Keeps the editor's focus and selection when a formatting button is pressed with the mouse. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

function focusEditor(editor: Editor): void {
  try {
    ReactEditor.focus(editor);
  } catch {
    // The editor is gone (unmounted between the click and now); nothing to focus.
  }
}

/**
 * The rich text toolbar (editor spec §2, §5): Heading, Paragraph, Bold and Link open a small inline form and
 * insert on a valid submit; Italic, the lists and Clear formatting act on the selection at once.
 */
export function Toolbar({ id, label, open, setOpen, warn, clearWarning }: ToolbarProps) {
  const editor = useSlate();
  const formId = `${id}-insert`;

  const toggleForm = (kind: InsertKind) => {
    clearWarning();
    setOpen(open === kind ? null : kind);
  };
  const formButton = (kind: InsertKind, name: string) => (
    <button
      type="button"
      className={`rt-button rt-button-${kind}`}
      aria-expanded={open === kind}
      aria-controls={open === kind ? formId : undefined}
      onClick={() => toggleForm(kind)}
    >
      {name}
    </button>
  );
  const actionButton = (name: string, className: string, pressed: boolean | undefined, action: () => void) => (
    <button
      type="button"
      className={`rt-button ${className}`}
      aria-pressed={pressed}
      onMouseDown={keepSelection}
      onClick={() => {
        action();
        focusEditor(editor);
      }}
    >
      {name}
    </button>
  );

  const insert = (command: (editor: Editor) => void) => {
    command(editor);
    clearWarning();
    setOpen(null);
    focusEditor(editor);
  };
  const cancel = () => {
    clearWarning();
    setOpen(null);
    focusEditor(editor);
  };

  return (
    <>
      <div className="rt-toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {formButton('heading', 'Heading')}
        {formButton('paragraph', 'Paragraph')}
        {formButton('bold', 'Bold')}
        {formButton('link', 'Link')}
        <span className="rt-separator" aria-hidden="true" />
        {actionButton('Italic', 'rt-button-italic', isMarkActive(editor, 'italic'), () => toggleMark(editor, 'italic'))}
        {actionButton('Bulleted list', 'rt-button-list', isBlockActive(editor, 'bulleted-list'), () =>
          toggleList(editor, 'bulleted-list'),
        )}
        {actionButton('Numbered list', 'rt-button-list', isBlockActive(editor, 'numbered-list'), () =>
          toggleList(editor, 'numbered-list'),
        )}
        {actionButton('Clear formatting', 'rt-button-clear', undefined, () => clearFormatting(editor))}
      </div>
      {open === 'heading' && <HeadingForm id={formId} warn={warn} insert={insert} cancel={cancel} />}
      {open === 'paragraph' && (
        <TextForm
          id={formId}
          title="Insert paragraph"
          field="Paragraph text"
          warn={warn}
          insert={insert}
          cancel={cancel}
          command={insertParagraph}
        />
      )}
      {open === 'bold' && (
        <TextForm
          id={formId}
          title="Insert bold text"
          field="Bold text"
          warn={warn}
          insert={insert}
          cancel={cancel}
          command={insertBoldText}
        />
      )}
      {open === 'link' && <LinkForm id={formId} warn={warn} insert={insert} cancel={cancel} />}
    </>
  );
}

interface FormProps {
  id: string;
  warn(message: string): void;
  insert(command: (editor: Editor) => void): void;
  cancel(): void;
}

function InsertForm({
  id,
  title,
  onSubmit,
  cancel,
  children,
}: {
  id: string;
  title: string;
  onSubmit(): void;
  cancel(): void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };
  return (
    <form id={id} className="rt-form" aria-label={title} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <div className="rt-form-fields">{children}</div>
      <div className="rt-form-actions">
        <button type="submit" className="primary">
          Insert
        </button>
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FormField({ id, label, grow, children }: { id: string; label: string; grow?: boolean; children: ReactNode }) {
  return (
    <div className={grow ? 'rt-form-field rt-form-grow' : 'rt-form-field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function HeadingForm({ id, warn, insert, cancel }: FormProps) {
  const [type, setType] = useState('');
  const [size, setSize] = useState('');
  const [text, setText] = useState('');
  const submit = () => {
    const error = headingError({ type, size, text });
    if (error) warn(error);
    else insert((editor) => insertHeading(editor, { level: Number(type.slice(1)) as HeadingLevel, size, text }));
  };
  return (
    <InsertForm id={id} title="Insert heading" onSubmit={submit} cancel={cancel}>
      <FormField id={`${id}-type`} label="Type">
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)} autoFocus>
          <option value="">Choose…</option>
          {HEADING_LEVELS.map((level) => (
            <option key={level} value={`h${level}`}>
              H{level}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-size`} label="Size">
        <select id={`${id}-size`} value={size} onChange={(e) => setSize(e.target.value)}>
          <option value="">Choose…</option>
          {HEADING_SIZES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${id}-text`} label="Text" grow>
        <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
    </InsertForm>
  );
}

function TextForm({
  id,
  title,
  field,
  command,
  warn,
  insert,
  cancel,
}: FormProps & { title: string; field: string; command(editor: Editor, text: string): void }) {
  const [text, setText] = useState('');
  const submit = () => {
    const error = textError(text);
    if (error) warn(error);
    else insert((editor) => command(editor, text));
  };
  return (
    <InsertForm id={id} title={title} onSubmit={submit} cancel={cancel}>
      <FormField id={`${id}-text`} label={field} grow>
        <input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      </FormField>
    </InsertForm>
  );
}

function LinkForm({ id, warn, insert, cancel }: FormProps) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const submit = () => {
    const error = linkError({ url, title });
    if (error) warn(error);
    else insert((editor) => insertLink(editor, { url, title }));
  };
  return (
    <InsertForm id={id} title="Insert link" onSubmit={submit} cancel={cancel}>
      <FormField id={`${id}-url`} label="URL" grow>
        <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} autoFocus />
      </FormField>
      <FormField id={`${id}-title`} label="Title" grow>
        <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      </FormField>
    </InsertForm>
  );
}
