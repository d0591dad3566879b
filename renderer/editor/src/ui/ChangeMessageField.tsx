import { useId, useState } from 'react';
import { COMMIT_MESSAGE_MAX, commitMessageError } from '../../../../core/rules/page';

export interface ChangeMessage {
  message: string;
  setMessage(message: string): void;
  warning: string | null;
  /** Shows the warning of editor spec §5 when the message is refused; answers whether it may be saved. */
  accept(): boolean;
}

/**
 * The change message of a save (editor spec §5): at most 150 characters, not empty nor a single space. A live
 * move's message (issue 24) passes its own check.
 */
export function useChangeMessage(check: (message: string) => string | null = commitMessageError): ChangeMessage {
  const [message, setMessageState] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  return {
    message,
    setMessage: (next) => {
      setMessageState(next);
      setWarning(null);
    },
    warning,
    accept: () => {
      const problem = check(message);
      setWarning(problem);
      return problem === null;
    },
  };
}

/** The message's textarea, its character count and its warning. */
export function ChangeMessageField({
  state,
  rows,
  disabled = false,
  label = 'Change message',
}: {
  state: ChangeMessage;
  rows: number;
  disabled?: boolean;
  label?: string;
}) {
  const countId = useId();
  return (
    <>
      <label>
        {label}
        <textarea
          rows={rows}
          maxLength={COMMIT_MESSAGE_MAX}
          value={state.message}
          disabled={disabled}
          aria-describedby={countId}
          onChange={(e) => state.setMessage(e.target.value)}
        />
      </label>
      <p id={countId} className="hint">
        {state.message.length}/{COMMIT_MESSAGE_MAX}
      </p>
      {state.warning && (
        <p role="alert" className="field-warning">
          {state.warning}
        </p>
      )}
    </>
  );
}
