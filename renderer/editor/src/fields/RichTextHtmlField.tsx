import type { RichTextValue } from '../../../../core/rules/fields';
import { lazyPart } from '../ui/LazyPart';
import type { FieldEditorProps } from './types';

// Slate is a fifth of the editor's code and only this field uses it: it loads when a rich-text field is first shown.
const RichTextField = lazyPart(() => import('../richtext/RichTextField').then((module) => module.RichTextField), {
  what: 'rich-text editor',
  layout: 'field',
});

/** Rich text: its `html.value` in the slate editor. */
export function RichTextHtmlField({ id, label, path, value, onChange }: FieldEditorProps) {
  return (
    <RichTextField
      id={id}
      label={label}
      value={(value as RichTextValue).html.value}
      onChange={(html) => onChange([...path, 'html', 'value'], html)}
    />
  );
}
