import type { FieldEditorProps } from './types';

function DateInput({ id, label, path, value, onChange, time }: FieldEditorProps & { time: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={time ? 'datetime-local' : 'date'}
        value={(value as string | null | undefined) ?? ''}
        onChange={(e) => onChange(path, e.target.value)}
      />
    </div>
  );
}

/** A date (a key with Date in it), empty or not. */
export const DateField = (props: FieldEditorProps) => <DateInput {...props} time={false} />;

/** A date and time (a key with DateTime in it), empty or not. */
export const DateTimeField = (props: FieldEditorProps) => <DateInput {...props} time />;
