import { hexColourError, isHex6 } from '../../../../core/rules/fields';
import { DraftInput } from './DraftInput';
import type { FieldEditorProps } from './types';
import { useDraft } from './useDraft';

const trim = (text: string): string => text.trim();

/**
 * A colour as hex text, with the native picker beside it while the stored colour is #rrggbb (all it can
 * show). Text that is not a hex colour stays in the field, with its error, and is not written. An empty
 * field (null) under a colour key starts as empty text.
 */
export function ColourField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = (field as string | null | undefined) ?? '';
  const draft = useDraft(value, hexColourError, trim, (next) => onChange(path, next));
  // Always one element before the text field, so the text field keeps its place (and focus) while the picker
  // comes and goes as the stored value changes.
  const swatch = isHex6(value) ? (
    <input
      type="color"
      className="colour-swatch"
      aria-label={`Pick ${label.toLowerCase()}`}
      value={value.toLowerCase()}
      onChange={(e) => draft.change(e.target.value)}
    />
  ) : (
    <span
      className="colour-swatch colour-swatch-none"
      aria-hidden="true"
      title="The picker shows #rrggbb colours only"
    />
  );
  return (
    <DraftInput id={id} label={label} draft={draft} placeholder="#rrggbb" className="colour-field" before={swatch} />
  );
}
