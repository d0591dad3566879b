import { useState } from 'react';
import type { FieldEditorProps } from './types';

const LONG_TEXT = 80;

/**
 * A text, or an empty field (null) whose key does not say what it holds. Long texts get a text area. Which
 * one is decided when the field appears, not per keystroke, so typing past the threshold never swaps the
 * element and loses the caret.
 */
export function StringField({ id, label, path, value, onChange }: FieldEditorProps) {
  const text = (value as string | null | undefined) ?? '';
  const [multiline] = useState(() => text.length > LONG_TEXT);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={3} value={text} onChange={(e) => onChange(path, e.target.value)} />
      ) : (
        <input id={id} value={text} onChange={(e) => onChange(path, e.target.value)} />
      )}
    </div>
  );
}
