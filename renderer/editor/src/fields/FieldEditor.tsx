import { memo, useId } from 'react';
import { fieldKind, isColourKey, isTimeOfDayKey, knownShape } from '../../../../core/rules/fields';
import { FIELD_EDITORS, SHAPE_EDITORS } from './registry';
import { samePath, type FieldEditorComponent, type FieldProps } from './types';
import './fields.css';
import { fieldLabel } from '../../../../core/rules/itemLabel';
import { FieldPresence } from '../team/FieldPresence';

export type { FieldChange } from './types';

/**
 * Which editor a field gets: its known shape's, else its kind's. An empty field (null) gets the editor its key
 * calls for (a colour, a date, markup, a time of day), the one its first value will get, so the first keystroke,
 * which gives the value a kind, does not swap the element under the caret.
 */
function editorOf(name: string | number, value: unknown): FieldEditorComponent {
  const shape = knownShape(name, value);
  if (shape) return SHAPE_EDITORS[shape];
  const key = String(name);
  const kind = fieldKind(key, value);
  if (kind === 'null' && isColourKey(key)) return SHAPE_EDITORS.colour;
  if (kind === 'null' && key === 'markup') return SHAPE_EDITORS.markup;
  if (kind === 'null' && isTimeOfDayKey(key)) return SHAPE_EDITORS.timeOfDay;
  if (kind === 'null' && key.includes('Date')) return FIELD_EDITORS[key.includes('DateTime') ? 'dateTime' : 'date'];
  return FIELD_EDITORS[kind];
}

/**
 * One content field, edited by the kind its key and value call for (editor spec §3), or by a dedicated editor
 * for a known shape (images, aspect ratios, link pairs, CTAs, colours): fields/registry.ts. Memoised on its
 * value, so an edit re-renders only the fields along the changed path.
 */
export const FieldEditor = memo(
  function Field({ name, path, value, onChange }: FieldProps) {
    const id = useId();
    const Editor = editorOf(name, value);
    const label = fieldLabel(path);
    // The memoised FieldEditor, not this function, for the fields inside: they skip rendering too.
    return (
      <FieldPresence path={path} label={label}>
        <Editor id={id} label={label} name={name} path={path} value={value} onChange={onChange} Field={FieldEditor} />
      </FieldPresence>
    );
  },
  (before, after) =>
    before.value === after.value &&
    before.onChange === after.onChange &&
    before.name === after.name &&
    samePath(before.path, after.path),
);
