import { useState } from 'react';
import { fasciaName } from '../../../../core/fascias';
import { bookmarkFor } from '../../../../core/rules/page';
import type { Output } from '../../../../core/contract';
import type { PendingSave } from '../../../../core/team';
import { call, errorMessage } from '../api';
import { ConflictPanel } from '../history/ConflictPanel';
import { DiffView } from '../history/DiffView';
import { MergeDialog } from '../history/MergeDialog';
import { SavedVersion } from '../history/SavedVersion';
import type { SettledMerge } from '../state/saveDocument';
import { useRemote } from '../state/useRemote';
import { editorPath, navigate } from '../router';
import { toast } from '../state/toasts';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';
import { pendingConflictAtom, requestReloadTheirs, setTeamValue, useTeamValue } from '../state/teamStore';
import './team.css';

type LoadedPendingSave = Output<'loadPendingSave'>;

/**
 * A save kept on this computer met a colleague's newer version when main sent it (issue 13), and merging with
 * it met fields changed both ways (issue 23): the merge dialog of a save, for the pending one, whose Save merged
 * sends it settled over their version; Cancel decides later. A conflict main could not merge (the base is gone)
 * keeps the conflict UI: Review difference compares the pending content with theirs; Overwrite sends the
 * pending save over their version (theirs stays in History); Reload theirs drops the pending save and opens the
 * page with their content, the pending content one Undo away (it is the page's draft).
 */
export function PendingConflictDialog() {
  const pending = useTeamValue(pendingConflictAtom);
  const close = () => setTeamValue(pendingConflictAtom, null);
  // The merge's conflicts and the pending document are main's, read when the dialog opens (from the pushed
  // conflict or the dashboard's mark alike).
  const loaded = useRemote(pending?.state === 'conflict' ? pending.id : null, () =>
    call('loadPendingSave', { id: pending?.id ?? '' }),
  );
  const mine = loaded.data?.pending.id === pending?.id ? loaded.data : undefined;
  const [busy, setBusy] = useState(false);

  if (pending && mine?.merge) {
    const settle = async ({ document, baseHash }: SettledMerge) => {
      setBusy(true);
      try {
        await call('resolvePendingMerge', { id: pending.id, ...document, theirsHash: baseHash });
        toast(`Your save of ${pending.key.page} is merged with theirs and sent.`, 'info');
        close();
      } catch (error) {
        toastError(`Saving the merge did not work: ${errorMessage(error)} Your save is still kept on this computer.`);
      }
      setBusy(false);
    };
    return (
      <MergeDialog
        merge={mine.merge}
        about={<PendingSaveLine pending={pending} />}
        onSaveMerged={settle}
        onCancel={close}
        otherActions={<DiscardButton pending={pending} disabled={busy} onDone={close} />}
      />
    );
  }
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(open) => !open && close()}
      title="A saved change could not reach UAT"
      wide
    >
      {pending &&
        (pending.state === 'conflict' && !mine ? (
          loaded.error !== null ? (
            <p role="alert" className="field-error">
              Your pending save could not be read: {loaded.error}
            </p>
          ) : (
            <p className="loading">Loading your pending save…</p>
          )
        ) : (
          <PendingConflict key={pending.id} pending={pending} mine={mine} onDone={close} />
        ))}
    </Modal>
  );
}

/** Which pending save this is: the page, its place and the message it was saved with. */
function PendingSaveLine({ pending }: { pending: PendingSave }) {
  const { fascia, country, page } = pending.key;
  return (
    <>
      Your save of <strong>{page}</strong> (<span title={fascia}>{fasciaName(fascia)}</span> {country.toUpperCase()}), “
      {pending.commitMessage}”, was kept on this computer and has not reached UAT.
    </>
  );
}

/** Drops the pending save; its content stays in the page's draft. */
function DiscardButton({ pending, disabled, onDone }: { pending: PendingSave; disabled: boolean; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    setBusy(true);
    try {
      await call('discardPendingSave', { id: pending.id });
      toast(
        `The pending save of ${pending.key.page} is discarded; its content stays in the page's draft on this computer.`,
        'info',
      );
      onDone();
    } catch (error) {
      toastError(`Discarding did not work: ${errorMessage(error)} Your save is still kept on this computer.`);
    }
    setBusy(false);
  };
  return (
    <button type="button" className="danger" disabled={disabled || busy} onClick={() => void discard()}>
      Discard this save
    </button>
  );
}

function PendingConflict({
  pending,
  mine,
  onDone,
}: {
  pending: PendingSave;
  /** The pending document (loaded for a conflict); Overwrite sends it over their version. */
  mine: LoadedPendingSave | undefined;
  onDone(): void;
}) {
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { page } = pending.key;
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
  const overwrite = (theirsHash: string, document: LoadedPendingSave) =>
    act('Overwrite', async () => {
      await call('resolvePendingMerge', {
        id: pending.id,
        meta: document.meta,
        components: document.components,
        theirsHash,
      });
      toast(`Your save of ${page} is sent over their version; theirs stays in the page's History.`, 'info');
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
        <PendingSaveLine pending={pending} />
      </p>
      {latest && mine ? (
        <>
          <ConflictPanel
            latest={latest}
            busy={busy}
            reviewing={reviewing}
            onReview={() => setReviewing((shown) => !shown)}
            onOverwrite={() => void overwrite(latest.hash, mine)}
            onReloadTheirs={() => void reload(latest.version)}
          />
          {reviewing && <PendingDifference pending={pending} mine={mine} version={latest.version} />}
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
        <DiscardButton pending={pending} disabled={busy} onDone={onDone} />
      </div>
    </div>
  );
}

/** Their version against the pending save's content. */
function PendingDifference({
  pending,
  mine,
  version,
}: {
  pending: PendingSave;
  mine: LoadedPendingSave;
  version: number;
}) {
  return (
    <SavedVersion pageKey={pending.key} version={version} label="Their version">
      {(theirs) => (
        <DiffView
          before={theirs.components}
          after={mine.components}
          beforeLabel={`their version ${version}`}
          afterLabel="your pending save"
        />
      )}
    </SavedVersion>
  );
}
