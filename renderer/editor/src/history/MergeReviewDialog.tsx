import { getDefaultStore, useAtomValue } from 'jotai';
import { reviewedMergeAtom } from '../state/mergeNotice';
import { Modal } from '../ui/Modal';
import { DiffView } from './DiffView';
import { SavedVersion } from './SavedVersion';

const store = getDefaultStore();

/**
 * Review after an automatic merge: their version against the merged one saved over it, that is what this
 * editor's save added to their work. Both are saved versions, so they load from the page's history on any
 * screen, after the editor has closed; the base and the draft need not be kept for it.
 */
export function MergeReviewDialog() {
  const reviewed = useAtomValue(reviewedMergeAtom, { store });
  const close = () => store.set(reviewedMergeAtom, null);
  return (
    <Modal open={reviewed !== null} onOpenChange={(open) => !open && close()} title="Merged save" wide>
      {reviewed && (
        <SavedVersion pageKey={reviewed.pageKey} version={reviewed.theirs} label="Their version">
          {(theirs) => (
            <SavedVersion pageKey={reviewed.pageKey} version={reviewed.saved} label="The merged version">
              {(saved) => (
                <DiffView
                  before={theirs.components}
                  after={saved.components}
                  beforeLabel={`their version ${reviewed.theirs}`}
                  afterLabel={`the merged version ${reviewed.saved}`}
                />
              )}
            </SavedVersion>
          )}
        </SavedVersion>
      )}
      <div className="modal-actions">
        <button type="button" className="primary" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
