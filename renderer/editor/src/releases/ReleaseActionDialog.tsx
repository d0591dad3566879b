import { useState, type ReactNode } from 'react';
import { errorMessage } from '../api';
import { ChangeMessageField, type ChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';

/**
 * A release's weighty actions (Go live now, Roll back, Delete) ask first: what the action does, a message where
 * it takes one, Cancel and the action's button. A refusal stays in the dialog with what was typed; a done
 * action closes it (the caller announces it).
 */
export function ReleaseActionDialog({
  open,
  title,
  children,
  message,
  label,
  busyLabel,
  danger = false,
  act,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What the action does, in a sentence or two. */
  children: ReactNode;
  /** The action's message (Roll back takes one, as a page's roll back does). */
  message?: ChangeMessage;
  label: string;
  busyLabel: string;
  danger?: boolean;
  act(message: string | null): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const submit = async () => {
    if (message && !message.accept()) return;
    setBusy(true);
    setRefusal(null);
    try {
      await act(message ? message.message : null);
      setBusy(false);
      close();
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && !busy && close()} title={title}>
      <div className="live-dialog">
        {children}
        {message && <ChangeMessageField state={message} rows={3} disabled={busy} label="Message" />}
        {refusal && (
          <p role="alert" className="field-warning">
            {refusal}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" disabled={busy} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'danger' : 'primary'}
            disabled={busy || (message !== undefined && message.message === '')}
            onClick={() => void submit()}
          >
            {busy ? busyLabel : label}
          </button>
        </div>
      </div>
    </Modal>
  );
}
