import { randomUUID } from 'node:crypto';
import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import { bookmarkFor, documentHash, isDirty, metaFromPage } from '../../core/rules/page';
import type { MergeDocument } from '../../core/rules/merge/documentMerge';
import type { PageContent, PageKey, VersionSummary } from '../../core/schemas';
import { QUEUED_SAVE_MESSAGE, type PendingSave, type TeamEvent } from '../../core/team';
import type { ContentClient, PageVersion } from './contentClient';
import type { DraftStore } from './drafts';
import { pageKeyId } from '../../core/store';
import { pendingSaveOf, type Outbox, type OutboxEntry, type SendOutcome } from './outbox';
import { pageWith, saveWithMerge, type MergingSaveService } from './mergingSave';
import type { PageCache } from './pageCache';

/**
 * Team mode's saves (issue 13): straight to the server while it answers, else into the outbox, which is sent
 * in order once it answers again (conflicts and acknowledgements pushed to the editor); and the cache of the
 * pages this desktop opened or saved, for opening them offline.
 */

export type SaveAnswer =
  { status: 'saved'; version: VersionSummary } | { status: 'queued'; pending: PendingSave; message: string };

/** The team server in force. */
export interface SyncServer {
  url: string;
  /** Its content client; answers and failures update Online/Offline. */
  client: ContentClient;
  /** The same without that: a flush says itself what it learnt of the connection. */
  rawClient: ContentClient;
}

export interface OutboxSyncOptions {
  outbox: Outbox;
  pageCache: PageCache;
  drafts: DraftStore;
  now: () => Date;
  log: (message: string) => void;
  emit(event: TeamEvent): void;
  /** pendingCount() changed (the status shows it). */
  onPendingCountChanged(): void;
  /** Null when signed out. */
  server(): SyncServer | null;
  /** The server did not answer lately: saves go to the outbox without trying. */
  offline(): boolean;
  /** What a flush learnt: the server answered everything, or it stopped answering. */
  reached(): void;
  unreachable(reason: string): void;
}

export interface OutboxSync {
  save(key: PageKey, page: PageContent, baseHash: string | null, saveId: string): Promise<SaveAnswer>;
  /** Sends the outbox in order while the server answers. */
  flush(): Promise<void>;
  pending(): Promise<PendingSave[]>;
  /** How many saves wait, as last counted. */
  pendingCount(): number;
  entry(id: string): Promise<OutboxEntry>;
  discard(id: string): Promise<PendingSave[]>;
  /** A save that met a conflict, settled by a person: its document and base replaced, and sent again. */
  resolve(id: string, document: MergeDocument, theirsHash: string): Promise<PendingSave[]>;
  /** Remembers a page opened from the server, for opening it offline. */
  cachePage(key: PageKey, page: Pick<PageVersion, 'content' | 'version'>): Promise<void>;
  /**
   * The page as it was at `hash`, from this computer, for the base of a merge: the cached page, or the document
   * of the page's last pending save that landed merged (its hash never became a version; the page's next
   * pending save and a draft kept with it are based on it). Null when neither is that version.
   */
  localCopy(key: PageKey, hash: string): Promise<PageContent | null>;
}

const SIGN_IN_FIRST = 'Sign in to a team server first (Settings → Team server).';
const NOT_IN_OUTBOX = 'This pending save is no longer in the outbox.';

