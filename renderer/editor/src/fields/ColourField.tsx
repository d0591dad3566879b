import { asHex6, hexColourError } from '../../../../core/rules/fields';
import { DraftInput } from './DraftInput';
import type { FieldEditorProps } from './types';
import { useDraft } from './useDraft';

const trim = (text: string): string => text.trim();

/**
 * A colour: the native picker beside its hex text, for exact values. Text that is not a hex colour stays in
 * the field, with its error, and is not written. The picker shows the colour typed last that is one (#abc as
 * #aabbcc; black while there is none); picking writes #rrggbb. An empty field (null) under a colour key starts
 * as empty text.
 */
export function ColourField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = (field as string | null | undefined) ?? '';
  const draft = useDraft(value, hexColourError, trim, (next) => onChange(path, next));
  const swatch = (
    <input
      type="color"
      className="colour-swatch"
      aria-label={`Pick ${label.toLowerCase()}`}
      title={value.trim() === '' ? 'No colour set: the template’s own applies' : undefined}
      value={asHex6(value) ?? '#000000'}
      onChange={(e) => draft.change(e.target.value)}
    />
  );
  return (
    <DraftInput id={id} label={label} draft={draft} placeholder="#rrggbb" className="colour-field" before={swatch} />
  );
}
