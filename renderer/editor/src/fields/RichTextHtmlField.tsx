import type { RichTextValue } from '../../../../core/rules/fields';
import { RichTextField } from '../richtext/RichTextField';
import type { FieldEditorProps } from './types';

/** Rich text: its `html.value` in the slate editor. */
export function RichTextHtmlField({ id, label, path, value, onChange }: FieldEditorProps) {
  return <RichTextField id={id} label={label} value={(value as RichTextValue).html.value} onChange={(html) => onChange([...path, 'html', 'value'], html)} />;
}
