import type { PresenceFocus } from '../teamProtocol';

/**
 * How an editor's focus reaches the team server (issue 23 §3): a change goes at once, then at most one every
 * FOCUS_SEND_INTERVAL_MS (the last change within an interval is sent at its end, never lost); after
 * FOCUS_IDLE_MS without a key or pointer (the editor says it is active with each report), the focus is
 * cleared for others, and sent again once the editor is active again. A pure step function: the caller
 * keeps the state, sends what it says and calls again with a tick at `wakeAt`.
 */

export const FOCUS_SEND_INTERVAL_MS = 500;
export const FOCUS_IDLE_MS = 30_000;
/** How often the editor says again, while keys or the pointer are in use, that it is active (its focus). */
export const FOCUS_ACTIVITY_REPORT_MS = 1_000;

export interface FocusPacing {
  /** The focus the editor reported last; null for none. */
  wanted: PresenceFocus | null;
  /** The focus the server was last sent; null for none. */
  told: PresenceFocus | null;
  /** When a focus was last sent (ms); null before the first. */
  toldAt: number | null;
  /** When the editor last reported (ms): each report is activity. */
  activeAt: number;
}

/** A report from the editor (its focus now, changed or not), or a tick at the `wakeAt` asked for. */
export type FocusPacingInput = { type: 'report'; focus: PresenceFocus | null } | { type: 'tick' };

export interface FocusPacingStep {
  pacing: FocusPacing;
  /** What to send now (its `focus`, null to clear it), or null to send nothing. */
  send: { focus: PresenceFocus | null } | null;
  /** When to tick next (ms), or null when nothing is due without a report. */
  wakeAt: number | null;
}

export const initialFocusPacing = (now: number): FocusPacing => ({
  wanted: null,
  told: null,
  toldAt: null,
  activeAt: now,
});

export const sameFocus = (a: PresenceFocus | null, b: PresenceFocus | null): boolean =>
  a === b || (a !== null && b !== null && a.component === b.component && a.field === b.field);

export function paceFocus(previous: FocusPacing, input: FocusPacingInput, now: number): FocusPacingStep {
  const pacing = input.type === 'report' ? { ...previous, wanted: input.focus, activeAt: now } : { ...previous };
  const idleAt = pacing.activeAt + FOCUS_IDLE_MS;
  const target = now >= idleAt ? null : pacing.wanted;
  if (sameFocus(target, pacing.told)) return { pacing, send: null, wakeAt: pacing.told === null ? null : idleAt };
  const nextSendAt = pacing.toldAt === null ? now : pacing.toldAt + FOCUS_SEND_INTERVAL_MS;
  if (now < nextSendAt) return { pacing, send: null, wakeAt: nextSendAt };
  const sent = { ...pacing, told: target, toldAt: now };
  return { pacing: sent, send: { focus: target }, wakeAt: target === null ? null : idleAt };
}
