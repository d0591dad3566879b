import { useEffect, useRef } from 'react';
import type { TeamEvent } from '../../../../core/team';
import { coalesce } from './dashboardListing';
import { onTeamChange } from '../state/teamStore';

/** Events heard within this long read the screen again once. */
const READ_AGAIN_COALESCE_MS = 300;

/**
 * Reads a Releases screen again on every release or live move by anyone, a stream that may have missed
 * events, and the server coming back; once for a burst of them (a release of 200 items is 200 live events).
 */
export function useReleaseEvents(readAgain: () => void): void {
  const readAgainRef = useRef(readAgain);
  useEffect(() => {
    readAgainRef.current = readAgain;
  });
  useEffect(() => {
    const refresh = coalesce(() => readAgainRef.current(), READ_AGAIN_COALESCE_MS);
    const stop = onTeamChange((event: TeamEvent) => {
      if (event.type === 'release' || event.type === 'live' || event.type === 'resync') refresh.trigger();
      else if (event.type === 'status' && event.status.connection === 'online') refresh.trigger();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, []);
}