export function createOutboxSync(options: OutboxSyncOptions): OutboxSync {
  const { outbox, pageCache, drafts } = options;
  let pendingCount = 0;
  /** Per page (pageKeyId): the last pending save that landed merged, as it was queued (see localCopy). */
  const landedMerged = new Map<string, PageContent>();

  const localCopy = async (key: PageKey, hash: string): Promise<PageContent | null> => {
    const cached = await pageCache.get(key);
    if (cached?.version.hash === hash) return cached.content;
    const queued = landedMerged.get(pageKeyId(key));
    return queued?.hash === hash ? queued : null;
  };

  const pending = async (): Promise<PendingSave[]> => (await outbox.list()).map(pendingSaveOf);
  const pushOutbox = async (): Promise<PendingSave[]> => {
    const now = await pending();
    options.emit({ type: 'outbox', pending: now });
    if (now.length !== pendingCount) {
      pendingCount = now.length;
      options.onPendingCountChanged();
    }
    return now;
  };

  /**
   * The draft kept clean with a queued save follows its document when a person settles it, so the page opens
   * as it will be saved and the acknowledgement finds it done.
   */
  const followQueuedDraft = async (entry: OutboxEntry, content: PageContent): Promise<void> => {
    const draft = await drafts.get(bookmarkFor(entry.key));
    if (!draft || draft.baseHash !== entry.hash || isDirty(draft)) return;
    const meta = metaFromPage(content);
    await drafts.put({
      ...draft,
      meta,
      components: content.content,
      baseHash: content.hash,
      cleanHash: documentHash(meta, content.content),
      updatedAt: options.now().toISOString(),
    });
  };

  const cacheSaved = (key: PageKey, page: PageContent, version: VersionSummary): Promise<void> =>
    pageCache.put({ key, content: { ...page, author: version.author, timestamp: version.timestamp }, version });

  const requireServer = (): SyncServer => {
    const server = options.server();
    if (!server) throw new StudioError('forbidden', SIGN_IN_FIRST);
    return server;
  };

  /**
   * A pending save replayed as the editor's saves are made: merged with a newer version it meets. Its sends
   * never queue: an unreachable server throws, and the flush stops there.
   */
  const replay = async (client: ContentClient, entry: OutboxEntry): Promise<SendOutcome> => {
    const service: MergingSaveService = {
      send: async (_key, page, baseHash, saveId) => ({
        status: 'saved',
        ...(await client.saveContentReceipt(page, baseHash, saveId)),
      }),
      loadPage: (key) => client.loadPage(key),
      listVersions: (key) => client.listVersions(key),
      loadVersion: (key, version) => client.loadVersion(key, version),
      localCopy,
    };
    const answer = await saveWithMerge(service, {
      key: entry.key,
      page: entry.content,
      baseHash: entry.baseHash,
      saveId: entry.saveId,
    });
    switch (answer.status) {
      case 'saved':
        return {
          kind: 'saved',
          version: answer.version,
          repeated: answer.repeated,
          content: answer.page,
          merged: answer.merged,
        };
      case 'conflicts':
        return { kind: 'conflicts', merge: answer.merge };
      case 'still-changing':
        return { kind: 'still-changing', message: answer.message };
    }
  };

  async function flush(): Promise<void> {
    const server = options.server();
    if (!server || options.offline()) return;
    const result = await outbox
      .flush(
        (entry) => replay(server.rawClient, entry),
        {
          saved: async (entry, { version, repeated, content, merged }) => {
            await cacheSaved(entry.key, content, version);
            if (merged) landedMerged.set(pageKeyId(entry.key), entry.content);
            // The draft kept with the queued save has done its job, unless it was edited since or more saves wait.
            const draft = await drafts.get(bookmarkFor(entry.key));
            const moreForPage = (await outbox.list()).some((other) => pageKeyId(other.key) === pageKeyId(entry.key));
            if (draft && draft.baseHash === entry.hash && !isDirty(draft) && !moreForPage)
              await drafts.remove(draft.bookmark);
            options.emit({ type: 'pendingSaved', pending: pendingSaveOf(entry), version, repeated, merged });
            await pushOutbox();
          },
          conflict: async (entry, latest, merge) => {
            options.emit({ type: 'pendingConflict', pending: pendingSaveOf(entry), latest, merge });
            await pushOutbox();
          },
          refused: async () => {
            await pushOutbox();
          },
          stillChanging: async () => {
            await pushOutbox();
          },
        },
        (entry) => entry.serverUrl === null || entry.serverUrl === options.server()?.url,
      )
      .catch((error: unknown) => {
        options.log(`sending the outbox failed: ${errorMessage(error)}`);
        return null;
      });
    if (result?.kind === 'offline' && options.server()?.rawClient === server.rawClient) {
      options.unreachable(result.error.message);
    } else if (result?.kind === 'done') {
      options.reached();
    }
  }

  // The status' count from the start.
  void pending().then((now) => {
    pendingCount = now.length;
  });

  return {
    async save(key, page, baseHash, saveId) {
      const server = requireServer();
      const waiting = (await outbox.list()).some((entry) => pageKeyId(entry.key) === pageKeyId(key));
      if (!options.offline() && !waiting) {
        try {
          const { version } = await server.client.saveContentReceipt(page, baseHash, saveId);
          await cacheSaved(key, page, version);
          return { status: 'saved', version };
        } catch (error) {
          // Only an unreachable server queues the save; a conflict or a refusal is the editor's to see now.
          if (!(error instanceof StudioError && error.code === 'unavailable')) throw error;
        }
      }
      const entry = await outbox.add({
        key,
        content: page,
        baseHash,
        saveId,
        queuedAt: options.now(),
        serverUrl: server.url,
      });
      await pushOutbox();
      if (!options.offline()) void flush();
      return { status: 'queued', pending: pendingSaveOf(entry), message: QUEUED_SAVE_MESSAGE };
    },

    flush,
    pending,
    pendingCount: () => pendingCount,

    async entry(id) {
      const entry = await outbox.get(id);
      if (!entry) throw new StudioError('not-found', NOT_IN_OUTBOX);
      return entry;
    },

    async discard(id) {
      await outbox.remove(id);
      return pushOutbox();
    },

    async resolve(id, document, theirsHash) {
      const entry = await outbox.get(id);
      if (!entry) throw new StudioError('not-found', NOT_IN_OUTBOX);
      if (entry.state === 'waiting')
        throw new StudioError('invalid-input', 'This pending save has met no conflict; it is sent as it is.');
      const content = pageWith(entry.content, document);
      // A new document, so a new save id; the old one was never applied (its save met the conflict).
      await outbox.update(id, {
        state: 'waiting',
        problem: null,
        latest: null,
        merge: null,
        baseHash: theirsHash,
        content,
        hash: content.hash,
        saveId: randomUUID(),
      });
      await followQueuedDraft(entry, content);
      await flush();
      return pushOutbox();
    },

    cachePage: (key, page) => pageCache.put({ key, content: page.content, version: page.version }),
    localCopy,
  };
}
