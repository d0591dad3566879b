import { randomUUID } from 'node:crypto';
import type { StudioContentClient } from '../services/offlineContent';
import type { DraftStore } from '../services/drafts';
import type { DamagedFile } from '../../core/damagedFiles';
import type { KeyValueStore, SecretStore } from '../services/stores';
import type { ServiceHandlers } from './dispatch';
import { StudioError } from '../../core/result';
import { quote } from '../../core/rules/quote';
import { productLookupError, type ProductLookupQuery } from '../../core/rules/productLookup';
import {
  emptyPageMeta,
  type Component,
  type Draft,
  type PageKey,
  type PageMeta,
  type ProductDetails,
} from '../../core/schemas';
import {
  bookmarkFor,
  buildPageContent,
  commitMessageError,
  documentHash,
  isDirty,
  metaFromPage,
} from '../../core/rules/page';
import { storeFor } from '../../core/rules/linkGenerator';
import { noteRecent } from '../../core/rules/recentComponents';
import type { FacetedSearchClient, MeshClient } from '../services/mesh';
import { declaredFeed } from '../../core/rules/feedPolicy';
import { readSettings, updateSettings } from '../services/settings';
import type { TranslationClient } from '../services/translation';
import type { TeamService } from '../services/team';
import { pendingSaveOf } from '../services/outbox';
import { saveWithMerge, type MergingSaveService, type QueuedAnswer } from '../services/mergingSave';
import { errorMessage } from '../../core/rules/errorMessage';

/** The clients of the services other than content, each for the address in force. */
export interface ServiceClients {
  mesh(): MeshClient;
  facetedSearch(): FacetedSearchClient;
  translation(): TranslationClient;
  imageMetadata(url: string): Promise<{ width: number; height: number; pointOfInterest: FocalPointValue | null }>;
}

type FocalPointValue = { x: number; y: number; w: number; h: number };

export interface HandlerDeps {
  store: KeyValueStore;
  secrets: SecretStore;
  clients: ServiceClients;
  /** Reads a JSON feed for the preview (main/services/feeds.ts); relative addresses are the embedded server's. */
  fetchFeed: (address: string) => Promise<unknown>;
  lookupProducts: (query: ProductLookupQuery) => Promise<ProductDetails[]>;
  drafts: DraftStore;
  /** Drafts and settings files found unreadable and moved aside, for the dashboard to tell the user. */
  damagedFiles: () => DamagedFile[];
  /**
   * The content service in force (a team's, or the embedded one), offline-aware in team mode
   * (main/services/offlineContent.ts): the handlers do not need to know which mode they are in.
   */
  content: StudioContentClient;
  contentUrl: () => string;
  /** Team mode (main/services/team.ts): the sign-in, the outbox, presence. */
  team: TeamService;
  now: () => Date;
}

/**
 * Favourites and recently used components belong to the signed-in user (editor spec §3, User): one list per
 * address, under the store key `favourites` or `recentComponents`.
 */
type UserListKey = 'favourites' | 'recentComponents';

