import { useMemo } from 'react';
import { atom, getDefaultStore, useAtomValue, type Atom, type PrimitiveAtom } from 'jotai';
import type { CountryCode } from '../../../../core/countries';
import { editingRefusalsWithFollowers, type EditingRefusals } from '../../../../core/rules/editingRights';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey } from '../../../../core/schemas';
import type { PendingSave, PresenceEntry, TeamEvent, TeamStatus, UserPermissions } from '../../../../core/team';
import { call, errorMessage, onTeamEvent } from '../api';
import { announceMerge } from './mergeNotice';

/**
 * What the editor knows of the team (issue 13), kept up to date from main's pushed events: the connection,
 * who has which page open, the outbox, and colleagues' saves of the pages open here. Main owns all of it;
 * this only mirrors it for the screens.
 */

type SavedEvent = Extract<TeamEvent, { type: 'saved' }>;

/** null until main has answered. */
export const teamStatusAtom = atom<TeamStatus | null>(null);
/**
 * What the user may do (issue 22 §2), read again whenever the status changes (a sign-in, a reconnection, new
 * grants). Until main answers nothing is refused: the server decides every save anyway.
 */
export const permissionsAtom = atom<UserPermissions>({ mode: 'everything' });
/** Everyone else's open pages (main leaves the signed-in user's own out). */
export const presenceAtom = atom<readonly PresenceEntry[]>([]);
/** The outbox, oldest first. */
export const pendingSavesAtom = atom<readonly PendingSave[]>([]);
/** A colleague's latest save of each page open here, by bookmark, until reloaded, dismissed or saved over. */
export const colleagueSavesAtom = atom<ReadonlyMap<string, SavedEvent>>(new Map());
/** The pending save whose conflict the conflict dialog shows now. */
export const pendingConflictAtom = atom<PendingSave | null>(null);
/** Reload theirs chosen outside the editor (a pending save's conflict): the version its editor loads, by bookmark. */
export const reloadRequestsAtom = atom<ReadonlyMap<string, number>>(new Map());

const store = getDefaultStore();

/** Reads a team atom from the app's store, also inside the editor, whose own Provider holds the page's atoms. */
export const useTeamValue = <Value>(teamAtom: Atom<Value>): Value => useAtomValue(teamAtom, { store });
export const setTeamValue = <Value>(teamAtom: PrimitiveAtom<Value>, value: Value): void => store.set(teamAtom, value);

/** The editor of this page, when it shows it (now or next), replaces its content with this version of theirs. */
export function requestReloadTheirs(bookmark: string, version: number): void {
  store.set(reloadRequestsAtom, new Map(store.get(reloadRequestsAtom)).set(bookmark, version));
}

/** Takes the page's reload request, if any, so that it is carried out once. */
export function takeReloadRequest(bookmark: string): number | undefined {
  const requests = store.get(reloadRequestsAtom);
  const version = requests.get(bookmark);
  if (version === undefined) return undefined;
  const next = new Map(requests);
  next.delete(bookmark);
  store.set(reloadRequestsAtom, next);
  return version;
}
const listeners = new Set<(event: TeamEvent) => void>();
/** Pages open in this window, by bookmark, with how many views hold each (a multi-country route holds several). */
const openPages = new Map<string, number>();

const lowercase = (user: string | null | undefined): string => (user ?? '').toLowerCase();

let reportError: (message: string) => void = () => undefined;

function readPermissions(): void {
  call('permissions', {})
    .then((permissions) => store.set(permissionsAtom, permissions))
    .catch((error: unknown) => reportError(`Could not read what your roles let you do: ${errorMessage(error)}`));
}

