import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import type { JsonCheck, JsonProblem } from '../../../../core/rules/jsonProblems';

/**
 * The state behind a JSON editor that edits part of the document: the text, its problems, and focus tracking
 * (spread focusProps on an element around the editor). While focus is inside, changes from elsewhere do not
 * overwrite what is being typed; without focus the text follows the document whenever `version` changes.
 * A valid edit is applied; an invalid one only shows its problems.
 */
export function useDocumentJson<T>({
  read,
  version,
  check,
  apply,
}: {
  /** The document's part as JSON text, now. */
  read: () => string;
  /** Anything that changes when that part changes (the component, the document's revision). */
  version: unknown;
  check: (text: string) => JsonCheck<T>;
  apply: (value: T) => void;
}) {
  const [text, setText] = useState(read);
  const [problems, setProblems] = useState<readonly JsonProblem[]>([]);
  const focused = useRef(false);
  const readRef = useRef(read);

  useLayoutEffect(() => {
    readRef.current = read;
  }, [read]);

  useEffect(() => {
    if (focused.current) return;
    setText(readRef.current());
    setProblems((current) => (current.length ? [] : current));
  }, [version]);

  const onChange = (next: string) => {
    setText(next);
    const checked = check(next);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems([]);
    apply(checked.value);
  };

  const focusProps = {
    onFocus: () => {
      focused.current = true;
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      focused.current = false;
      // Valid text is shown as the document has it (formatted); broken text stays until the document changes.
      if (problems.length === 0) setText(readRef.current());
    },
  };

  return { text, problems, onChange, focusProps };
}
