import { useState } from 'react';
import { COMMIT_MESSAGE_MAX, commitMessageError } from '../../../../core/rules/page';
import { call, errorMessage } from '../api';
import { DASHBOARD_PATH, navigate } from '../router';
import { useDoc } from '../state/docContext';
import { toast } from '../state/toasts';
import { Modal } from './Modal';
import { toastError } from './Toasts';

/** The Update Page confirmation and the single-country save (editor spec §2, §5). */
export function SaveDialog({ open, onOpenChange, beforeSave }: { open: boolean; onOpenChange(open: boolean): void; beforeSave(): Promise<void> }) {
  const doc = useDoc();
  const [message, setMessage] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { fascia, country, page } = doc.key;

  const confirm = async () => {
    const problem = commitMessageError(message);
    if (problem) {
      setWarning(problem);
      return;
    }
    setBusy(true);
    try {
      await beforeSave();
      const { version } = await call('saveContent', {
        key: doc.key,
        meta: doc.meta,
        components: doc.components(),
        baseHash: doc.baseHash,
        commitMessage: message,
      });
      doc.markSaved(version.hash);
      toast(`Updated content for '${fascia} ${country} ${page}'.`);
      onOpenChange(false);
      navigate(DASHBOARD_PATH);
    } catch (error) {
      // The draft is untouched, so nothing is lost: the editor stays open to try again.
      toastError(`The page was not saved: ${errorMessage(error)} Your changes are kept as a draft.`);
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title="Update Page">
      <div className="update-page">
        <p>You are about to update the content for:</p>
        <dl>
          <dt>Fascia</dt>
          <dd>{fascia}</dd>
          <dt>Country</dt>
          <dd>{country.toUpperCase()}</dd>
          <dt>Page</dt>
          <dd>{page}</dd>
        </dl>
        <p>Do you want to continue?</p>
        <label>
          Change message
          <textarea
            rows={3}
            maxLength={COMMIT_MESSAGE_MAX}
            value={message}
            aria-describedby="message-count"
            onChange={(e) => {
              setMessage(e.target.value);
              setWarning(null);
            }}
          />
        </label>
        <p id="message-count" className="hint">
          {message.length}/{COMMIT_MESSAGE_MAX}
        </p>
        {warning && (
          <p role="alert" className="field-warning">
            {warning}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Saving…' : 'Continue'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
