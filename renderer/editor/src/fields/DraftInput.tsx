import type { InputHTMLAttributes, ReactNode } from 'react';
import type { Draft } from './useDraft';

/** A text input for a Draft: the typed text stays here, its error shown, until it is valid. */
export function DraftInput({
  id,
  label,
  draft,
  placeholder,
  className,
  before,
  hint,
  inputProps,
}: {
  id: string;
  label: string;
  draft: Draft;
  placeholder?: string;
  className?: string;
  /** Shown before the input, on its line (the colour picker). */
  before?: ReactNode;
  /** What the field accepts, said under it and read with it (a number's bounds, a time's format). */
  hint?: string;
  /** More of the input's attributes (inputMode, pattern...); the value, its events and aria-* stay the draft's. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', draft.error !== null ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        {before}
        <input
          type="text"
          {...inputProps}
          id={id}
          spellCheck={false}
          value={draft.text}
          placeholder={placeholder}
          aria-invalid={draft.error !== null}
          aria-describedby={describedBy || undefined}
          onChange={(e) => draft.change(e.target.value)}
          onBlur={draft.blur}
        />
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {draft.error !== null && (
        <p className="field-error" id={errorId} role="alert">
          {draft.error} Not saved until valid.
        </p>
      )}
    </div>
  );
}
