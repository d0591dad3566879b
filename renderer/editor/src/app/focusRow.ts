/**
 * How long focusRow waits for a row being mounted (its group was not in view) before giving up. A time, not a
 * count of frames: on a busy machine the group's render can take longer than any small number of frames; 3 s
 * was not enough on CI for the last row of a 200-row page, whose row opened and then stayed unfocused.
 */
const FOCUS_ROW_WAIT_MS = 10_000;

/** The row focusRow is waiting for: a later request replaces it, so an older row never takes focus after it. */
let wanted: string | null = null;

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string): void {
  wanted = id;
  const giveUpAt = performance.now() + FOCUS_ROW_WAIT_MS;
  const attempt = () =>
    requestAnimationFrame(() => {
      if (wanted !== id) return;
      const header = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
      if (!header) {
        if (performance.now() < giveUpAt) attempt();
        else wanted = null;
        return;
      }
      wanted = null;
      // No smooth scrolling for someone who asked for less motion (issue 16).
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      header.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
      header.focus({ preventScroll: true });
    });
  attempt();
}
