import { useState, type ReactNode } from 'react';
import type { MergeDocument } from '../../../../core/rules/merge/documentMerge';
import type { SettledMerge } from '../state/saveDocument';
import { lazyPart } from '../ui/LazyPart';
import { Modal } from '../ui/Modal';
import type { MergeConflicts } from './MergeForm';
import './history.css';

export type { MergeConflicts };

// The clashing fields and their choices load when a save first meets a colleague's newer version.
const MergeForm = lazyPart(() => import('./MergeForm').then((module) => module.MergeForm), {
  what: 'merge choices',
  layout: 'dialog',
  takeFocus: true,
});

interface MergeDialogProps {
  /** Open while set; a new one (the save met yet another version) starts the choices again. */
  merge: MergeConflicts | null;
  /** Which save this is, where the dialog alone does not say (a country of a multi-country save, a pending save). */
  about?: ReactNode;
  /** More ways on beside Cancel and Save merged (a pending save's Discard). */
  otherActions?: ReactNode;
  /**
   * Saves the settled document over their version (its base: the server judges again, and a save that meets
   * yet another version is merged again). The caller says what went wrong; the dialog stays until it closes it.
   */
  onSaveMerged(settled: SettledMerge): Promise<unknown>;
  /** Closes without saving: the draft is untouched. */
  onCancel(): void;
}

/**
 * The merge dialog (issue 23 §2): a save met a colleague's newer version and some fields were changed both
 * ways. Only those are listed, each with its base, mine and theirs side by side (as the difference view
 * spells values); the editor picks one per field or edits it, and Save merged saves the page with every
 * other change of both sides merged. Cancel saves nothing and leaves the draft as it was.
 */
export function MergeDialog({ merge, about, otherActions, onSaveMerged, onCancel }: MergeDialogProps) {
  const [busy, setBusy] = useState(false);
  const save = async (document: MergeDocument) => {
    if (!merge) return;
    setBusy(true);
    try {
      await onSaveMerged({ document, baseHash: merge.theirs.version.hash });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={merge !== null} onOpenChange={(open) => !open && !busy && onCancel()} title="Merge changes" wide>
      {merge && (
        <MergeForm
          key={`${merge.theirs.version.hash}:${merge.result.conflicts.map((conflict) => conflict.id).join(',')}`}
          merge={merge}
          about={about}
          otherActions={otherActions}
          busy={busy}
          onSave={save}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}
