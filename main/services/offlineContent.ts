import type { LiveEntry } from '../../core/live';
import { RELEASES_NEED_TEAM } from '../../core/releases';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import type { PageContent, PageKey } from '../../core/schemas';
import type { AuditAnswer } from '../../core/teamProtocol';
import type { ContentClient, PageListing, PageQuery } from './contentClient';
import type { ReleasesClient } from './releasesClient';
import type { SaveAnswer } from './outboxSync';
import type { TeamService } from './team';

/**
 * The one content client main's handlers use, whichever mode is in force: the embedded (or configured)
 * content service on this computer, or, signed in, the team server, whose opened pages are cached here and
 * answered from that cache, and whose saves wait in the outbox, while it cannot be reached. Calls to the team
 * server note its answers and failures in Online/Offline (TeamService.client()).
 */
/** Why a page has no audit trail to show on this computer's own store. */
export const NO_LOCAL_AUDIT =
  'The audit log is kept by a team server. Pages saved on this computer only have no roles and no audit log.';

export type PageAuditAnswer = ({ available: true } & AuditAnswer) | { available: false; reason: string };

export interface StudioContentClient extends Omit<ContentClient, 'listPages' | 'pageAudit'> {
  /** Saves a page: answered 'queued' when it waits in the outbox for the team server. */
  save(key: PageKey, page: PageContent, baseHash: string | null, saveId: string): Promise<SaveAnswer>;
  /** offline: the team server could not be reached (why), and the pages come from this computer's cache. */
  listPages(query?: PageQuery): Promise<PageListing & { offline: string | null }>;
  /** The team server's audit trail of the page, or why there is none to show (no team, not an admin). */
  pageAudit(key: PageKey): Promise<PageAuditAnswer>;
}

/**
 * Why a live move is refused at once while the team server is offline (the header says why it is): a move
 * changes what the storefront serves, so it is made on the server or not at all, never queued like a save.
 */
function liveMoveOffline(move: 'Going live' | 'Rolling back'): string {
  return `${move} needs the team server, which cannot be reached now. Nothing was changed: try again once it is back online.`;
}

/** Why a release call is refused at once while the team server is offline: releases live on the server only. */
export const RELEASES_OFFLINE =
  'Releases are kept by the team server, which cannot be reached now. Nothing was changed: try again once it is back online.';

const unreachable = (error: unknown): error is StudioError =>
  error instanceof StudioError && error.code === 'unavailable';

export function createStudioContentClient(local: () => ContentClient, team: TeamService): StudioContentClient {
  const client = (): ContentClient => (team.active() ? team.client() : local());

  /** A live move on the team server (refused at once offline), or on this computer's service, told to the editor. */
  const moveLive = async (move: 'Going live' | 'Rolling back', make: (target: ContentClient) => Promise<LiveEntry>) => {
    if (!team.active()) {
      const entry = await make(local());
      team.liveMovedHere(entry);
      return entry;
    }
    if (team.status().connection === 'offline') throw new StudioError('unavailable', liveMoveOffline(move));
    // The server announces the move on its stream, which tells the editor.
    return make(team.client());
  };

  /** A release call: on the team server only, and refused at once without one or while it is offline. */
  const onTeam =
    <A extends unknown[], R>(call: (releases: ReleasesClient, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!team.active()) throw new StudioError('unavailable', RELEASES_NEED_TEAM);
      if (team.status().connection === 'offline') throw new StudioError('unavailable', RELEASES_OFFLINE);
      return call(team.client(), ...args);
    };

  return {
    listReleases: onTeam((releases) => releases.listReleases()),
    loadRelease: onTeam((releases, request: { id: number }) => releases.loadRelease(request)),
    createRelease: onTeam((releases, request: { name: string }) => releases.createRelease(request)),
    changeReleaseItems: onTeam((releases, request: Parameters<ReleasesClient['changeReleaseItems']>[0]) =>
      releases.changeReleaseItems(request),
    ),
    scheduleRelease: onTeam((releases, request: { id: number; at: string }) => releases.scheduleRelease(request)),
    unscheduleRelease: onTeam((releases, request: { id: number }) => releases.unscheduleRelease(request)),
    goLiveRelease: onTeam((releases, request: { id: number }) => releases.goLiveRelease(request)),
    rollBackRelease: onTeam((releases, request: { id: number; message: string }) => releases.rollBackRelease(request)),
    deleteRelease: onTeam((releases, request: { id: number }) => releases.deleteRelease(request)),
    saveContent: (...args) => client().saveContent(...args),
    saveContentReceipt: (...args) => client().saveContentReceipt(...args),
    saveBookmark: (...args) => client().saveBookmark(...args),
    listVersions: (...args) => client().listVersions(...args),
    loadVersion: (...args) => client().loadVersion(...args),

    async pageAudit(key) {
      if (!team.active()) return { available: false, reason: NO_LOCAL_AUDIT };
      try {
        return { available: true, ...(await team.client().pageAudit(key)) };
      } catch (error) {
        if (error instanceof StudioError && error.code === 'forbidden')
          return { available: false, reason: error.message };
        throw error;
      }
    },

    goLive: (move) => moveLive('Going live', (target) => target.goLive(move)),
    rollBack: (move) => moveLive('Rolling back', (target) => target.rollBack(move)),
    liveHistory: (key) => client().liveHistory(key),

    async save(key, page, baseHash, saveId) {
      if (team.active()) return team.save(key, page, baseHash, saveId);
      return { status: 'saved', version: await local().saveContent(page, baseHash, saveId) };
    },

    async listPages(query) {
      if (!team.active()) return { ...(await local().listPages(query)), offline: null };
      try {
        return { ...(await team.client().listPages(query)), offline: null };
      } catch (error) {
        if (!unreachable(error)) throw error;
        // A team server out of reach: the pages this desktop opened before, from its cache.
        const pages = await team.pageCache.list();
        return { pages, total: pages.length, skipped: [], offline: error.message };
      }
    },

    /** The page's latest version; in team mode cached for opening offline, and read from there meanwhile. */
    async loadPage(key) {
      if (!team.active()) return local().loadPage(key);
      try {
        const saved = await team.client().loadPage(key);
        if (saved) await team.cachePage(key, saved);
        return saved;
      } catch (error) {
        if (!unreachable(error)) throw error;
        const cached = await team.pageCache.get(key);
        if (!cached)
          throw new StudioError(
            'unavailable',
            `${error.message} ${quote(key.page)} was not opened on this computer before, so it cannot be opened offline.`,
          );
        return { content: cached.content, version: cached.version, skipped: [] };
      }
    },
  };
}
