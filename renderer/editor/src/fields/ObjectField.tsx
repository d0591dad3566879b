import type { Path } from '../../../../core/rules/paths';
import type { FieldChange, FieldEditorProps } from './types';

/** An object's fields, each edited by its own kind: the object's editor and a list item's body. */
export function ObjectFields({
  path,
  value,
  onChange,
  Field,
}: {
  path: Path;
  value: Record<string, unknown>;
  onChange: FieldChange;
  Field: FieldEditorProps['Field'];
}) {
  return Object.entries(value).map(([key, child]) => (
    <Field key={key} name={key} path={[...path, key]} value={child} onChange={onChange} />
  ));
}

export function ObjectField({ label, path, value, onChange, Field }: FieldEditorProps) {
  return (
    <fieldset className="field-group">
      <legend>{label}</legend>
      <ObjectFields path={path} value={value as Record<string, unknown>} onChange={onChange} Field={Field} />
    </fieldset>
  );
}
