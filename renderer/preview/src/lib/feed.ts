import { useEffect, useSyncExternalStore } from 'react';
import { emit } from '../bridge';

export type FeedState = { status: 'loading' } | { status: 'ready'; data: unknown } | { status: 'failed'; error: string };

const feeds = new Map<string, FeedState>();
const listeners = new Set<() => void>();

/** Called with main's answer to a requestFeed. */
export function receiveFeed(url: string, data: unknown, error: string | undefined): void {
  feeds.set(url, error !== undefined ? { status: 'failed', error } : { status: 'ready', data });
  for (const listener of listeners) listener();
}

const LOADING: FeedState = { status: 'loading' };

/**
 * A JSON feed a block shows (the Blog's posts). The preview has no network access of its own: it asks the
 * editor, which fetches through main. Each URL is asked for once and shared by every block that shows it.
 */
export function useFeed(url: string): FeedState {
  useEffect(() => {
    if (url && !feeds.has(url)) {
      feeds.set(url, LOADING);
      emit({ type: 'requestFeed', url });
    }
  }, [url]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => feeds.get(url) ?? LOADING,
  );
}