function apply(event: TeamEvent): void {
  switch (event.type) {
    case 'status':
      store.set(teamStatusAtom, event.status);
      readPermissions();
      break;
    case 'presence':
      store.set(presenceAtom, event.presence);
      break;
    case 'outbox':
      store.set(pendingSavesAtom, event.pending);
      break;
    case 'pendingConflict':
      store.set(pendingConflictAtom, event.pending);
      break;
    case 'saved': {
      const bookmark = bookmarkFor(event.pageKey);
      const mine = lowercase(event.author) === lowercase(store.get(teamStatusAtom)?.user);
      if (!mine && openPages.has(bookmark))
        store.set(colleagueSavesAtom, new Map(store.get(colleagueSavesAtom)).set(bookmark, event));
      break;
    }
    case 'pendingSaved':
      // Merged on replay with a colleague's version: the same one line as a save merged at once, naming the page.
      if (event.merged && !event.repeated)
        announceMerge(event.pending.key, event.version.version, event.merged, `${event.pending.key.page}: `);
      break;
    case 'live':
    case 'release':
    case 'resync':
      // Nothing to keep: the listeners below (the dashboard, the Releases screen) read again.
      break;
    default:
      // Every event type has its case: a new one fails to compile here until the store says what it keeps.
      event satisfies never;
  }
  for (const listener of listeners) listener(event);
}

/** Listens to main's team events for the life of the window; call once at start. Answers how to stop. */
export function startTeamSync(onError: (message: string) => void): () => void {
  reportError = onError;
  const stop = onTeamEvent(apply);
  readPermissions();
  call('getTeamStatus', {})
    .then(({ status, presence }) => {
      store.set(teamStatusAtom, status);
      store.set(presenceAtom, presence);
    })
    .catch((error: unknown) => onError(`Could not read the team server's status: ${errorMessage(error)}`));
  call('listPendingSaves', {})
    .then(({ pending }) => store.set(pendingSavesAtom, pending))
    .catch((error: unknown) => onError(`Could not read the saves waiting for the team server: ${errorMessage(error)}`));
  return stop;
}

/** Every team event after the store has taken it in (the dashboard lists again on saves, resync and the outbox). */
export function onTeamChange(listener: (event: TeamEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells main these pages are open here (presence heartbeats), and that they are closed when the returned
 * function runs. Each country of a multi-country page is a page of its own.
 */
export function holdPagesOpen(keys: readonly PageKey[], onError: (message: string) => void): () => void {
  const opened = keys.map((key) => {
    const bookmark = bookmarkFor(key);
    const holders = openPages.get(bookmark) ?? 0;
    openPages.set(bookmark, holders + 1);
    if (holders === 0)
      call('pageOpened', { key }).catch((error: unknown) =>
        onError(`Colleagues may not see that you have ${key.page} open: ${errorMessage(error)}`),
      );
    return { key, bookmark };
  });
  return () => {
    for (const { key, bookmark } of opened) {
      const holders = (openPages.get(bookmark) ?? 1) - 1;
      if (holders > 0) {
        openPages.set(bookmark, holders);
        continue;
      }
      openPages.delete(bookmark);
      forgetColleagueSave(key);
      // Closing is best effort: presence expires on the server anyway.
      call('pageClosed', { key }).catch(() => undefined);
    }
  };
}

/** The colleague's save of this page has been dealt with (reloaded, dismissed, or saved over deliberately). */
export function forgetColleagueSave(key: PageKey): void {
  const bookmark = bookmarkFor(key);
  const current = store.get(colleagueSavesAtom);
  if (!current.has(bookmark)) return;
  const next = new Map(current);
  next.delete(bookmark);
  store.set(colleagueSavesAtom, next);
}

/** The colleagues who have this page open, each once, in the order they are listed. */
export function colleaguesOn(presence: readonly PresenceEntry[], key: PageKey): string[] {
  const bookmark = bookmarkFor(key);
  return [...new Set(presence.filter((entry) => bookmarkFor(entry.pageKey) === bookmark).map((entry) => entry.user))];
}

/**
 * What the user's roles refuse on this page (issue 22 §2): each country of a page has its own, and the
 * primary of a multi-country page also its followers' structure (the other countries its structure reaches).
 */
export function useEditingRefusals(key: PageKey, followers: readonly CountryCode[] = NO_FOLLOWERS): EditingRefusals {
  const permissions = useTeamValue(permissionsAtom);
  const { fascia, country } = key;
  return useMemo(
    () =>
      editingRefusalsWithFollowers(
        permissions,
        { fascia, country },
        followers.map((follower) => ({ fascia, country: follower })),
      ),
    [permissions, fascia, country, followers],
  );
}

const NO_FOLLOWERS: readonly CountryCode[] = [];
