import type { FieldEditorProps } from './types';

/** Writes finite numbers only: an emptied or half-typed number leaves the stored one as it is. */
export function NumberField({ id, label, path, value, onChange }: FieldEditorProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        step="any"
        value={Number.isFinite(value) ? (value as number) : ''}
        onChange={(e) => {
          if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) onChange(path, e.target.valueAsNumber);
        }}
      />
    </div>
  );
}
