import { OPTION_LISTS, isOptionListName } from '../../../../core/optionLists';
import type { SelectBoxValue } from '../../../../core/rules/fields';
import type { FieldEditorProps } from './types';

/** One value from a named option list (core/optionLists); a list this app does not know is typed by hand. */
export function SelectBoxField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = field as SelectBoxValue;
  const set = (next: SelectBoxValue) => onChange(path, next);
  const listName = value.selectBox.options;
  const options = isOptionListName(listName) ? OPTION_LISTS[listName] : null;
  const current = String(value.selectBox.current);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select
          id={id}
          value={current}
          onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })}
        >
          {!options.includes(current) && (
            <option value={current}>
              {current} (not in {listName})
            </option>
          )}
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <>
          <input
            id={id}
            value={current}
            onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })}
          />
          <p className="field-warning">Unknown option list “{listName}”: enter the value by hand.</p>
        </>
      )}
    </div>
  );
}
