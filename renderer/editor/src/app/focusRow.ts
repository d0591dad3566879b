/**
 * How long focusRow waits for a row being mounted (its group was not in view) before giving up. A time, not a
 * count of frames: on a busy machine the group's render can take longer than any small number of frames.
 */
const FOCUS_ROW_WAIT_MS = 3000;

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string, giveUpAt = performance.now() + FOCUS_ROW_WAIT_MS): void {
  requestAnimationFrame(() => {
    const header = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
    if (!header) {
      if (performance.now() < giveUpAt) focusRow(id, giveUpAt);
      return;
    }
    // No smooth scrolling for someone who asked for less motion (issue 16).
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    header.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    header.focus({ preventScroll: true });
  });
}
