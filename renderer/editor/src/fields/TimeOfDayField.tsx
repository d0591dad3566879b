import { normaliseTimeOfDay, timeOfDayError } from '../../../../core/rules/timeOfDay';
import { DraftInput } from './DraftInput';
import type { FieldEditorProps } from './types';
import { useDraft } from './useDraft';

/**
 * A 24-hour time of day 'HH:mm' (a countdown's launch time). A time that is not one ('25:99') shows why and
 * changes nothing; it never rolls over into another day.
 */
export function TimeOfDayField({ id, label, path, value, onChange }: FieldEditorProps) {
  const draft = useDraft(
    (value as string | null | undefined) ?? '',
    timeOfDayError,
    (text) => normaliseTimeOfDay(text) ?? text,
    (next) => onChange(path, next),
  );
  return (
    <DraftInput
      id={id}
      label={label}
      draft={draft}
      className="time-field"
      placeholder="HH:mm"
      hint="24-hour time, HH:mm"
      inputProps={{ inputMode: 'numeric', autoComplete: 'off', maxLength: 8 }}
    />
  );
}
