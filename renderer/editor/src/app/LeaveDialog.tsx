import { DASHBOARD_PATH, navigate } from '../router';
import { Modal } from '../components/Modal';

/** Asked when leaving with unsaved changes (editor spec §2). The draft is kept either way. */
export function LeaveDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Unsaved changes">
      <p>Do you really want to leave? Any un-saved changes will be lost!</p>
      <p className="hint">Your draft stays on the dashboard until you save or discard it.</p>
      <div className="modal-actions">
        <button type="button" autoFocus onClick={() => onOpenChange(false)}>
          Stay
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            onOpenChange(false);
            navigate(DASHBOARD_PATH);
          }}
        >
          Leave
        </button>
      </div>
    </Modal>
  );
}
