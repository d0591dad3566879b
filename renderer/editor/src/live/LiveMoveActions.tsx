import { useState } from 'react';
import { describeLiveMove, type LiveEntry } from '../../../../core/live';
import { errorMessage } from '../api';
import { toast } from '../state/toasts';
import { ChangeMessageField, type ChangeMessage } from '../ui/ChangeMessageField';

/**
 * The end of both live dialogs (go live, roll back): the message, a refusal from main, Cancel and the move's
 * button. A refused move keeps the dialog open with what was typed; a made one is announced and closes it.
 */
export function LiveMoveActions({
  name,
  message,
  busy,
  setBusy,
  ready,
  label,
  busyLabel,
  refusedAs,
  move,
  onClose,
  onDone,
}: {
  /** The page as the notices name it ("JD GB home"). */
  name: string;
  message: ChangeMessage;
  busy: boolean;
  setBusy(busy: boolean): void;
  /** Whether the move has all it needs besides the message (a chosen version). */
  ready: boolean;
  label: string;
  busyLabel: string;
  /** How a refusal begins: "did not go live", "was not rolled back". */
  refusedAs: string;
  move(message: string): Promise<{ live: LiveEntry }>;
  onClose(): void;
  onDone?(entry: LiveEntry): void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    if (!ready || !message.accept()) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { live } = await move(message.message);
      toast(describeLiveMove(live, name));
      onDone?.(live);
      setBusy(false);
      onClose();
    } catch (error) {
      setRefusal(`${name} ${refusedAs}: ${errorMessage(error)}`);
      setBusy(false);
    }
  };
  return (
    <>
      <ChangeMessageField state={message} rows={3} disabled={busy} label="Message" />
      {refusal && (
        <p role="alert" className="field-warning">
          {refusal}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || !ready || message.message === ''}
          onClick={() => void submit()}
        >
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
