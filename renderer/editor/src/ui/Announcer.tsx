import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { announce, announcementsAtom, createAutosaveAnnouncer } from '../state/announce';
import type { AutosaveState } from '../state/autosave';

/**
 * The live regions announce() speaks through, always in the page so that a change of their text is spoken.
 * Their aria-live attribute also keeps them spoken while a dialog hides the rest of the page (aria-hidden
 * leaves live regions out).
 */
export function Announcer() {
  const { polite, assertive } = useAtomValue(announcementsAtom);
  return (
    <div className="visually-hidden">
      <div aria-live="polite" aria-atomic="true" data-testid="polite-announcer">
        {polite}
      </div>
      <div aria-live="assertive" aria-atomic="true" data-testid="assertive-announcer">
        {assertive}
      </div>
    </div>
  );
}

/** Says the autosave's status when it matters (see createAutosaveAnnouncer), for the editor's status line. */
export function useAutosaveAnnouncements(state: AutosaveState): void {
  const [announcer] = useState(() => createAutosaveAnnouncer(announce));
  useEffect(() => announcer.dispose, [announcer]);
  useEffect(() => announcer.report(state), [announcer, state]);
}
