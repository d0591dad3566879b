import { useEffect, useState } from 'react';
import { liveMarks, type LiveMark } from '../../../../core/live';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey } from '../../../../core/schemas';
import { call } from '../api';
import { onTeamChange } from '../state/teamStore';
import { useRemote } from '../state/useRemote';

const NO_MARKS: ReadonlyMap<number, LiveMark> = new Map();

/**
 * Which of the page's versions are live or were (issue 24), read again whenever anyone moves its live pointer
 * (the 'live' team event). Until read, or when the live history cannot be read, no version is marked.
 */
export function useLiveMarks(key: PageKey): ReadonlyMap<number, LiveMark> {
  const bookmark = bookmarkFor(key);
  const [moves, setMoves] = useState(0);
  useEffect(
    () =>
      onTeamChange((event) => {
        if (event.type === 'live' && bookmarkFor(event.pageKey) === bookmark) setMoves((n) => n + 1);
      }),
    [bookmark],
  );
  const history = useRemote(`${bookmark}#live#${moves}`, () => call('listLiveHistory', { key }));
  return history.data ? liveMarks(history.data.entries) : NO_MARKS;
}
