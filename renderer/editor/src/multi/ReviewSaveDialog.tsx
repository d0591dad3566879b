import { useState } from 'react';
import { fasciaName } from '../../../../core/fascias';
import { countryName, type CountryCode } from '../../../../core/countries';
import { allDone, pendingStatuses, resumeSequentialSave, type ItemStatus } from '../../../../core/rules/sequentialSave';
import { QUEUED_SAVE_MESSAGE } from '../../../../core/team';
import { errorMessage } from '../api';
import '../team/team.css';
import { latestOfConflict } from '../history/ConflictPanel';
import { MergeDialog, type MergeConflicts } from '../history/MergeDialog';
import { announceMerge } from '../state/mergeNotice';
import { DASHBOARD_PATH, navigate } from '../router';
import { saveDocument, type SettledMerge } from '../state/saveDocument';
import { toast } from '../state/toasts';
import { ChangeMessageField, useChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';
import { teamStatusAtom, useTeamValue } from '../state/teamStore';
import { CountryFlag } from './CountryFlag';
import type { MultiCountrySession } from './session';
import './multi.css';

/** Why a country failed when its merge dialog was cancelled. */
const MERGE_CANCELLED = 'Not saved: the merge was cancelled.';

/**
 * The review save (editor spec §2, §4, §8): the reviewed pages saved one after another with one message.
 * Beyond the spec, a failure keeps the modal: the pages saved stay DONE, the failed one says why, every
 * draft is kept, and SAVE saves only what is left. A country's page a colleague saved meanwhile is merged
 * with theirs on its own (issue 23): where fields clash, the merge dialog asks about that country before the
 * run goes on, and cancelling it fails that country with its draft kept. One main could not merge (their
 * base is gone) can be overwritten deliberately from its row; their version stays in the page's History.
 *
 * The spec has two failure toasts: 'Unable to save pages.' when the sequential save fails, and 'Error while
 * saving.' with the modal closed for a failure of the review flow; here the second is for anything that
 * goes wrong outside the saving of a page itself.
 */
export function ReviewSaveDialog({
  session,
  open,
  onOpenChange,
}: {
  session: MultiCountrySession;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [statuses, setStatuses] = useState<ItemStatus<CountryCode>[]>(() => pendingStatuses(session.countries));
  const changeMessage = useChangeMessage();
  const { message } = changeMessage;
  const [saving, setSaving] = useState(false);
  /** Countries whose save waits in the outbox for the team server. */
  const [queued, setQueued] = useState<ReadonlySet<CountryCode>>(new Set());
  const teamMode = useTeamValue(teamStatusAtom)?.mode === 'team';
  /** The country whose save waits for the person to settle its merge, and how the save hears the answer. */
  const [merging, setMerging] = useState<{
    country: CountryCode;
    merge: MergeConflicts;
    settle(settled: SettledMerge | null): void;
  } | null>(null);
  const saved = allDone(statuses);
  const { fascia, page } = session.doc(session.primary).key;

  const save = async () => {
    if (!changeMessage.accept()) return;
    setSaving(true);
    try {
      const queuedNow = new Set(queued);
      const askMerge = (country: CountryCode, merge: MergeConflicts) =>
        new Promise<SettledMerge | null>((settle) => setMerging({ country, merge, settle }));
      const saveCountry = async (country: CountryCode) => {
        const doc = session.doc(country);
        let settled: SettledMerge | null = null;
        for (;;) {
          const outcome = await saveDocument(doc, message, settled);
          if (outcome.status === 'conflicts') {
            settled = await askMerge(country, outcome.merge);
            if (!settled) throw new Error(MERGE_CANCELLED);
            continue;
          }
          if (outcome.status === 'still-changing') throw new Error(outcome.message);
          if (outcome.status === 'queued') queuedNow.add(country);
          else {
            queuedNow.delete(country);
            if (outcome.merged)
              announceMerge(doc.key, outcome.version.version, outcome.merged, `${countryName(country)}: `);
          }
          setQueued(new Set(queuedNow));
          return;
        }
      };
      const final = await resumeSequentialSave(statuses, saveCountry, setStatuses);
      if (allDone(final)) {
        // Each country is a page of its own: those kept for the team server say so, as a single save does.
        if (queuedNow.size > 0) toast(`${[...queuedNow].map(countryName).join(', ')}: ${QUEUED_SAVE_MESSAGE}`, 'info');
        else toast('Multi-country saving complete.');
        onOpenChange(false);
        navigate(DASHBOARD_PATH);
      } else {
        toastError('Unable to save pages.');
      }
    } catch (error) {
      console.error('Review save failed', error);
      toastError('Error while saving.');
      onOpenChange(false);
    } finally {
      setSaving(false);
    }
  };

  /** Saves over a colleague's version on the next SAVE: the base becomes their latest. */
  const overwrite = (country: CountryCode, latestHash: string) => {
    session.doc(country).rebase(latestHash);
    setStatuses((current) =>
      current.map((entry) => (entry.item === country ? { item: country, status: 'Pending' } : entry)),
    );
  };

  const settleMerge = (settled: SettledMerge | null) => {
    merging?.settle(settled);
    setMerging(null);
  };

  return (
    <>
      <Modal
        open={open && merging === null}
        onOpenChange={(next) => !saving && onOpenChange(next)}
        title="Save Revewed Pages to UAT"
      >
        <p className="hint">
          {/* A team server puts pages live itself (issue 24); the embedded store keeps the spec's note. */}
          {teamMode
            ? 'Go live from the dashboard, or add these pages to a release.'
            : 'Pages need to be synced manually after saving to UAT.'}
        </p>
        <p>
          <span title={fascia}>{fasciaName(fascia)}</span> · {page}
        </p>
        <ul className="review-save-list" aria-label="Pages to save">
          {statuses.map((entry) => (
            <li key={entry.item} data-status={entry.status}>
              <CountryFlag country={entry.item} />
              <span className="review-save-country">{countryName(entry.item)}</span>
              <span className={`save-status save-status-${entry.status.toLowerCase()}`}>{entry.status}</span>
              {entry.status === 'DONE' && queued.has(entry.item) && (
                <span className="team-pending-mark">Saved on this computer</span>
              )}
              {entry.status === 'Failed' && (
                <FailureDetails error={entry.error} onOverwrite={(hash) => overwrite(entry.item, hash)} />
              )}
            </li>
          ))}
        </ul>
        <ChangeMessageField state={changeMessage} rows={6} disabled={saving || saved} />
        <div className="modal-actions">
          <button type="button" disabled={saving} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={saving || saved || message === ''}
            onClick={() => void save()}
          >
            SAVE
          </button>
        </div>
      </Modal>
      <MergeDialog
        merge={merging?.merge ?? null}
        about={merging ? countryName(merging.country) : undefined}
        onSaveMerged={async (settled) => settleMerge(settled)}
        onCancel={() => settleMerge(null)}
      />
    </>
  );
}

function FailureDetails({ error, onOverwrite }: { error: unknown; onOverwrite(latestHash: string): void }) {
  const latest = latestOfConflict(error);
  return (
    <span className="save-failure" role="alert">
      {errorMessage(error)} Your changes are kept as a draft.
      {latest && (
        <button type="button" onClick={() => onOverwrite(latest.hash)}>
          Overwrite their version
        </button>
      )}
    </span>
  );
}
