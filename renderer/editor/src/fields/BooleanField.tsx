import type { FieldEditorProps } from './types';

export function BooleanField({ label, path, value, onChange }: FieldEditorProps) {
  return (
    <label className="field checkbox">
      <input type="checkbox" checked={value as boolean} onChange={(e) => onChange(path, e.target.checked)} />
      {label}
    </label>
  );
}
