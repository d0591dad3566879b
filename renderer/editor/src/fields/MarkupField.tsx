import { HtmlEditor } from '../code/editors';
import { useFieldsReadOnly } from '../state/docContext';
import type { FieldEditorProps } from './types';

/**
 * Hand-written HTML (Custom HTML's markup), in a code editor with HTML highlighting. Every edit is written
 * as typed: the preview renders the markup as is.
 */
export function MarkupField({ label, path, value, onChange }: FieldEditorProps) {
  const readOnly = useFieldsReadOnly();
  return (
    <div className="field markup-field">
      <HtmlEditor
        label={label}
        value={(value as string | null | undefined) ?? ''}
        onChange={(text) => onChange(path, text)}
        readOnly={readOnly}
      />
    </div>
  );
}
