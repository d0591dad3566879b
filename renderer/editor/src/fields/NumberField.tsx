import { numberBoundsOf } from '../../../../core/catalogue/numberBounds';
import { describeBounds, numberError } from '../../../../core/rules/numberBounds';
import { DraftInput } from './DraftInput';
import type { FieldEditorProps } from './types';
import { useDraft } from './useDraft';

const stored = (text: string): string => String(Number(text.trim()));

/**
 * A number, within the bounds the catalogue sets for its key (core/catalogue/numberBounds), shown under it.
 * Text that is not an accepted number (empty, half-typed, out of range) stays in the field with its error
 * and changes nothing.
 */
export function NumberField({ id, label, name, path, value, onChange }: FieldEditorProps) {
  const bounds = numberBoundsOf(name);
  const draft = useDraft(
    Number.isFinite(value) ? String(value) : '',
    (text) => numberError(text, bounds),
    stored,
    (text) => onChange(path, Number(text)),
  );
  return (
    <DraftInput
      id={id}
      label={label}
      draft={draft}
      className="number-field"
      hint={bounds && describeBounds(bounds)}
      // Text, not type=number: a number input reports half-typed or out-of-range text as empty, so the
      // message could not say what is wrong with it.
      inputProps={{ inputMode: bounds?.whole ? 'numeric' : 'decimal' }}
    />
  );
}
