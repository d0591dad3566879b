import { DASHBOARD_PATH, navigate } from '../router';
import { Modal } from '../components/Modal';

export const LEAVE_QUESTION = 'Do you really want to leave? Your changes are not saved to UAT yet.';
export const LEAVE_DRAFT_KEPT = 'Nothing is lost: the draft stays on the dashboard until you save or discard it.';

/**
 * Asked when leaving with changes not yet saved to UAT (editor spec §2). The spec's "Any un-saved changes will be
 * lost!" is not true here, since the draft is kept (issue 15): the dialog says what really happens.
 */
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
