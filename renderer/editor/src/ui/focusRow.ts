/** Frames focusRow waits for a row being mounted (its group was not in view) before giving up. */
const FOCUS_ROW_FRAMES = 10;

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string, framesLeft = FOCUS_ROW_FRAMES): void {
  requestAnimationFrame(() => {
    const header = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
    if (!header) {
      if (framesLeft > 0) focusRow(id, framesLeft - 1);
      return;
    }
    header.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    header.focus({ preventScroll: true });
  });
}
