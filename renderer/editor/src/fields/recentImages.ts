import { useCallback, useSyncExternalStore } from 'react';
import { noteRecent } from '../../../../core/rules/recentComponents';
import { userAtom } from '../state/session';
import { useTeamValue } from '../state/teamStore';

/** How many image addresses the image picker remembers. */
export const RECENT_IMAGES_LIMIT = 12;

const storageKey = (user: string | null | undefined): string => `studio.recentImages.${user ?? 'anonymous'}`;

// Every image field on the page shows the same list: a note in one re-renders the others.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// The snapshot must stay the same object while the stored text does (useSyncExternalStore).
let cached: { raw: string | null; list: readonly string[] } = { raw: null, list: [] };
function read(key: string): readonly string[] {
  const raw = localStorage.getItem(key);
  if (raw === cached.raw) return cached.list;
  let list: readonly string[] = [];
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed)) list = parsed.filter((item): item is string => typeof item === 'string');
  } catch {
    // A damaged list is an empty one: it is only a convenience, rebuilt as images are used.
  }
  cached = { raw, list };
  return list;
}

/**
 * The images the user put in image fields last, most recent first, kept per user in this machine's
 * localStorage as the panel width is: a convenience of the screen, not content, so it stays out of the
 * settings file and the team server.
 */
export function useRecentImages(): { recent: readonly string[]; note(url: string): void } {
  const key = storageKey(useTeamValue(userAtom));
  const recent = useSyncExternalStore(subscribe, () => read(key));
  const note = useCallback(
    (url: string) => {
      const trimmed = url.trim();
      if (trimmed === '') return;
      localStorage.setItem(key, JSON.stringify(noteRecent(read(key), trimmed, RECENT_IMAGES_LIMIT)));
      for (const listener of listeners) listener();
    },
    [key],
  );
  return { recent, note };
}
