import { useEffect, useSyncExternalStore } from 'react';
import { emit } from '../bridge';

export type FeedState =
  { status: 'loading' } | { status: 'ready'; data: unknown } | { status: 'failed'; error: string };

/** By block and the feed address it declares: the answer to an address the block no longer has is stale. */
const feeds = new Map<string, FeedState>();
const listeners = new Set<() => void>();
const keyOf = (blockId: string, url: string) => `${blockId}\n${url}`;

/** Called with main's answer to a requestFeed. */
export function receiveFeed(blockId: string, url: string, data: unknown, error: string | undefined): void {
  feeds.set(keyOf(blockId, url), error !== undefined ? { status: 'failed', error } : { status: 'ready', data });
  for (const listener of listeners) listener();
}

const LOADING: FeedState = { status: 'loading' };

/**
 * The JSON feed a block declares (the Blog's posts). The preview has no network access of its own: it names
 * the block, and the editor has main read the feed that block declares on the editor's copy of the page.
 * Asked for once per block and address.
 */
export function useFeed(blockId: string, url: string): FeedState {
  const key = keyOf(blockId, url);
  useEffect(() => {
    if (url && !feeds.has(key)) {
      feeds.set(key, LOADING);
      emit({ type: 'requestFeed', blockId });
    }
  }, [blockId, url, key]);
  const state = () => feeds.get(key) ?? LOADING;
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state,
    state,
  );
}
