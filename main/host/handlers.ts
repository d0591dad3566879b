import type { ContentClient } from '../services/contentClient';
import type { DraftStore } from '../services/drafts';
import type { KeyValueStore } from '../services/stores';
import type { ServiceHandlers } from './dispatch';
import { StudioError } from '../../core/result';
import { emptyPageMeta, type Draft, type PageKey } from '../../core/schemas';
import {
  bookmarkFor,
  buildPageContent,
  commitMessageError,
  documentHash,
  isDirty,
  metaFromPage,
} from '../../core/rules/page';
import type { Settings } from '../../core/contract';

export interface HandlerDeps {
  store: KeyValueStore;
  drafts: DraftStore;
  /** The content service client for the URL in force (a team's, or the embedded one). */
  content: () => ContentClient;
  contentUrl: () => string;
  now: () => Date;
}

function readSettings(store: KeyValueStore): Settings {
  const user = store.get('user');
  const contentServiceUrl = store.get('contentServiceUrl');
  return {
    user: typeof user === 'string' ? user : null,
    contentServiceUrl: typeof contentServiceUrl === 'string' ? contentServiceUrl : null,
  };
}

function requireUser(store: KeyValueStore): string {
  const { user } = readSettings(store);
  if (!user) throw new StudioError('forbidden', 'Sign in with your email before saving.');
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

  return {
    getSession: async () => ({ user: readSettings(store).user }),

    signIn: async ({ email }) => {
      store.set('user', email);
      return { user: email };
    },

    getSettings: async () => readSettings(store),

    updateSettings: async (patch) => {
      if (patch.contentServiceUrl !== undefined) {
        if (patch.contentServiceUrl === null) store.delete('contentServiceUrl');
        else store.set('contentServiceUrl', patch.contentServiceUrl);
      }
      return readSettings(store);
    },

    listPages: async () => {
      const saved = await drafts.list();
      const draftRows = saved.map((draft) => ({
        bookmark: draft.bookmark,
        key: draft.key,
        category: draft.meta.category,
        updatedAt: draft.updatedAt,
        dirty: isDirty(draft),
      }));
      try {
        return { pages: await deps.content().listPages(), drafts: draftRows, pagesError: null };
      } catch (error) {
        // Offline or a dead service: the drafts still show, so editors keep working.
        const message = error instanceof Error ? error.message : String(error);
        return { pages: [], drafts: draftRows, pagesError: message };
      }
    },

    openPage: async ({ key, category }) => {
      const existing = await drafts.get(bookmarkFor(key));
      if (existing) return { draft: existing, origin: 'draft' as const };
      const saved = await deps.content().loadPage(key);
      const draft = saved
        ? newDraft(key, { meta: metaFromPage(saved.content), components: saved.content.content, baseHash: saved.content.hash })
        : newDraft(key, { meta: { ...emptyPageMeta(), category: category ?? '' }, components: [], baseHash: null });
      await drafts.put(draft);
      return { draft, origin: saved ? ('saved' as const) : ('new' as const) };
    },

    getDraft: async ({ bookmark }) => ({ draft: await drafts.get(bookmark) }),

    saveDraft: async ({ draft }) => {
      const updatedAt = deps.now().toISOString();
      await drafts.put({ ...draft, bookmark: bookmarkFor(draft.key), updatedAt });
      return { updatedAt };
    },

    discardDraft: async ({ bookmark }) => {
      await drafts.remove(bookmark);
      return {};
    },

    saveContent: async ({ key, meta, components, baseHash, commitMessage }) => {
      const messageError = commitMessageError(commitMessage);
      if (messageError) throw new StudioError('invalid-input', messageError);
      const page = buildPageContent({
        key,
        meta,
        components,
        author: requireUser(store),
        commitMessage,
        apiUrl: deps.contentUrl(),
        now: deps.now(),
      });
      const version = await deps.content().saveContent(page, baseHash);
      // Saved: the draft has done its job. On failure it stays, so nothing is lost.
      await drafts.remove(bookmarkFor(key));
      return { version };
    },
  };
}
