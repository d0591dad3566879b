import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api';

export interface Remote<T> {
  /** The answer for the current key; while a new key loads, the previous answer stays (no flicker). */
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

interface Settled<T> {
  key: string | null;
  data: T | undefined;
  error: string | null;
}

/**
 * Loads whatever `key` stands for (null: nothing to load) and keeps the latest answer. A new key starts a
 * new request; an answer for a key that is no longer current is dropped, so a slow reply never overwrites a
 * newer one.
 */
export function useRemote<T>(key: string | null, load: () => Promise<T>): Remote<T> {
  const [settled, setSettled] = useState<Settled<T>>({ key: null, data: undefined, error: null });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    let live = true;
    loadRef.current().then(
      (data) => {
        if (live) setSettled({ key, data, error: null });
      },
      (error: unknown) => {
        if (live) setSettled({ key, data: undefined, error: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (key === null) return { data: undefined, error: null, loading: false };
  const current = settled.key === key;
  return { data: settled.data, error: current ? settled.error : null, loading: !current };
}
