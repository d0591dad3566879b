import { useState } from 'react';
import { fasciaName } from '../../../../core/fascias';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PendingSave } from '../../../../core/team';
import { call, errorMessage } from '../api';
import { ConflictPanel } from '../history/ConflictPanel';
import { DiffView } from '../history/DiffView';
import { SavedVersion } from '../history/SavedVersion';
import { useRemote } from '../state/useRemote';
import { editorPath, navigate } from '../router';
import { toast } from '../state/toasts';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';
import { pendingConflictAtom, requestReloadTheirs, setTeamValue, useTeamValue } from '../state/teamStore';
import './team.css';

/**
 * A save kept on this computer met a colleague's newer version when main sent it (issue 13): the conflict UI
 * of a save, for the pending one. Review difference compares the pending content with theirs; Overwrite sends
 * the pending save over their version (theirs stays in History); Reload theirs drops the pending save and
 * opens the page with their content, the pending content one Undo away (it is the page's draft).
 */
export function PendingConflictDialog() {
  const pending = useTeamValue(pendingConflictAtom);
  const close = () => setTeamValue(pendingConflictAtom, null);
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(open) => !open && close()}
      title="A saved change could not reach UAT"
      wide
    >
      {pending && <PendingConflict key={pending.id} pending={pending} onDone={close} />}
    </Modal>
  );
}

function PendingConflict({ pending, onDone }: { pending: PendingSave; onDone(): void }) {
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { fascia, country, page } = pending.key;
  const latest = pending.latest;

  const act = async (what: string, run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
      onDone();
    } catch (error) {
      toastError(`${what} did not work: ${errorMessage(error)} Your save is still kept on this computer.`);
    }
    setBusy(false);
  };
  const overwrite = () =>
    act('Overwrite', async () => {
      await call('overwritePendingSave', { id: pending.id });
      toast(`Your save of ${page} is sent over their version; theirs stays in the page's History.`, 'info');
    });
  const discard = () =>
    act('Discarding', async () => {
      await call('discardPendingSave', { id: pending.id });
      toast(
        `The pending save of ${page} is discarded; its content stays in the page's draft on this computer.`,
        'info',
      );
    });
  const reload = (version: number) =>
    act('Reload theirs', async () => {
      // The page's draft holds the pending content: opening it first keeps that content one Undo away.
      const { draft } = await call('openPage', { key: pending.key });
      await call('discardPendingSave', { id: pending.id });
      requestReloadTheirs(bookmarkFor(pending.key), version);
      navigate(editorPath(draft.bookmark));
    });

  return (
    <div className="update-page">
      <p>
        Your save of <strong>{page}</strong> (<span title={fascia}>{fasciaName(fascia)}</span> {country.toUpperCase()}),
        “{pending.commitMessage}”, was kept on this computer and has not reached UAT.
      </p>
      {latest ? (
        <>
          <ConflictPanel
            latest={latest}
            busy={busy}
            reviewing={reviewing}
            onReview={() => setReviewing((shown) => !shown)}
            onOverwrite={() => void overwrite()}
            onReloadTheirs={() => void reload(latest.version)}
          />
          {reviewing && <PendingDifference pending={pending} version={latest.version} />}
        </>
      ) : (
        <p role="alert" className="field-error">
          {pending.problem ?? 'The team server refused it.'}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" disabled={busy} onClick={onDone}>
          Decide later
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => void discard()}>
          Discard this save
        </button>
      </div>
    </div>
  );
}

/** Their version against the pending save's content. */
function PendingDifference({ pending, version }: { pending: PendingSave; version: number }) {
  const mine = useRemote(pending.id, () => call('loadPendingSave', { id: pending.id }));
  if (mine.loading) return <p className="loading">Loading your pending save…</p>;
  if (mine.error !== null || !mine.data) {
    return (
      <p role="alert" className="field-error">
        Your pending save could not be read: {mine.error}
      </p>
    );
  }
  const components = mine.data.components;
  return (
    <SavedVersion pageKey={pending.key} version={version} label="Their version">
      {(theirs) => (
        <DiffView
          before={theirs.components}
          after={components}
          beforeLabel={`their version ${version}`}
          afterLabel="your pending save"
        />
      )}
    </SavedVersion>
  );
}
