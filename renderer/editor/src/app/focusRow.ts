/**
 * How long focusRow waits for a row being mounted (its group was not in view) before giving up. A time, not a
 * count of frames: on a busy machine the group's render can take longer than any small number of frames; 3 s
 * was not enough on CI for the last row of a 200-row page, whose row opened and then stayed unfocused.
 */
const FOCUS_ROW_WAIT_MS = 10_000;
/**
 * How long focusRow keeps the focus on the row once given. While the panel scrolls to a far row, the groups
 * on the way mount and are measured, and a row's header can be rendered anew: the old one leaves the page
 * with the focus, which falls to the body (seen on CI: the last row of a 200-row page opened, unfocused).
 */
const FOCUS_ROW_HOLD_MS = 2_000;

/** The row focusRow is waiting for: a later request replaces it, so an older row never takes focus after it. */
let wanted: string | null = null;

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string): void {
  wanted = id;
  const giveUpAt = performance.now() + FOCUS_ROW_WAIT_MS;
  let holdUntil: number | null = null;
  /** The header given the focus, while focusRow holds it. */
  let focused: HTMLElement | null = null;
  const header = () => document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
  // No smooth scrolling for someone who asked for less motion (issue 16).
  const scrollBehavior = (): ScrollBehavior =>
    window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
  const attempt = () =>
    requestAnimationFrame(() => {
      if (wanted !== id) return;
      const found = header();
      if (holdUntil !== null && focused) {
        // Focus moved on while the header was still there (a key, a click, a dialog): the hold ends there.
        if (focused.isConnected && document.activeElement !== focused) {
          wanted = null;
          return;
        }
        // Only a focus that left the page with the header is given to its new one.
        if (!focused.isConnected && found && document.activeElement === document.body) {
          found.scrollIntoView({ block: 'nearest' });
          found.focus({ preventScroll: true });
          focused = found;
        }
        if (performance.now() < holdUntil) attempt();
        else wanted = null;
        return;
      }
      if (!found) {
        if (performance.now() < giveUpAt) attempt();
        else wanted = null;
        return;
      }
      found.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
      found.focus({ preventScroll: true });
      focused = found;
      holdUntil = performance.now() + FOCUS_ROW_HOLD_MS;
      attempt();
    });
  attempt();
}
