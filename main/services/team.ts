import type { BackoffPolicy } from '../../core/rules/backoff';
import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import type { PageContent, PageKey } from '../../core/schemas';
import type { PendingSave, PresenceEntry, TeamConnectionProblem, TeamEvent, TeamStatus } from '../../core/team';
import { createContentClient, type ContentClient, type ContentClientOptions } from './contentClient';
import type { DraftStore } from './drafts';
import type { Outbox, OutboxEntry } from './outbox';
import { createOutboxSync, type OutboxSync, type SaveAnswer } from './outboxSync';
import type { PageCache } from './pageCache';
import type { KeyValueStore, SecretStore } from './stores';
import { signInError, testTeamConnection, type TeamServer } from './teamConnection';
import { createTeamIdentity, type StoredTeam, type TeamIdentity } from './teamIdentity';
import { startTeamEventStream, type TeamEventStream, type TeamEventStreamOptions } from './teamEvents';
import { createTeamOnline } from './teamOnline';
import { createTeamPresenceReporter, type PresenceReporter } from './teamPresence';
import { createStreamTranslator } from './teamStream';

export type { SaveAnswer };

/**
 * Team mode (issue 13), all in main: the sign-in (URL in settings, token in the SecretStore), and for the
 * server in force its content client, the event stream (teamStream.ts), presence (teamPresence.ts) and the
 * outbox with the cache of opened pages (outboxSync.ts), with Online/Offline (teamOnline.ts) pushed to the
 * editor (TeamEvent). Signed out, it stays out of the way.
 */

export const TEAM_TOKEN_SECRET = 'teamToken';

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
  /** What the user may do (issue 22): 'everything' signed out, or until the server has answered GET /me. */
  permissions(): ReturnType<TeamIdentity['permissions']>;
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
  cachePage: OutboxSync['cachePage'];
  pageCache: PageCache;
  close(): Promise<void>;
}

/** A signed-in server and what runs for it; replaced whole on a new sign-in. */
interface Connection {
  server: TeamServer & { allowInsecureHttp: boolean };
  rawClient: ContentClient;
  client: ContentClient;
  stream: TeamEventStream;
  presence: PresenceReporter;
}

