import { useSyncExternalStore } from 'react';
import { DASHBOARD_PATH, editorPathBookmark } from '../../../core/rules/editorRoutes';

/** Routes (editor spec §2). Hash routing works the same under app:// in Electron and http:// in the browser host. */
export { DASHBOARD_PATH, editorPath } from '../../../core/rules/editorRoutes';
/** Multi-country editing of one page: the drafts of its countries, the primary's first. */
export const countriesPath = (bookmarks: readonly string[]): string =>
  `${DASHBOARD_PATH}/countries/${bookmarks.map((bookmark) => encodeURIComponent(bookmark)).join('/')}`;

export const SETTINGS_PATH = '/settings';
/** The focal-point tool on its own (editor spec §2, §4): the same tool image fields open in a dialog. */
export const FOCAL_POINT_PATH = '/focal-point';
/** Releases (issue 24 §4): the list, and one release by its id. */
export const RELEASES_PATH = '/releases';
export const releasePath = (id: number): string => `${RELEASES_PATH}/${id}`;

export type Route =
  | { name: 'dashboard' }
  | { name: 'settings' }
  | { name: 'focalPoint' }
  | { name: 'releases' }
  | { name: 'release'; id: number }
  | { name: 'editor'; bookmark: string }
  | { name: 'countries'; bookmarks: string[] }
  | { name: 'unknown'; path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || DASHBOARD_PATH;
  if (path === DASHBOARD_PATH || path === '/') return { name: 'dashboard' };
  if (path === SETTINGS_PATH) return { name: 'settings' };
  if (path === FOCAL_POINT_PATH) return { name: 'focalPoint' };
  if (path === RELEASES_PATH) return { name: 'releases' };
  const release = path.match(/^\/releases\/([1-9]\d{0,9})$/);
  if (release) return { name: 'release', id: Number(release[1]) };
  const bookmark = editorPathBookmark(path);
  if (bookmark !== null) return { name: 'editor', bookmark };
  const countries = path.match(/^\/services\/content-editor\/countries\/(.+)$/);
  if (countries)
    return { name: 'countries', bookmarks: (countries[1] ?? '').split('/').map((part) => decodeURIComponent(part)) };
  return { name: 'unknown', path };
}

export function navigate(path: string): void {
  window.location.hash = path;
}

const subscribe = (notify: () => void): (() => void) => {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseRoute(hash);
}
