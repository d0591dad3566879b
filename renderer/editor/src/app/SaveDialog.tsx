import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { fasciaName } from '../../../../core/fascias';
import type { VersionSummary } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { ConflictPanel, latestOfConflict } from '../history/ConflictPanel';
import { DiffWithCurrent } from '../history/DiffView';
import { reloadTheirs } from '../history/reloadTheirs';
import { SavedVersion } from '../history/SavedVersion';
import { DASHBOARD_PATH, navigate } from '../router';
import { useDoc } from '../state/docContext';
import { autosaveOf } from '../state/autosave';
import { saveDocument } from '../state/saveDocument';
import { toast } from '../state/toasts';
import { ChangeMessageField, useChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';

type Action = 'content' | 'bookmark' | 'reload';

/**
 * The Update Page confirmation and the single-country save (editor spec §2, §5), the bookmark save (§7), and
 * what a save refused for a conflict offers: review, overwrite, or reload theirs.
 */
export function SaveDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const changeMessage = useChangeMessage();
  const { message } = changeMessage;
  const [running, setRunning] = useState<Action | null>(null);
  const [conflict, setConflict] = useState<VersionSummary | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const busy = running !== null;
  // As the review save (editor spec §5): nothing to save with until a message is typed.
  const noMessage = message === '';
  // A bookmark needs its own permission (issue 22): without it the button says why.
  const bookmarkRefusal = useAtomValue(doc.refusalsAtom).bookmark;
  const { fascia, country, page } = doc.key;
  const pageName = `'${fascia} ${country} ${page}'`;

  const close = () => {
    // A conflict is read again on the next save: by then it may be another one.
    setConflict(null);
    setReviewing(false);
    onOpenChange(false);
  };

  /** Runs a save once the change message passes (§5); on success the editor returns to the dashboard. */
  const submit = async (action: Action, save: () => Promise<void>, onError: (error: unknown) => void) => {
    if (!changeMessage.accept()) return;
    setRunning(action);
    try {
      await save();
      close();
      navigate(DASHBOARD_PATH);
    } catch (error) {
      onError(error);
    }
    setRunning(null);
  };

  /** Saves the page; `overwriting` is a colleague's version this save replaces deliberately. */
  const saveContent = (overwriting: VersionSummary | null = null) =>
    submit(
      'content',
      async () => {
        // Their version becomes the base of this save (and of a retry, should this one fail).
        if (overwriting) doc.rebase(overwriting.hash);
        const outcome = await saveDocument(doc, message);
        // Queued: the team server was unreachable, and main says so in its words (QUEUED_SAVE_MESSAGE).
        toast(
          outcome.status === 'saved' ? `Updated content for ${pageName}.` : outcome.message,
          outcome.status === 'saved' ? 'success' : 'info',
        );
      },
      (error) => {
        const latest = latestOfConflict(error);
        if (latest) {
          setConflict(latest);
          setReviewing(false);
          return;
        }
        // The draft is untouched, so nothing is lost: the editor stays open to try again.
        toastError(`The page was not saved: ${errorMessage(error)} Your changes are kept as a draft.`);
      },
    );

  const saveBookmark = () =>
    submit(
      'bookmark',
      async () => {
        // The draft first, so a failure loses nothing.
        await autosaveOf(doc).autosave.flush();
        await call('saveBookmark', {
          key: doc.key,
          meta: doc.meta,
          components: doc.components(),
          commitMessage: message,
        });
        toast(`Bookmark saved for ${pageName}.`);
      },
      (error) => {
        console.error('Saving the bookmark failed:', error);
        toastError(`The bookmark was not saved: ${errorMessage(error)} Your changes are kept as a draft.`);
      },
    );

  /** Their version replaces mine as one undoable change, based on theirs from now on; the draft autosaves it. */
  const reloadTheirVersion = async (latest: VersionSummary) => {
    setRunning('reload');
    try {
      if (await reloadTheirs(doc, latest.version)) close();
    } catch (error) {
      toastError(`Their version could not be loaded: ${errorMessage(error)} Your changes are untouched.`);
    }
    setRunning(null);
  };

  return (
    <Modal open={open} onOpenChange={(next) => !busy && !next && close()} title="Update Page" wide={conflict !== null}>
      <div className="update-page">
        <p>You are about to update the content for:</p>
        <dl>
          <dt>Fascia</dt>
          <dd title={fascia}>{fasciaName(fascia)}</dd>
          <dt>Country</dt>
          <dd>{country.toUpperCase()}</dd>
          <dt>Page</dt>
          <dd>{page}</dd>
        </dl>
        <p>Do you want to continue?</p>
        <ChangeMessageField state={changeMessage} rows={6} />
        {conflict && (
          <>
            <ConflictPanel
              latest={conflict}
              busy={busy}
              reviewing={reviewing}
              onReview={() => setReviewing((shown) => !shown)}
              onOverwrite={() => void saveContent(conflict)}
              onReloadTheirs={() => void reloadTheirVersion(conflict)}
            />
            {reviewing && (
              <SavedVersion pageKey={doc.key} version={conflict.version} label="Their version">
                {(theirs) => (
                  <DiffWithCurrent before={theirs.components} beforeLabel={`their version ${conflict.version}`} />
                )}
              </SavedVersion>
            )}
          </>
        )}
        <div className="modal-actions">
          <button type="button" disabled={busy} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            disabled={busy || noMessage || bookmarkRefusal !== null}
            title={bookmarkRefusal ?? undefined}
            aria-description={bookmarkRefusal ?? undefined}
            onClick={() => void saveBookmark()}
          >
            {running === 'bookmark' ? 'Saving…' : 'Save as bookmark'}
          </button>
          {/* After a conflict, Continue would only meet the same refusal: the conflict's own choices replace it. */}
          {!conflict && (
            <button type="button" className="primary" disabled={busy || noMessage} onClick={() => void saveContent()}>
              {running === 'content' ? 'Saving…' : 'Continue'}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
