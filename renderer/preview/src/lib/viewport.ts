import { useSyncExternalStore } from 'react';

/** The person asked for less motion: no autoplay, no smooth scrolling, no sliding (issue 16). */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether a media query matches the viewport, following it as it changes. A document rendered on the host,
 * which has no viewport, and its hydration take it as not matching (the desktop layout, no reduced motion);
 * the preview renders again at once if it does match.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
