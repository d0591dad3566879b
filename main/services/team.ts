import { z } from 'zod';
import { backoffDelay, type BackoffPolicy } from '../../core/rules/backoff';
import { StudioError, type StudioErrorCode } from '../../core/result';
import { bookmarkFor, isDirty } from '../../core/rules/page';
import { PageKeySchema, type PageContent, type PageKey, type VersionSummary } from '../../core/schemas';
import {
  QUEUED_SAVE_MESSAGE,
  type PendingSave,
  type PresenceEntry,
  type TeamConnectionProblem,
  type TeamEvent,
  type TeamStatus,
} from '../../core/team';
import { pageKeyId } from '../../core/store';
import { SavedEventSchema } from '../../core/teamProtocol';
import { createContentClient, type ContentClient, type ContentClientOptions, type PageVersion } from './contentClient';
import { createServiceHttp, describeRouteFailure } from './http';
import type { DraftStore } from './drafts';
import { pendingSaveOf, type Outbox, type OutboxEntry } from './outbox';
import type { PageCache } from './pageCache';
import type { KeyValueStore, SecretStore } from './stores';
import { bearer, teamRoute, testTeamConnection, type TeamServer } from './teamConnection';
import { startTeamEventStream, type TeamEventStream, type TeamEventStreamOptions } from './teamEvents';
import { createPresenceReporter, type PresenceReporter } from './teamPresence';
import { errorMessage } from '../../core/rules/errorMessage';

/**
 * Team mode (issue 13), all in main: the sign-in (URL in settings, token in the SecretStore), the team's
 * content client, the event stream, presence, the outbox and the cache of opened pages, and the live state
 * pushed to the editor (TeamEvent). Signed out, it stays out of the way: saves go to the embedded store.
 */

export const TEAM_TOKEN_SECRET = 'teamToken';
const SETTINGS_KEY = 'teamServer';

/** What is kept in settings about the team server; the token is in the SecretStore. */
const StoredTeamSchema = z.object({
  url: z.string(),
  allowInsecureHttp: z.boolean().default(false),
  user: z.string().nullable().default(null),
});
type StoredTeam = z.infer<typeof StoredTeamSchema>;

export type SaveAnswer =
  { status: 'saved'; version: VersionSummary } | { status: 'queued'; pending: PendingSave; message: string };

export interface TeamForm {
  url: string;
  token: string;
  allowInsecureHttp: boolean;
}

export interface TeamServiceOptions {
  store: KeyValueStore;
  secrets: SecretStore;
  drafts: DraftStore;
  outbox: Outbox;
  pageCache: PageCache;
  now?: () => Date;
  /** The browser host's --server/--token-file: this server and token for the session, kept in memory only. */
  sessionServer?: TeamServer;
  stream?: Pick<TeamEventStreamOptions, 'backoff' | 'stableAfterMs' | 'idleTimeoutMs' | 'random'>;
  /** Re-checking a server that failed a call while its stream stayed open. */
  probeBackoff?: BackoffPolicy;
  presenceHeartbeatMs?: number;
  client?: ContentClientOptions;
  log?: (message: string) => void;
}

export interface TeamService {
  /** Signed in to a team server (with a token): saves go there. */
  active(): boolean;
  /** The server's user for the token, as last confirmed; null signed out. */
  user(): string | null;
  serverUrl(): string | null;
  /** The team's content client; failures and answers update Online/Offline. Only while active(). */
  client(): ContentClient;
  status(): TeamStatus;
  presence(): PresenceEntry[];
  onEvent(listener: (event: TeamEvent) => void): () => void;
  test(form: TeamForm): Promise<{ user: string | null; problem: TeamConnectionProblem | null }>;
  /**
   * Asks the server in force who the token belongs to (GET /me) and remembers it, for a sign-in that did not
   * test first (the browser host's --server/--token-file). The problem, or null once confirmed.
   */
  confirmUser(): Promise<TeamConnectionProblem | null>;
  signIn(form: TeamForm): Promise<TeamStatus>;
  signOut(): Promise<TeamStatus>;
  /** Saves to the server, or into the outbox when it cannot be reached (or earlier saves of the page still wait). */
  save(key: PageKey, page: PageContent, baseHash: string | null, saveId: string): Promise<SaveAnswer>;
  pendingSaves(): Promise<PendingSave[]>;
  pendingEntry(id: string): Promise<OutboxEntry>;
  discardPending(id: string): Promise<PendingSave[]>;
  overwritePending(id: string): Promise<PendingSave[]>;
  pageOpened(key: PageKey): void;
  pageClosed(key: PageKey): void;
  /** Remembers a page opened from the server, for opening it offline. */
  cachePage(key: PageKey, page: PageVersion): Promise<void>;
  pageCache: PageCache;
  close(): Promise<void>;
}

