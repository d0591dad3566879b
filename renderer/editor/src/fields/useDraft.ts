import { useState } from 'react';

export interface Draft {
  /** What the field shows: the typed text, valid or not. */
  text: string;
  /** Why the text is not written to the content, or null when it is valid. */
  error: string | null;
  change(text: string): void;
  /** Shows the stored form of a valid text (e.g. ' 16 : 9 ' becomes '16:9'); an invalid one stays. */
  blur(): void;
}

/**
 * Text typed over a model value: it follows the value, so a change from elsewhere (undo, the JSON panel, another
 * country) replaces what is shown, while typing in between is kept, and nothing moves the caret. `isOwnWrite`
 * tells a write of the typed text coming back, which leaves the text as typed.
 */
export function useFollowingText(
  value: string,
  isOwnWrite: (typed: string) => boolean = () => false,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // Adjusting state while rendering (react.dev "storing information from previous renders").
    setSeen(value);
    if (!isOwnWrite(text)) setText(value);
  }
  return [text, setText];
}

/**
 * A text field that writes only valid values. The typed text lives here until it is valid, so an invalid
 * value never reaches the content; a valid one is written in its stored form (`normalise`). When the
 * content changes from elsewhere (undo, the JSON panel), the field shows the new value.
 */
export function useDraft(
  value: string,
  validate: (text: string) => string | null,
  normalise: (text: string) => string,
  write: (value: string) => void,
): Draft {
  const [draft, setDraft] = useFollowingText(value, (typed) => validate(typed) === null && normalise(typed) === value);
  const error = validate(draft);
  return {
    text: draft,
    error,
    change(text) {
      setDraft(text);
      if (validate(text) !== null) return;
      const next = normalise(text);
      if (next !== value) write(next);
    },
    blur() {
      if (error === null && draft !== value) setDraft(value);
    },
  };
}
