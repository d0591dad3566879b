import { atom, getDefaultStore } from 'jotai';
import type { AutosaveState } from './autosave';

/** polite waits for the screen reader to finish; assertive (errors) interrupts it. */
export type Politeness = 'polite' | 'assertive';

/** What each live region says now (ui/Announcer.tsx shows it). */
export const announcementsAtom = atom<Record<Politeness, string>>({ polite: '', assertive: '' });

/**
 * Says a message through the app's live regions (ui/Announcer.tsx), without showing anything: what a
 * keyboard move did, or that the draft could not be saved. A message said twice in a row changes by an
 * invisible trailing space, so the region changes and it is spoken again.
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  const store = getDefaultStore();
  const spoken = store.get(announcementsAtom);
  const text = spoken[politeness] === message ? `${message}\u00a0` : message;
  store.set(announcementsAtom, { ...spoken, [politeness]: text });
}

/** A draft saved is said at most this often: autosave runs after every pause in typing. */
export const SAVED_ANNOUNCEMENT_INTERVAL_MS = 5000;

/**
 * What of the autosave is worth saying: a failure at once (assertively), the first save after a failure at once,
 * and other saves at most once every SAVED_ANNOUNCEMENT_INTERVAL_MS, the last one held back said when the interval
 * ends. Pending and saving are never said: every edit passes through them.
 */
export function createAutosaveAnnouncer(
  say: (message: string, politeness: Politeness) => void,
  intervalMs = SAVED_ANNOUNCEMENT_INTERVAL_MS,
): { report(state: AutosaveState): void; dispose(): void } {
  let lastSaid: 'saved' | 'failed' | null = null;
  let lastFailure = '';
  let quietUntil = 0;
  let heldBack: ReturnType<typeof setTimeout> | null = null;

  const sayFailure = (message: string) => {
    lastSaid = 'failed';
    lastFailure = message;
    say(`Draft not saved: ${message}`, 'assertive');
  };
  const saySaved = () => {
    lastSaid = 'saved';
    quietUntil = Date.now() + intervalMs;
    say('Draft saved', 'polite');
  };
  const cancelHeldBack = () => {
    if (heldBack) clearTimeout(heldBack);
    heldBack = null;
  };

  return {
    report(state) {
      if (state.status === 'failed') {
        cancelHeldBack();
        if (lastSaid !== 'failed' || lastFailure !== state.message) sayFailure(state.message);
        return;
      }
      if (state.status !== 'saved') return;
      const wait = quietUntil - Date.now();
      if (lastSaid === 'failed' || wait <= 0) {
        cancelHeldBack();
        saySaved();
      } else if (!heldBack) {
        heldBack = setTimeout(() => {
          heldBack = null;
          saySaved();
        }, wait);
      }
    },
    dispose: cancelHeldBack,
  };
}