const SIGN_IN_ERROR_CODES: Record<TeamConnectionProblem['reason'], StudioErrorCode> = {
  'invalid-address': 'invalid-input',
  'insecure-http': 'invalid-input',
  unreachable: 'unavailable',
  unavailable: 'unavailable',
  tls: 'unavailable',
  unauthorized: 'unauthorized',
  'not-studio': 'failed',
};

/** Server events' shapes (server/events.ts, server/presence.ts); anything else is ignored. */
const ServerPresenceSchema = z.object({ pageKey: PageKeySchema, user: z.string(), lastSeen: z.string() });
const PresenceSnapshotSchema = z.object({ presence: z.array(ServerPresenceSchema) });
const PresenceChangeSchema = z.object({
  state: z.enum(['open', 'closed']),
  user: z.string(),
  pageKey: PageKeySchema,
  timestamp: z.string(),
});
const ResyncSchema = z.object({ reason: z.string().optional() });

const isOffline = (error: unknown): error is StudioError =>
  error instanceof StudioError && (error.code === 'unavailable' || error.code === 'unauthorized');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createTeamService(options: TeamServiceOptions): TeamService {
  const { store, secrets, drafts, outbox, pageCache } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`team: ${message}`));
  const probeBackoff = options.probeBackoff ?? { initialMs: 2_000, maxMs: 60_000 };
  const listeners = new Set<(event: TeamEvent) => void>();

  /** The server in force and its token: the session's (browser host) or the stored sign-in. */
  let server: (TeamServer & { allowInsecureHttp: boolean }) | null = null;
  let confirmedUser: string | null = null;
  let rawClient: ContentClient | null = null;
  let stream: TeamEventStream | null = null;
  let streamOpen = false;
  let presenceReporter: PresenceReporter | null = null;
  let probeTimer: NodeJS.Timeout | undefined;
  let probeFailures = 0;
  const presence = new Map<string, PresenceEntry>();
  let state: Pick<TeamStatus, 'connection' | 'lastContact' | 'offlineReason' | 'nextAttemptAt' | 'pendingSaves'> = {
    connection: 'online',
    lastContact: null,
    offlineReason: null,
    nextAttemptAt: null,
    pendingSaves: 0,
  };

  const emit = (event: TeamEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log(`a team event listener failed: ${errorMessage(error)}`);
      }
    }
  };

  const stored = (): StoredTeam | null => {
    const parsed = StoredTeamSchema.safeParse(store.get(SETTINGS_KEY));
    return parsed.success ? parsed.data : null;
  };

  const status = (): TeamStatus => ({
    mode: server ? 'team' : 'local',
    serverUrl: server?.url ?? null,
    user: server ? confirmedUser : null,
    ...(server ? state : { ...state, connection: 'online', offlineReason: null, nextAttemptAt: null }),
    tokenPersists: server !== null && !options.sessionServer && secrets.persists(),
  });
  const pushStatus = (): void => emit({ type: 'status', status: status() });

  const others = (): PresenceEntry[] => [...presence.values()].filter((entry) => entry.user !== confirmedUser);
  const pushPresence = (): void => emit({ type: 'presence', presence: others() });

  const pendingNow = async (): Promise<PendingSave[]> => (await outbox.list()).map(pendingSaveOf);
  const pushOutbox = async (): Promise<PendingSave[]> => {
    const pending = await pendingNow();
    emit({ type: 'outbox', pending });
    if (pending.length !== state.pendingSaves) {
      state = { ...state, pendingSaves: pending.length };
      pushStatus();
    }
    return pending;
  };

  const noteContact = (): void => {
    state = { ...state, lastContact: now().toISOString() };
  };

  const markOnline = (): void => {
    noteContact();
    clearTimeout(probeTimer);
    probeFailures = 0;
    if (state.connection === 'online') return;
    state = { ...state, connection: 'online', offlineReason: null, nextAttemptAt: null };
    pushStatus();
    presenceReporter?.resend();
    void flush();
  };

  /** Checks a server that failed a call while its stream stayed open, with backoff, until it answers. */
  const scheduleProbe = (): Date => {
    clearTimeout(probeTimer);
    const delay = backoffDelay(probeFailures++, probeBackoff);
    const current = server;
    probeTimer = setTimeout(() => {
      if (!current || server !== current) return;
      void testTeamConnection(current, { allowInsecureHttp: true }).then((answer) => {
        if (server !== current) return;
        if (answer.user !== null) markOnline();
        else markOffline(answer.problem.message);
      });
    }, delay);
    probeTimer.unref?.();
    return new Date(now().getTime() + delay);
  };

  function markOffline(reason: string, retryAt?: Date): void {
    const nextAttempt = retryAt ?? (streamOpen ? scheduleProbe() : null);
    const changed = state.connection !== 'offline' || state.offlineReason !== reason;
    state = {
      ...state,
      connection: 'offline',
      offlineReason: reason,
      nextAttemptAt: nextAttempt ? nextAttempt.toISOString() : state.nextAttemptAt,
    };
    if (changed || retryAt) pushStatus();
  }

  /** The team client, with every answer and every unreachable failure noted in Online/Offline. */
  const watched = (client: ContentClient): ContentClient => {
    const watch =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          const result = await call(...args);
          markOnline();
          return result;
        } catch (error) {
          if (isOffline(error)) markOffline(error.message);
          else if (error instanceof StudioError && error.code !== 'failed') markOnline();
          throw error;
        }
      };
    return {
      saveContent: watch(client.saveContent),
      saveContentReceipt: watch(client.saveContentReceipt),
      saveBookmark: watch(client.saveBookmark),
      listPages: watch(client.listPages),
      loadPage: watch(client.loadPage),
      listVersions: watch(client.listVersions),
      loadVersion: watch(client.loadVersion),
    };
  };
  let teamClient: ContentClient | null = null;

  const onStreamMessage = (event: string, data: string): void => {
    const json = parseJson(data);
    if (event === 'saved') {
      const saved = SavedEventSchema.safeParse(json);
      if (saved.success) emit(saved.data);
    } else if (event === 'presence-snapshot') {
      const snapshot = PresenceSnapshotSchema.safeParse(json);
      if (!snapshot.success) return;
      presence.clear();
      for (const entry of snapshot.data.presence) presence.set(`${entry.user} ${pageKeyId(entry.pageKey)}`, entry);
      pushPresence();
    } else if (event === 'presence') {
      const change = PresenceChangeSchema.safeParse(json);
      if (!change.success) return;
      const { user, pageKey, timestamp } = change.data;
      const id = `${user} ${pageKeyId(pageKey)}`;
      if (change.data.state === 'open') presence.set(id, { pageKey, user, lastSeen: timestamp });
      else presence.delete(id);
      pushPresence();
    } else if (event === 'resync') {
      // The server lost its database for a while: what it would have announced meanwhile is gone.
      const resync = ResyncSchema.safeParse(json);
      markOnline();
      emit({ type: 'resync', reason: (resync.success && resync.data.reason) || 'The team server asks to list again.' });
    }
  };

  const disconnect = async (sayClosed: boolean): Promise<void> => {
    stream?.stop();
    stream = null;
    streamOpen = false;
    clearTimeout(probeTimer);
    const reporter = presenceReporter;
    presenceReporter = null;
    // Best effort: the server forgets the page after 30 s anyway.
    if (reporter && sayClosed)
      await Promise.race([reporter.closeAll(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    presence.clear();
  };

  const connect = (next: TeamServer & { allowInsecureHttp: boolean }, user: string | null): void => {
    server = next;
    confirmedUser = user;
    rawClient = createContentClient(next.url, { ...options.client, token: next.token });
    teamClient = watched(rawClient);
    state = { ...state, connection: 'connecting', offlineReason: null, nextAttemptAt: null };
    const presenceHttp = createServiceHttp({
      timeoutMs: 5_000,
      // The next heartbeat is the retry.
      retry: false,
      headers: bearer(next.token),
      describe: (failure, route) => describeRouteFailure(`The team server at ${next.url}`, failure, route),
    });
    presenceReporter = createPresenceReporter({
      heartbeatMs: options.presenceHeartbeatMs,
      send: async (pageKey, presenceState) => {
        await presenceHttp.request({
          url: teamRoute(next.url, 'presence'),
          where: '/presence',
          method: 'POST',
          json: { pageKey, state: presenceState },
          schema: z.unknown(),
        });
      },
      // While offline every heartbeat fails, and the header already says so; resend() follows the return.
      onError: (error) => {
        if (server === next && state.connection === 'online') log(`presence not sent: ${errorMessage(error)}`);
      },
    });
    stream = startTeamEventStream({
      ...options.stream,
      server: next,
      onOpen: () => {
        streamOpen = true;
        markOnline();
      },
      onContact: noteContact,
      onDrop: (reason, retryAt) => {
        streamOpen = false;
        markOffline(reason, retryAt);
      },
      onResync: (reason) => emit({ type: 'resync', reason }),
      onMessage: ({ event, data }) => onStreamMessage(event, data),
    });
    pushStatus();
  };

  /** Sends the outbox in order while the server answers; conflicts and acknowledgements are pushed. */
  async function flush(): Promise<void> {
    const client = rawClient;
    if (!client || state.connection === 'offline') return;
    const result = await outbox
      .flush(
        (entry) =>
          client
            .saveContentReceipt(entry.content, entry.baseHash, entry.saveId)
            .then((answer) => ({ kind: 'saved' as const, ...answer })),
        {
          saved: async (entry, version, repeated) => {
            await pageCache.put({
              key: entry.key,
              content: { ...entry.content, author: version.author, timestamp: version.timestamp },
              version,
            });
            // The draft kept with the queued save has done its job, unless it was edited since or more saves wait.
            const draft = await drafts.get(bookmarkFor(entry.key));
            const moreForPage = (await outbox.list()).some((other) => pageKeyId(other.key) === pageKeyId(entry.key));
            if (draft && draft.baseHash === entry.hash && !isDirty(draft) && !moreForPage)
              await drafts.remove(draft.bookmark);
            emit({ type: 'pendingSaved', pending: pendingSaveOf(entry), version, repeated });
            await pushOutbox();
          },
          conflict: async (entry, latest) => {
            emit({ type: 'pendingConflict', pending: pendingSaveOf(entry), latest });
            await pushOutbox();
          },
          refused: async () => {
            await pushOutbox();
          },
        },
        (entry) => entry.serverUrl === null || entry.serverUrl === server?.url,
      )
      .catch((error: unknown) => {
        log(`sending the outbox failed: ${errorMessage(error)}`);
        return null;
      });
    if (result?.kind === 'offline' && client === rawClient) {
      markOffline(result.error.message);
    } else if (result?.kind === 'done') {
      markOnline();
    }
  }

  const requireServer = (): TeamServer & { allowInsecureHttp: boolean } => {
    if (!server) throw new StudioError('forbidden', 'Sign in to a team server first (Settings → Team server).');
    return server;
  };

  // Start: the session's server (browser host), or the stored sign-in with its token.
  const saved = stored();
  const storedToken = secrets.getSecret(TEAM_TOKEN_SECRET);
  if (options.sessionServer) {
    const { url, token } = options.sessionServer;
    connect({ url, token, allowInsecureHttp: true }, saved?.url === url ? saved.user : null);
  } else if (saved && storedToken) {
    connect({ url: saved.url, token: storedToken, allowInsecureHttp: saved.allowInsecureHttp }, saved.user);
  }
  void pendingNow().then((pending) => {
    state = { ...state, pendingSaves: pending.length };
  });

  return {
    active: () => server !== null,
    user: () => (server ? confirmedUser : null),
    serverUrl: () => server?.url ?? null,
    client: () => {
      if (!teamClient) throw new StudioError('forbidden', 'Sign in to a team server first (Settings → Team server).');
      return teamClient;
    },
    status,
    presence: others,
    pageCache,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    test: async ({ url, token, allowInsecureHttp }) => testTeamConnection({ url, token }, { allowInsecureHttp }),

    async confirmUser() {
      const current = requireServer();
      const answer = await testTeamConnection(current, { allowInsecureHttp: true });
      if (server !== current) return answer.problem;
      if (answer.problem) {
        markOffline(answer.problem.message);
        return answer.problem;
      }
      confirmedUser = answer.user;
      store.set(SETTINGS_KEY, {
        url: current.url,
        allowInsecureHttp: current.allowInsecureHttp,
        user: answer.user,
      } satisfies StoredTeam);
      markOnline();
      pushStatus();
      return null;
    },

    async signIn({ url, token, allowInsecureHttp }) {
      const answer = await testTeamConnection({ url, token }, { allowInsecureHttp });
      if (answer.problem) throw new StudioError(SIGN_IN_ERROR_CODES[answer.problem.reason], answer.problem.message);
      await disconnect(true);
      store.set(SETTINGS_KEY, { url, allowInsecureHttp, user: answer.user } satisfies StoredTeam);
      secrets.setSecret(TEAM_TOKEN_SECRET, token);
      connect({ url, token, allowInsecureHttp }, answer.user);
      markOnline();
      return status();
    },

    async signOut() {
      await disconnect(true);
      secrets.setSecret(TEAM_TOKEN_SECRET, null);
      server = null;
      confirmedUser = null;
      rawClient = null;
      teamClient = null;
      pushStatus();
      pushPresence();
      return status();
    },

    async save(key, page, baseHash, saveId) {
      requireServer();
      const client = teamClient!;
      const waiting = (await outbox.list()).some((entry) => pageKeyId(entry.key) === pageKeyId(key));
      if (state.connection !== 'offline' && !waiting) {
        try {
          const { version } = await client.saveContentReceipt(page, baseHash, saveId);
          await pageCache.put({
            key,
            content: { ...page, author: version.author, timestamp: version.timestamp },
            version,
          });
          return { status: 'saved', version };
        } catch (error) {
          // Only an unreachable server queues the save; a conflict or a refusal is the editor's to see now.
          if (!(error instanceof StudioError && error.code === 'unavailable')) throw error;
        }
      }
      const entry = await outbox.add({ key, content: page, baseHash, saveId, queuedAt: now(), serverUrl: server!.url });
      await pushOutbox();
      if (state.connection !== 'offline') void flush();
      return { status: 'queued', pending: pendingSaveOf(entry), message: QUEUED_SAVE_MESSAGE };
    },

    pendingSaves: pendingNow,

    async pendingEntry(id) {
      const entry = await outbox.get(id);
      if (!entry) throw new StudioError('not-found', 'This pending save is no longer in the outbox.');
      return entry;
    },

    async discardPending(id) {
      await outbox.remove(id);
      return pushOutbox();
    },

    async overwritePending(id) {
      const entry = await outbox.get(id);
      if (!entry) throw new StudioError('not-found', 'This pending save is no longer in the outbox.');
      if (entry.state === 'waiting')
        throw new StudioError('invalid-input', 'This pending save has met no conflict; it is sent as it is.');
      let latestHash = entry.latest?.hash;
      if (latestHash === undefined) {
        // The server did not say which version it has: ask it now.
        requireServer();
        latestHash = (await teamClient!.loadPage(entry.key))?.version.hash;
      }
      await outbox.update(id, { state: 'waiting', problem: null, latest: null, baseHash: latestHash ?? null });
      await flush();
      return pushOutbox();
    },

    pageOpened: (key) => presenceReporter?.opened(key),
    pageClosed: (key) => presenceReporter?.closed(key),

    cachePage: (key, page) => pageCache.put({ key, content: page.content, version: page.version }),

    close: () => disconnect(true),
  };
}
