/**
 * What leaving a page with changes not yet saved to UAT says, in the editor and in Electron's close prompt
 * (editor spec §2). The spec's "Any un-saved changes will be lost!" is not so here, since the draft is kept
 * (issue 15): these say what really happens.
 */
export const LEAVE_QUESTION = 'Do you really want to leave? Your changes are not saved to UAT yet.';
export const LEAVE_DRAFT_KEPT = 'Nothing is lost: the draft stays on the dashboard until you save or discard it.';
