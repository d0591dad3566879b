import { useId, useState } from 'react';
import { COMMIT_MESSAGE_MAX, commitMessageError } from '../../../../core/rules/page';

export interface ChangeMessage {
  message: string;
  setMessage(message: string): void;
  warning: string | null;
  /** Shows the warning of editor spec §5 when the message is refused; answers whether it may be saved. */
  accept(): boolean;
}

/** The change message of a save (editor spec §5): at most 150 characters, not empty nor a single space. */
export function useChangeMessage(): ChangeMessage {
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
      const problem = commitMessageError(message);
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
}: {
  state: ChangeMessage;
  rows: number;
  disabled?: boolean;
}) {
  const countId = useId();
  return (
    <>
      <label>
        Change message
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