export function createTeamService(options: TeamServiceOptions): TeamService {
  const { store, secrets } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`team: ${message}`));
  const listeners = new Set<(event: TeamEvent) => void>();

  let current: Connection | null = null;
  const identity = createTeamIdentity(store);

  const emit = (event: TeamEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log(`a team event listener failed: ${errorMessage(error)}`);
      }
    }
  };

  const status = (): TeamStatus => {
    const connection = online.state();
    return {
      mode: current ? 'team' : 'local',
      serverUrl: current?.server.url ?? null,
      user: current ? identity.user() : null,
      connection: current ? connection.connection : 'online',
      lastContact: connection.lastContact,
      offlineReason: current ? connection.offlineReason : null,
      nextAttemptAt: current ? connection.nextAttemptAt : null,
      pendingSaves: sync.pendingCount(),
      tokenPersists: current !== null && !options.sessionServer && secrets.persists(),
    };
  };
  const pushStatus = (): void => emit({ type: 'status', status: status() });

  const online = createTeamOnline({
    now,
    probeBackoff: options.probeBackoff ?? { initialMs: 2_000, maxMs: 60_000 },
    probe: async () => {
      const probed = current;
      if (!probed) return undefined;
      const problem = await askWhoAmI(probed);
      return current === probed ? (problem?.message ?? null) : undefined;
    },
    onStatusChanged: () => pushStatus(),
    onCameOnline: () => {
      current?.presence.resend();
      void sync.flush();
      // Grants may have changed while this desktop was away.
      if (current) void askWhoAmI(current);
    },
  });

  const translator = createStreamTranslator({ emit, me: identity.user, onResync: online.reached });

  const sync = createOutboxSync({
    ...options,
    now,
    log,
    emit,
    onPendingCountChanged: pushStatus,
    server: () => current && { url: current.server.url, client: current.client, rawClient: current.rawClient },
    offline: () => online.state().connection === 'offline',
    reached: online.reached,
    unreachable: online.unreachable,
  });

  const disconnect = async (): Promise<void> => {
    const leaving = current;
    online.stopProbe();
    if (!leaving) return;
    leaving.stream.stop();
    // Best effort: the server forgets the page after 30 s anyway.
    await Promise.race([leaving.presence.closeAll(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    translator.clear();
  };

  /**
   * GET /me for this connection: the user and what they may do are kept (a change is pushed: the editor reads
   * the permissions again), unless another sign-in replaced it meanwhile. Answers the problem, or null.
   */
  const askWhoAmI = async (asked: Connection): Promise<TeamConnectionProblem | null> => {
    const answer = await testTeamConnection(asked.server, { allowInsecureHttp: true });
    if (current === asked && !answer.problem && identity.confirm(asked.server, answer.user, answer.permissions))
      pushStatus();
    return answer.problem;
  };

  const connect = (server: Connection['server'], known: Pick<StoredTeam, 'user' | 'permissions'> | null): void => {
    identity.assume(known);
    const rawClient = createContentClient(server.url, { ...options.client, token: server.token });
    const next: Connection = {
      server,
      rawClient,
      client: online.watch(rawClient),
      presence: createTeamPresenceReporter(server, {
        heartbeatMs: options.presenceHeartbeatMs,
        // While offline every heartbeat fails, and the header already says so; resend() follows the return.
        onError: (error) => {
          if (current === next && online.state().connection === 'online')
            log(`presence not sent: ${errorMessage(error)}`);
        },
      }),
      stream: startTeamEventStream({
        ...options.stream,
        server,
        onOpen: online.streamOpened,
        onContact: online.contact,
        onDrop: online.streamDropped,
        onResync: (reason) => emit({ type: 'resync', reason }),
        onMessage: (message) => translator.receive(message),
      }),
    };
    current = next;
    online.note({ type: 'signedIn' });
    pushStatus();
  };

  const requireConnection = (): Connection => {
    if (!current) throw new StudioError('forbidden', 'Sign in to a team server first (Settings → Team server).');
    return current;
  };

  // Start: the session's server (browser host), or the stored sign-in with its token.
  const stored = identity.stored();
  const storedToken = secrets.getSecret(TEAM_TOKEN_SECRET);
  if (options.sessionServer) {
    const { url, token } = options.sessionServer;
    connect({ url, token, allowInsecureHttp: true }, stored?.url === url ? stored : null);
  } else if (stored && storedToken) {
    connect({ url: stored.url, token: storedToken, allowInsecureHttp: stored.allowInsecureHttp }, stored);
  }

  return {
    active: () => current !== null,
    user: () => (current ? identity.user() : null),
    serverUrl: () => current?.server.url ?? null,
    permissions: () => (current ? identity.permissions() : { mode: 'everything' }),
    client: () => requireConnection().client,
    status,
    presence: translator.others,
    pageCache: options.pageCache,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    test: async ({ url, token, allowInsecureHttp }) => {
      const { user, problem } = await testTeamConnection({ url, token }, { allowInsecureHttp });
      return { user, problem };
    },

    async confirmUser() {
      const asked = requireConnection();
      const problem = await askWhoAmI(asked);
      if (current !== asked) return problem;
      if (problem) {
        online.unreachable(problem.message);
        return problem;
      }
      online.reached();
      pushStatus();
      return null;
    },

    async signIn({ url, token, allowInsecureHttp }) {
      const answer = await testTeamConnection({ url, token }, { allowInsecureHttp });
      if (answer.problem) throw signInError(answer.problem);
      await disconnect();
      identity.confirm({ url, allowInsecureHttp }, answer.user, answer.permissions);
      secrets.setSecret(TEAM_TOKEN_SECRET, token);
      connect({ url, token, allowInsecureHttp }, answer);
      online.reached();
      return status();
    },

    async signOut() {
      await disconnect();
      secrets.setSecret(TEAM_TOKEN_SECRET, null);
      current = null;
      identity.assume(null);
      online.note({ type: 'signedOut' });
      pushStatus();
      translator.push();
      return status();
    },

    save: (key, page, baseHash, saveId) => sync.save(key, page, baseHash, saveId),
    pendingSaves: sync.pending,
    pendingEntry: sync.entry,
    discardPending: sync.discard,
    overwritePending: sync.overwrite,
    pageOpened: (key) => current?.presence.opened(key),
    pageClosed: (key) => current?.presence.closed(key),
    cachePage: sync.cachePage,
    close: () => disconnect(),
  };
}
