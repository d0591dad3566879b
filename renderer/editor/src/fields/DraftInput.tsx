import type { ReactNode } from 'react';
import type { Draft } from './useDraft';

/** A text input for a Draft: the typed text stays here, its error shown, until it is valid. */
export function DraftInput({
  id,
  label,
  draft,
  placeholder,
  className,
  before,
}: {
  id: string;
  label: string;
  draft: Draft;
  placeholder?: string;
  className?: string;
  /** Shown before the input, on its line (the colour picker). */
  before?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="input-row">
        {before}
        <input
          id={id}
          type="text"
          spellCheck={false}
          value={draft.text}
          placeholder={placeholder}
          aria-invalid={draft.error !== null}
          aria-describedby={draft.error !== null ? errorId : undefined}
          onChange={(e) => draft.change(e.target.value)}
          onBlur={draft.blur}
        />
      </div>
      {draft.error !== null && (
        <p className="field-error" id={errorId} role="alert">
          {draft.error} Not saved until valid.
        </p>
      )}
    </div>
  );
}
