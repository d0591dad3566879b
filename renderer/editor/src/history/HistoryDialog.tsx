import { lazyPart } from '../ui/LazyPart';
import { Modal } from '../ui/Modal';
import './history.css';

// The versions, their diff and the audit trail load when the dialog first opens.
const VersionHistory = lazyPart(() => import('./VersionHistory').then((module) => module.VersionHistory), {
  what: 'version history',
  layout: 'dialog',
  takeFocus: true,
});

/** The page's saved versions, newest first; one of them against the current content, and its restore. */
export function HistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const close = () => onOpenChange(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Version history" wide>
      <div className="version-history">
        {/* Mounted on each opening, so the list is read afresh: a colleague may have saved meanwhile. */}
        <VersionHistory onRestored={close} />
        <div className="modal-actions">
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
