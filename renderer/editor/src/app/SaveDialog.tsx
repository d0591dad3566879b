import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { fasciaName } from '../../../../core/fascias';
import type { VersionSummary } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { ConflictPanel, latestOfConflict } from '../history/ConflictPanel';
import { DiffWithCurrent } from '../history/DiffView';
import { MergeDialog, type MergeConflicts } from '../history/MergeDialog';
import { announceMerge } from '../state/mergeNotice';
import { reloadTheirs } from '../history/reloadTheirs';
import { SavedVersion } from '../history/SavedVersion';
import { DASHBOARD_PATH, navigate } from '../router';
import { useDoc } from '../state/docContext';
import { autosaveOf } from '../state/autosave';
import { saveDocument, type SettledMerge } from '../state/saveDocument';
import { toast } from '../state/toasts';
import { ChangeMessageField, useChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';
import { toastError } from '../ui/Toasts';

type Action = 'content' | 'bookmark' | 'reload';

/**
 * The Update Page confirmation and the single-country save (editor spec §2, §5), and the bookmark save (§7).
 * A save that met a colleague's newer version is merged with it by main (issue 23): merged by itself, the
 * one-line notice says so; with fields changed both ways, the merge dialog takes this dialog's place until the
 * person settles them (or cancels, back here with the draft untouched). A save refused for a conflict main
 * could not merge (their base is gone) offers what it did before: review, overwrite, or reload theirs.
 */
export function SaveDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const changeMessage = useChangeMessage();
  const { message } = changeMessage;
  const [running, setRunning] = useState<Action | null>(null);
  const [conflict, setConflict] = useState<VersionSummary | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [merge, setMerge] = useState<MergeConflicts | null>(null);
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
    setMerge(null);
    onOpenChange(false);
  };

  /** Runs a save once the change message passes (§5); when it is done, the editor returns to the dashboard. */
  const submit = async (action: Action, save: () => Promise<boolean>, onError: (error: unknown) => void) => {
    if (!changeMessage.accept()) return;
    setRunning(action);
    try {
      if (await save()) {
        close();
        navigate(DASHBOARD_PATH);
      }
    } catch (error) {
      onError(error);
    }
    setRunning(null);
  };

  /**
   * Saves the page, or the merge settled in the merge dialog; `overwriting` is a colleague's version this save
   * replaces deliberately.
   */
  const saveContent = (settled: SettledMerge | null = null, overwriting: VersionSummary | null = null) =>
    submit(
      'content',
      async () => {
        // Their version becomes the base of this save (and of a retry, should this one fail).
        if (overwriting) doc.rebase(overwriting.hash);
        const outcome = await saveDocument(doc, message, settled);
        switch (outcome.status) {
          case 'saved':
            if (outcome.merged) announceMerge(doc.key, outcome.version.version, outcome.merged);
            else toast(`Updated content for ${pageName}.`);
            return true;
          case 'queued':
            // The team server was unreachable, and main says so in its words (QUEUED_SAVE_MESSAGE).
            toast(outcome.message, 'info');
            return true;
          case 'conflicts':
            setMerge(outcome.merge);
            return false;
          case 'still-changing':
            setMerge(null);
            // Its message says the draft is kept and to try again.
            toastError(outcome.message);
            return false;
        }
      },
      (error) => {
        const latest = latestOfConflict(error);
        if (latest) {
          setMerge(null);
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
        return true;
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
    <>
      <Modal
        open={open && merge === null}
        onOpenChange={(next) => !busy && !next && close()}
        title="Update Page"
        wide={conflict !== null}
      >
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
                onOverwrite={() => void saveContent(null, conflict)}
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
      <MergeDialog merge={open ? merge : null} onSaveMerged={saveContent} onCancel={() => setMerge(null)} />
    </>
  );
}
