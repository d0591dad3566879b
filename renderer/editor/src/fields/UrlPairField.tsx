import { useState } from 'react';
import type { StringPair } from '../../../../core/rules/fields';
import type { FieldEditorProps } from './types';

/**
 * A link for desktop and one for mobile. 'Same on mobile' (on when they start equal) copies the desktop link
 * to mobile while it is checked; unchecking keeps both and lets mobile differ.
 */
export function UrlPairField({ id, label, path, value: field, onChange }: FieldEditorProps) {
  const value = field as StringPair;
  const [same, setSame] = useState(() => value.desktop === value.mobile);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // While checked our writes keep the two equal, so a difference comes from elsewhere (undo, JSON): show it.
    setSeen(value);
    if (same && value.desktop !== value.mobile) setSame(false);
  }
  const setDesktop = (desktop: string) =>
    onChange(path, same ? { ...value, desktop, mobile: desktop } : { ...value, desktop });
  return (
    <fieldset className="field-group shape-url">
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={`${id}-desktop`}>Desktop URL</label>
        <input
          id={`${id}-desktop`}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={value.desktop}
          onChange={(e) => setDesktop(e.target.value)}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={same}
          onChange={(e) => {
            setSame(e.target.checked);
            if (e.target.checked && value.mobile !== value.desktop) onChange(path, { ...value, mobile: value.desktop });
          }}
        />
        Same on mobile
      </label>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>Mobile URL</label>
        <input
          id={`${id}-mobile`}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={same ? value.desktop : value.mobile}
          readOnly={same}
          aria-describedby={same ? `${id}-same` : undefined}
          onChange={(e) => onChange([...path, 'mobile'], e.target.value)}
        />
        {same && (
          <span className="hint" id={`${id}-same`}>
            Follows the desktop URL.
          </span>
        )}
      </div>
    </fieldset>
  );
}
