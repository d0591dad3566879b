import { memo, useId, useState } from 'react';
import { OPTION_LISTS, isOptionListName } from '../../../../core/optionLists';
import { blankLike, fieldKind, labelFromKey, type RichTextValue, type SelectBoxValue } from '../../../../core/rules/fields';
import { moveItem, type Path } from '../../../../core/rules/paths';

export type FieldChange = (path: Path, value: unknown) => void;

interface FieldProps {
  name: string | number;
  path: Path;
  value: unknown;
  onChange: FieldChange;
}

const LONG_TEXT = 80;

/**
 * One content field, edited by the kind its key and value call for (editor spec §3). Memoised on its value,
 * so an edit re-renders only the fields along the changed path.
 */
export const FieldEditor = memo(
  function FieldEditor({ name, path, value, onChange }: FieldProps) {
    const id = useId();
    const label = labelFromKey(name);
    const set = (next: unknown) => onChange(path, next);
    const kind = fieldKind(String(name), value);

    switch (kind) {
      case 'boolean':
        return (
          <label className="field checkbox">
            <input type="checkbox" checked={value as boolean} onChange={(e) => set(e.target.checked)} />
            {label}
          </label>
        );
      case 'number':
        return (
          <div className="field">
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="number"
              step="any"
              value={Number.isFinite(value) ? (value as number) : ''}
              onChange={(e) => {
                if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) set(e.target.valueAsNumber);
              }}
            />
          </div>
        );
      case 'date':
      case 'dateTime':
        return (
          <div className="field">
            <label htmlFor={id}>{label}</label>
            <input id={id} type={kind === 'date' ? 'date' : 'datetime-local'} value={value as string} onChange={(e) => set(e.target.value)} />
          </div>
        );
      case 'selectBox':
        return <SelectBoxField id={id} label={label} value={value as SelectBoxValue} set={set} />;
      case 'richText': {
        const html = (value as RichTextValue).html.value;
        return (
          <div className="field">
            <label htmlFor={id}>{label} (HTML)</label>
            <textarea id={id} rows={4} value={html} onChange={(e) => set({ ...(value as object), html: { ...(value as RichTextValue).html, value: e.target.value } })} />
          </div>
        );
      }
      case 'array':
        return <ArrayField label={label} path={path} items={value as unknown[]} onChange={onChange} />;
      case 'object':
      case 'pluDetails':
        return (
          <fieldset className="field-group">
            <legend>{label}</legend>
            {Object.entries(value as Record<string, unknown>).map(([key, child]) => (
              <FieldEditor key={key} name={key} path={[...path, key]} value={child} onChange={onChange} />
            ))}
          </fieldset>
        );
      case 'null':
      case 'string':
        return <StringField id={id} label={label} text={typeof value === 'string' ? value : ''} set={set} />;
    }
  },
  (before, after) =>
    before.value === after.value &&
    before.onChange === after.onChange &&
    before.name === after.name &&
    before.path.length === after.path.length &&
    before.path.every((key, i) => key === after.path[i]),
);

/**
 * Long texts get a text area. Which one is decided when the field appears, not per keystroke, so typing past
 * the threshold never swaps the element and loses the caret.
 */
function StringField({ id, label, text, set }: { id: string; label: string; text: string; set(next: unknown): void }) {
  const [multiline] = useState(() => text.length > LONG_TEXT);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={3} value={text} onChange={(e) => set(e.target.value)} />
      ) : (
        <input id={id} value={text} onChange={(e) => set(e.target.value)} />
      )}
    </div>
  );
}

function SelectBoxField({ id, label, value, set }: { id: string; label: string; value: SelectBoxValue; set(next: unknown): void }) {
  const listName = value.selectBox.options;
  const options = isOptionListName(listName) ? OPTION_LISTS[listName] : null;
  const current = String(value.selectBox.current);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select id={id} value={current} onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })}>
          {!options.includes(current) && <option value={current}>{current} (not in {listName})</option>}
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <>
          <input id={id} value={current} onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })} />
          <p className="field-warning">Unknown option list “{listName}”: enter the value by hand.</p>
        </>
      )}
    </div>
  );
}

function ArrayField({ label, path, items, onChange }: { label: string; path: Path; items: unknown[]; onChange: FieldChange }) {
  const set = (next: unknown[]) => onChange(path, next);
  return (
    <fieldset className="field-group array-field">
      <legend>
        {label} <span className="muted">({items.length})</span>
      </legend>
      {items.map((item, index) => (
        <div className="array-item" key={index}>
          <FieldEditor name={index} path={[...path, index]} value={item} onChange={onChange} />
          <div className="array-item-actions" role="group" aria-label={`${label} item ${index + 1}`}>
            <button type="button" disabled={index === 0} onClick={() => set(moveItem(items, index, index - 1))} aria-label={`Move ${label} item ${index + 1} up`}>
              ↑
            </button>
            <button
              type="button"
              disabled={index === items.length - 1}
              onClick={() => set(moveItem(items, index, index + 1))}
              aria-label={`Move ${label} item ${index + 1} down`}
            >
              ↓
            </button>
            <button type="button" onClick={() => set(items.filter((_, i) => i !== index))} aria-label={`Remove ${label} item ${index + 1}`}>
              ✕
            </button>
          </div>
        </div>
      ))}
      <button type="button" onClick={() => set([...items, items.length > 0 ? blankLike(items[items.length - 1]) : ''])}>
        Add item to {label}
      </button>
    </fieldset>
  );
}
