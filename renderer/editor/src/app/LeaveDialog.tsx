import { DASHBOARD_PATH, navigate } from '../router';
import { Modal } from '../ui/Modal';
import { LEAVE_DRAFT_KEPT, LEAVE_QUESTION } from '../../../../core/rules/leaving';

/** Asked when leaving with changes not yet saved to UAT (editor spec §2); the words are core/rules/leaving.ts. */
export function LeaveDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Unsaved changes">
      <p>{LEAVE_QUESTION}</p>
      <p className="hint">{LEAVE_DRAFT_KEPT}</p>
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
