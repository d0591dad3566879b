import { FOCUS_ACTIVITY_REPORT_MS, sameFocus } from '../../../../core/rules/focusPacing';
import type { PageKey } from '../../../../core/schemas';
import type { PresenceFocus } from '../../../../core/teamProtocol';
import { bookmarkFor } from '../../../../core/rules/page';
import { call } from '../api';

/**
 * Tells main where the editor's focus is on each open page (issue 23 §3), for colleagues' presence: at once
 * on every change, and again, at most every FOCUS_ACTIVITY_REPORT_MS, while keys or the pointer are in use, so
 * that main knows the editor is not idle. Main paces what reaches the server (core/rules/focusPacing.ts).
 * Best effort: a report that fails is dropped, the next one says it again.
 */

interface Reported {
  key: PageKey;
  focus: PresenceFocus | null;
  at: number;
}

/** The focus last reported for each page, by bookmark. */
const reported = new Map<string, Reported>();

function send(entry: Reported): void {
  entry.at = Date.now();
  call('pageFocus', { key: entry.key, focus: entry.focus }).catch(() => undefined);
}

/** The focus on this page is now `focus` (null: in no field of it). */
export function reportFocus(key: PageKey, focus: PresenceFocus | null): void {
  const bookmark = bookmarkFor(key);
  const current = reported.get(bookmark);
  if (current && sameFocus(current.focus, focus)) return;
  const entry = { key, focus, at: 0 };
  if (focus === null) reported.delete(bookmark);
  else reported.set(bookmark, entry);
  send(entry);
}

/** The focus reported for this page now, null for none. */
export const reportedFocus = (key: PageKey): PresenceFocus | null => reported.get(bookmarkFor(key))?.focus ?? null;

/** A key or the pointer was used: says each focus again if it was last said long enough ago. */
function noteActivity(): void {
  const now = Date.now();
  for (const entry of reported.values()) if (now - entry.at >= FOCUS_ACTIVITY_REPORT_MS) send(entry);
}

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel'] as const;

/** Watches keys and the pointer in this window until the returned function runs. */
export function watchEditorActivity(): () => void {
  const options = { capture: true, passive: true };
  for (const name of ACTIVITY_EVENTS) document.addEventListener(name, noteActivity, options);
  return () => {
    for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, noteActivity, options);
  };
}