function listsByUser(store: KeyValueStore, key: UserListKey): Record<string, unknown> {
  const value = store.get(key);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function readUserList(store: KeyValueStore, key: UserListKey, user: string): string[] {
  const value = listsByUser(store, key)[user];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function writeUserList(store: KeyValueStore, key: UserListKey, user: string, list: string[]): void {
  store.set(key, { ...listsByUser(store, key), [user]: list });
}

/** The signed-in user: the team server's user for the token in team mode, else the address given at first run. */
function requireUser(store: KeyValueStore, team: TeamService): string {
  const user = team.user() ?? store.get('user');
  if (typeof user !== 'string' || !user) throw new StudioError('forbidden', 'Sign in with your email first.');
  return user;
}

/** The handler table: what each service channel does. Inputs arrive already parsed by the contract. */
export function createHandlers(deps: HandlerDeps): ServiceHandlers {
  const { store, drafts } = deps;

  const newDraft = (key: PageKey, fields: Pick<Draft, 'meta' | 'components' | 'baseHash'>): Draft => ({
    bookmark: bookmarkFor(key),
    key,
    ...fields,
    cleanHash: documentHash(fields.meta, fields.components),
    updatedAt: deps.now().toISOString(),
  });

  /** The store behind a fascia (Settings' fascia map); a fascia without one cannot browse the mesh. */
  const storeOf = (fascia: string): string => {
    const store = storeFor(fascia, readSettings(deps.store, deps.secrets).fasciaStores);
    if (!store) throw new StudioError('invalid-input', `No store is set for ${quote(fascia)} in Settings.`);
    return store;
  };

  /** The page content of a save or a bookmark (editor spec §3), after checking the change message (§5). */
  const pageToSave = (input: { key: PageKey; meta: PageMeta; components: Component[]; commitMessage: string }) => {
    const messageError = commitMessageError(input.commitMessage);
    if (messageError) throw new StudioError('invalid-input', messageError);
    return buildPageContent({
      ...input,
      author: requireUser(store, deps.team),
      apiUrl: deps.contentUrl(),
      now: deps.now(),
    });
  };

  /**
   * The id of a save, written into the page's draft before the save is sent (issue 11): if the app dies
   * before the answer arrives, saving the same document again sends the same id, and the service answers
   * with the version the first attempt made instead of a conflict with the editor's own version.
   */
  const recordPendingSave = async (key: PageKey, meta: PageMeta, components: Component[]): Promise<string> => {
    const draft = await drafts.get(bookmarkFor(key));
    const hash = documentHash(meta, components);
    if (draft?.pendingSave?.documentHash === hash) return draft.pendingSave.saveId;
    const saveId = randomUUID();
    if (draft) await drafts.put({ ...draft, pendingSave: { saveId, documentHash: hash } });
    return saveId;
  };

  const forgetPendingSave = async (key: PageKey, saveId: string): Promise<void> => {
    const draft = await drafts.get(bookmarkFor(key));
    if (draft?.pendingSave?.saveId === saveId) await drafts.put({ ...draft, pendingSave: undefined });
  };

  /**
   * Where saves go, merging with a newer version they meet (main/services/mergingSave.ts): the base is looked
   * for in team mode's copies on this computer first, then among the service's versions.
   */
  const savingService: MergingSaveService<QueuedAnswer> = {
    send: (key, page, baseHash, saveId) => deps.content.save(key, page, baseHash, saveId),
    loadPage: (key) => deps.content.loadPage(key),
    listVersions: (key) => deps.content.listVersions(key),
    loadVersion: (key, version) => deps.content.loadVersion(key, version),
    localCopy: async (key, hash) => (deps.team.active() ? deps.team.localCopy(key, hash) : null),
  };

  /** After a save was queued: the draft stays, based on what was queued, so the page opens as saved and edits build on it. */
  const keepQueuedDraft = async (
    key: PageKey,
    meta: PageMeta,
    components: Component[],
    queuedHash: string,
  ): Promise<void> => {
    const existing = await drafts.get(bookmarkFor(key));
    const draft = existing ?? newDraft(key, { meta, components, baseHash: queuedHash });
    await drafts.put({
      ...draft,
      meta,
      components,
      baseHash: queuedHash,
      cleanHash: documentHash(meta, components),
      pendingSave: undefined,
      updatedAt: deps.now().toISOString(),
    });
  };

  return {
    getSession: async () => ({ user: deps.team.user() ?? readSettings(store, deps.secrets).user }),

    signIn: async ({ email }) => {
      store.set('user', email);
      return { user: email };
    },

    getSettings: async () => readSettings(store, deps.secrets),

    updateSettings: async (patch) => updateSettings(store, deps.secrets, patch),

    listFavourites: async () => ({ favourites: readUserList(store, 'favourites', requireUser(store, deps.team)) }),

    setFavourite: async ({ componentType, favourite }) => {
      const user = requireUser(store, deps.team);
      const others = readUserList(store, 'favourites', user).filter((type) => type !== componentType);
      const favourites = favourite ? [...others, componentType] : others;
      writeUserList(store, 'favourites', user, favourites);
      return { favourites };
    },

    listRecentComponents: async () => ({
      recent: readUserList(store, 'recentComponents', requireUser(store, deps.team)),
    }),

    noteComponentUsed: async ({ componentType }) => {
      const user = requireUser(store, deps.team);
      const recent = noteRecent(readUserList(store, 'recentComponents', user), componentType);
      writeUserList(store, 'recentComponents', user, recent);
      return { recent };
    },

    fetchFeed: async ({ component }) => {
      const feed = declaredFeed(component);
      if (!feed) throw new StudioError('invalid-input', `A ${quote(component._component)} block declares no feed.`);
      return { data: await deps.fetchFeed(feed) };
    },

    meshCategories: async ({ fascia }) => ({ categories: await deps.clients.mesh().categories(storeOf(fascia)) }),

    meshLandingPages: async ({ fascia }) => ({ pages: await deps.clients.mesh().navigationPages(storeOf(fascia)) }),

    meshCategoryProducts: async ({ fascia, path, isNew, isOnSale }) =>
      deps.clients.mesh().categoryProducts(storeOf(fascia), path, { isNew, isOnSale }),

    meshSearch: async ({ fascia, ...query }) => deps.clients.mesh().search(storeOf(fascia), query),

    fhSearch: async ({ location }) => deps.clients.facetedSearch().search(location),

    translate: async ({ language, text }) => ({ text: await deps.clients.translation().translate(language, text) }),

    imageMetadata: async ({ url }) => deps.clients.imageMetadata(url),

    lookupProduct: async (query) => {
      const problem = productLookupError(query);
      if (problem) throw new StudioError('invalid-input', problem);
      return { products: await deps.lookupProducts(query) };
    },

    listPages: async (query) => {
      const saved = await drafts.list();
      const draftRows = saved.map((draft) => ({
        bookmark: draft.bookmark,
        key: draft.key,
        category: draft.meta.category,
        updatedAt: draft.updatedAt,
        dirty: isDirty(draft),
      }));
      const pendingSaves = await deps.team.pendingSaves();
      try {
        const { pages, total, skipped, offline } = await deps.content.listPages(query);
        return {
          pages,
          total,
          drafts: draftRows,
          // Offline, the pages come from this computer's cache: why the server was not listed.
          pagesError: offline,
          damagedFiles: deps.damagedFiles(),
          ...(offline === null && { skippedVersions: skipped }),
          offline: offline !== null,
          pendingSaves,
        };
      } catch (error) {
        // Offline or a dead service: the drafts still show, so editors keep working.
        return {
          pages: [],
          drafts: draftRows,
          pagesError: errorMessage(error),
          damagedFiles: deps.damagedFiles(),
          offline: false,
          pendingSaves,
        };
      }
    },

    openPage: async ({ key, category }) => {
      const existing = await drafts.get(bookmarkFor(key));
      if (existing) return { draft: existing, origin: 'draft' as const };
      const saved = await deps.content.loadPage(key);
      const draft = saved
        ? newDraft(key, {
            meta: metaFromPage(saved.content),
            components: saved.content.content,
            baseHash: saved.content.hash,
          })
        : newDraft(key, { meta: { ...emptyPageMeta(), category: category ?? '' }, components: [], baseHash: null });
      await drafts.put(draft);
      return { draft, origin: saved ? ('saved' as const) : ('new' as const), skippedVersions: saved?.skipped ?? [] };
    },

    getDraft: async ({ bookmark }) => {
      const opened = await drafts.open(bookmark);
      return { draft: opened?.draft ?? null, revision: opened?.revision ?? null };
    },

    saveDraft: async ({ draft }) => {
      const updatedAt = deps.now().toISOString();
      const bookmark = bookmarkFor(draft.key);
      // The editor's copy does not carry the pending save; keep it so a retry after a crash reuses its id.
      const pendingSave = draft.pendingSave ?? (await drafts.get(bookmark))?.pendingSave;
      const revision = await drafts.put({ ...draft, bookmark, updatedAt, pendingSave });
      return { updatedAt, revision };
    },

    saveDraftDelta: async ({ key, base, delta }) => {
      const updatedAt = deps.now().toISOString();
      const revision = await drafts.applyDelta(bookmarkFor(key), base, { ...delta, updatedAt });
      return revision === null ? { status: 'no-base' as const } : { status: 'saved' as const, updatedAt, revision };
    },

    discardDraft: async ({ bookmark }) => {
      await drafts.remove(bookmark);
      return {};
    },

    saveContent: async ({ key, meta, components, baseHash, commitMessage }) => {
      const page = pageToSave({ key, meta, components, commitMessage });
      const saveId = await recordPendingSave(key, meta, components);
      let answer;
      try {
        // The embedded store and the team server alike (deps.content knows which is in force).
        answer = await saveWithMerge(savingService, { key, page, baseHash, saveId });
      } catch (error) {
        // A save the service refused as invalid was never applied, so its id has nothing to answer for.
        if (error instanceof StudioError && error.code === 'invalid-input') await forgetPendingSave(key, saveId);
        throw error;
      }
      switch (answer.status) {
        case 'saved':
          // The draft has done its job. On failure it stays, so nothing is lost.
          await drafts.remove(bookmarkFor(key));
          return { status: answer.status, version: answer.version, merged: answer.merged };
        case 'queued':
          await keepQueuedDraft(key, metaFromPage(answer.page), answer.page.content, answer.pending.hash);
          return { status: answer.status, pending: answer.pending, message: answer.message };
        // Nothing was written: the draft stays as the editor left it.
        case 'conflicts':
        case 'still-changing':
          return answer;
      }
    },

    saveBookmark: async ({ key, meta, components, commitMessage }) => {
      const page = pageToSave({ key, meta, components, commitMessage });
      // The draft stays: a bookmark is a snapshot, not the page's saved content.
      return { version: await deps.content.saveBookmark(page) };
    },

    listVersions: async ({ key }) => {
      // Every version is listed (the client reads them page by page): the total says nothing more here.
      const { versions, skipped } = await deps.content.listVersions(key);
      return { versions, skipped };
    },

    getTeamStatus: async () => ({ status: deps.team.status(), presence: deps.team.presence() }),
    testTeamServer: async (form) => deps.team.test(form),
    signInTeam: async (form) => deps.team.signIn(form),
    signOutTeam: async () => deps.team.signOut(),
    retryTeamConnection: async () => deps.team.retryNow(),
    startCompanySignIn: async (form) => deps.team.startCompanySignIn(form),
    finishCompanySignIn: async () => deps.team.finishCompanySignIn(),
    pageOpened: async ({ key }) => {
      deps.team.pageOpened(key);
      return {};
    },
    pageClosed: async ({ key }) => {
      deps.team.pageClosed(key);
      return {};
    },
    pageFocus: async ({ key, focus }) => {
      deps.team.pageFocus(key, focus);
      return {};
    },
    listPageAudit: async ({ key }) => deps.content.pageAudit(key),
    // The mover is the signed-in user, as a save's author is (a team server takes its token's user anyway).
    goLive: async (move) => ({ live: await deps.content.goLive({ ...move, by: requireUser(store, deps.team) }) }),
    rollBack: async (move) => ({ live: await deps.content.rollBack({ ...move, by: requireUser(store, deps.team) }) }),
    listLiveHistory: async ({ key }) => deps.content.liveHistory(key),
    // Releases (issue 24 §2): the team server's, refused without one or while it is offline (offlineContent.ts).
    listReleases: async () => deps.content.listReleases(),
    loadRelease: async (request) => deps.content.loadRelease(request),
    createRelease: async (request) => deps.content.createRelease(request),
    changeReleaseItems: async (request) => deps.content.changeReleaseItems(request),
    scheduleRelease: async (request) => deps.content.scheduleRelease(request),
    unscheduleRelease: async (request) => deps.content.unscheduleRelease(request),
    goLiveRelease: async (request) => deps.content.goLiveRelease(request),
    rollBackRelease: async (request) => deps.content.rollBackRelease(request),
    deleteRelease: async (request) => {
      await deps.content.deleteRelease(request);
      return {};
    },
    listPendingSaves: async () => ({ pending: await deps.team.pendingSaves() }),
    loadPendingSave: async ({ id }) => {
      const entry = await deps.team.pendingEntry(id);
      return {
        pending: pendingSaveOf(entry),
        meta: metaFromPage(entry.content),
        components: entry.content.content,
        merge: entry.merge,
      };
    },
    discardPendingSave: async ({ id }) => ({ pending: await deps.team.discardPending(id) }),
    resolvePendingMerge: async ({ id, meta, components, theirsHash }) => ({
      pending: await deps.team.resolvePending(id, { meta, components }, theirsHash),
    }),
    permissions: async () => deps.team.permissions(),

    loadVersion: async ({ key, version }) => {
      const found = await deps.content.loadVersion(key, version);
      if (!found) throw new StudioError('not-found', `Version ${version} of ${quote(key.page)} does not exist.`);
      return { version: found.version, meta: metaFromPage(found.content), components: found.content.content };
    },
  };
}
