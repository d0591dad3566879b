import { atom, getDefaultStore } from 'jotai';
import { mergedMessage, type MergeNotice } from '../../../../core/rules/merge/mergingSave';
import type { PageKey } from '../../../../core/schemas';
import { toast } from './toasts';

/** A save merged with a colleague's newer version, whose difference the notice's Review link shows. */
export interface MergedSave {
  pageKey: PageKey;
  /** Their version the save was merged with, and the version the merged page was saved as. */
  theirs: number;
  saved: number;
}

/** The merged save the Review dialog shows (history/MergeReviewDialog.tsx), or null. */
export const reviewedMergeAtom = atom<MergedSave | null>(null);

/** How long the notice stays: it has a link to follow, so longer than a plain toast (Radix pauses it on focus). */
const NOTICE_MS = 12_000;

/**
 * The one line after an automatic merge (issue 23 §2), "Merged with …'s save (version 12): your 3 changes and
 * their 2 are both kept.", with a Review link; `prefix` names the country or page where the screen does not.
 */
export function announceMerge(pageKey: PageKey, saved: number, notice: MergeNotice, prefix = ''): void {
  toast(`${prefix}${mergedMessage(notice)}`, 'success', NOTICE_MS, undefined, {
    label: 'Review',
    description: `Review what the merged version ${saved} changed in their version ${notice.theirs.version}`,
    run: () => getDefaultStore().set(reviewedMergeAtom, { pageKey, theirs: notice.theirs.version, saved }),
  });
}
