import { useSyncExternalStore } from 'react';
import { describeTime } from '../../../../core/rules/dateTime';

/** One clock for every relative time on screen, ticking twice a minute: "5 minutes ago" never needs more. */
const TICK_MS = 30_000;
let now = new Date();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = new Date();
    timer = setInterval(() => {
      now = new Date();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, renewed every TICK_MS while anything shows a relative time. */
export const useNow = (): Date => useSyncExternalStore(subscribe, () => now);

/**
 * A stored timestamp as the user reads it (issue 15, core/rules/dateTime describeTime): relative when recent, else
 * in their locale and time zone, with the exact UTC time on hover. Every date the editor shows goes through here.
 */
export function TimeStamp({ iso, className }: { iso: string; className?: string }) {
  const { text, title } = describeTime(iso, useNow());
  return (
    <time dateTime={iso} title={title} className={className}>
      {text}
    </time>
  );
}
