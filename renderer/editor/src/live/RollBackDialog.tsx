import { useState } from 'react';
import { liveMessageError, rollbackTarget, type LiveEntry } from '../../../../core/live';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey } from '../../../../core/schemas';
import { call } from '../api';
import { LoadFailed } from '../history/LoadFailed';
import { useRemote } from '../state/useRemote';
import { useChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';
import { StateMessage } from '../ui/StateMessage';
import { LiveMoveActions } from './LiveMoveActions';
import { livePageName } from './liveNames';
import './live.css';

/**
 * Roll back one page (issue 24 §1): a confirmation naming the version it returns to (the one live before the
 * current entry), with a message. Main's refusal is shown here, and the dialog stays open with what was typed.
 */
export function RollBackDialog({
  pageKey,
  onClose,
  onDone,
}: {
  pageKey: PageKey | null;
  onClose(): void;
  onDone?(entry: LiveEntry): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={pageKey !== null} onOpenChange={(open) => !open && !busy && onClose()} title="Roll back">
      {pageKey && <RollBackForm pageKey={pageKey} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function RollBackForm({
  pageKey,
  busy,
  setBusy,
  onClose,
  onDone,
}: {
  pageKey: PageKey;
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onDone?(entry: LiveEntry): void;
}) {
  const [attempt, setAttempt] = useState(0);
  const message = useChangeMessage(liveMessageError);
  const history = useRemote(`${bookmarkFor(pageKey)}#${attempt}`, () => call('listLiveHistory', { key: pageKey }));
  const name = livePageName(pageKey);

  if (history.loading) return <StateMessage kind="loading" title="Loading what was live…" />;
  if (history.error !== null || history.data === undefined)
    return <LoadFailed what="What was live" error={history.error} onRetry={() => setAttempt((n) => n + 1)} />;
  const current = history.data.entries[0] ?? null;
  const target = rollbackTarget(current);

  if (current === null || target === null) {
    return (
      <div className="live-dialog">
        <p>
          {current === null
            ? `${name} is not live, so there is nothing to roll back.`
            : `${name} has been live at version ${current.version} only: there is no earlier version to go back to.`}
        </p>
        <div className="modal-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="live-dialog">
      <p>
        <strong>{name}</strong> is live at version {current.version}. Rolling back puts version {target} live again.
      </p>
      <LiveMoveActions
        name={name}
        message={message}
        busy={busy}
        setBusy={setBusy}
        ready
        label={`Roll back to version ${target}`}
        busyLabel="Rolling back…"
        refusedAs="was not rolled back"
        move={(text) => call('rollBack', { pageKey, message: text })}
        onClose={onClose}
        onDone={onDone}
      />
    </div>
  );
}
