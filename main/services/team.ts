import type { BackoffPolicy } from '../../core/rules/backoff';
import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import type { PageContent, PageKey } from '../../core/schemas';
import type { PendingSave, PresenceEntry, TeamConnectionProblem, TeamEvent, TeamStatus } from '../../core/team';
import type { ContentClient } from './contentClient';
import type { DraftStore } from './drafts';
import type { Outbox, OutboxEntry } from './outbox';
import { createOutboxSync, type OutboxSync, type SaveAnswer } from './outboxSync';
import type { PageCache } from './pageCache';
import type { KeyValueStore, SecretStore } from './stores';
import { signInError, testTeamConnection, type TeamServer } from './teamConnection';
import {
  companyServer,
  createCompanySignIns,
  readSignIn,
  rememberSignIn,
  rememberUser,
  storedUser,
  type TeamAddress,
  type SessionKeeper,
  type SessionKeeperOptions,
  type StoredSignIn,
} from './teamSignIn';
import { openConnection, type Connection, type ConnectionOptions } from './teamLink';
import { createTeamOnline } from './teamOnline';
import { createStreamTranslator } from './teamStream';

export type { SaveAnswer };

/**
 * Team mode (issue 13), all in main: the sign-in (URL in settings, token in the SecretStore), and for the
 * server in force its content client, the event stream (teamStream.ts), presence (teamPresence.ts) and the
 * outbox with the cache of opened pages (outboxSync.ts), with Online/Offline (teamOnline.ts) pushed to the
 * editor (TeamEvent). Signed out, it stays out of the way.
 */

export { TEAM_TOKEN_SECRET } from './teamSignIn';

export type TeamForm = TeamAddress & { token: string };

/** stream, client, presenceHeartbeatMs: the connection's timings (teamLink.ts), shortened by tests. */
export interface TeamServiceOptions extends Pick<ConnectionOptions, 'stream' | 'client' | 'presenceHeartbeatMs'> {
  store: KeyValueStore;
  secrets: SecretStore;
  drafts: DraftStore;
  outbox: Outbox;
  pageCache: PageCache;
  now?: () => Date;
  /** The browser host's --server/--token-file: this server and token for the session, kept in memory only. */
  sessionServer?: TeamServer;
  /** Re-checking a server that failed a call while its stream stayed open. */
  probeBackoff?: BackoffPolicy;
  /** Opens the identity provider's page in the system browser (Electron's shell); without it the editor opens it. */
  openInBrowser?: (url: string) => Promise<void>;
  /** The company sign-in's refresh timing, shortened by tests. */
  companySession?: Pick<SessionKeeperOptions, 'refreshDelayMs' | 'retryBackoff'>;
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
  /** Company sign-in: the provider's page (opened in the system browser if possible), then waiting for its return. */
  startCompanySignIn(server: TeamAddress): Promise<{ authorizationUrl: string; openedInBrowser: boolean }>;
  finishCompanySignIn(): Promise<TeamStatus>;
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

export function createTeamService(options: TeamServiceOptions): TeamService {
  const { store, secrets } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`team: ${message}`));
  const listeners = new Set<(event: TeamEvent) => void>();

  let current: Connection | null = null;
  let confirmedUser: string | null = null;
  /** Why the company session ended (its refresh was refused); null while signed in. */
  let signedOut: string | null = null;
  const companySignIns = createCompanySignIns({ openInBrowser: options.openInBrowser, now: () => now().getTime() });

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
      user: current ? confirmedUser : null,
      connection: current ? connection.connection : 'online',
      lastContact: connection.lastContact,
      offlineReason: current ? connection.offlineReason : null,
      nextAttemptAt: current ? connection.nextAttemptAt : null,
      pendingSaves: sync.pendingCount(),
      tokenPersists: current !== null && !options.sessionServer && secrets.persists(),
      signedOut: current ? signedOut : null,
    };
  };
  const pushStatus = (): void => emit({ type: 'status', status: status() });

  const online = createTeamOnline({
    now,
    probeBackoff: options.probeBackoff ?? { initialMs: 2_000, maxMs: 60_000 },
    probe: async () => {
      const probed = current;
      if (!probed) return undefined;
      const answer = await testTeamConnection(probed.server, { allowInsecureHttp: true });
      return current === probed ? (answer.problem?.message ?? null) : undefined;
    },
    onStatusChanged: () => pushStatus(),
    onCameOnline: () => {
      current?.presence.resend();
      void sync.flush();
    },
  });

  const translator = createStreamTranslator({ emit, me: () => confirmedUser, onResync: online.reached });

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
    leaving.session?.stop();
    leaving.stream.stop();
    // Best effort: the server forgets the page after 30 s anyway.
    await Promise.race([leaving.presence.closeAll(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    translator.clear();
  };

  const connect = (server: Connection['server'], user: string | null, session: SessionKeeper | null = null): void => {
    confirmedUser = user;
    signedOut = null;
    const next = openConnection(server, session, {
      ...options,
      online,
      translator,
      emit,
      log,
      isCurrent: (connection) => current === connection,
    });
    current = next;
    online.note({ type: 'signedIn' });
    pushStatus();
  };

  const requireConnection = (): Connection => {
    if (!current) throw new StudioError('forbidden', 'Sign in to a team server first (Settings → Team server).');
    return current;
  };

  // A company session is over when the provider refuses a refresh: no stream or presence, offline with the
  // reason, saves go to the outbox; drafts and the outbox stay until the next sign-in.
  const connectStored = (stored: StoredSignIn): void => {
    const server = { url: stored.url, allowInsecureHttp: stored.allowInsecureHttp };
    if (stored.kind === 'token') return connect({ ...server, token: stored.token }, stored.user);
    const company = companyServer(server, stored.session, {
      ...options.companySession,
      ...{ secrets, log, now: () => now().getTime() },
      onRefused: (reason) => {
        if (current?.session !== company.keeper) return;
        signedOut = reason;
        current.stream.stop();
        void current.presence.closeAll();
        online.sessionEnded(`Signed out: ${reason}`);
      },
    });
    connect(company.server, stored.user, company.keeper);
  };

  /** Signs in once the server named the user the token is for: kept, connected, and the status answered. */
  const signInWith = async (signIn: StoredSignIn, token: string): Promise<TeamStatus> => {
    const answer = await testTeamConnection({ url: signIn.url, token }, signIn);
    if (answer.problem) throw signInError(answer.problem);
    await disconnect();
    const kept = { ...signIn, user: answer.user };
    rememberSignIn(store, secrets, kept);
    connectStored(kept);
    online.reached();
    return status();
  };

  // Start: the session's server (browser host), or the stored sign-in with its token or company session.
  const stored = readSignIn(store, secrets);
  if (options.sessionServer) {
    const { url, token } = options.sessionServer;
    connect({ url, token, allowInsecureHttp: true }, storedUser(store, url));
  } else if (stored) connectStored(stored);

  return {
    active: () => current !== null,
    user: () => (current ? confirmedUser : null),
    serverUrl: () => current?.server.url ?? null,
    client: () => requireConnection().client,
    status,
    presence: translator.others,
    pageCache: options.pageCache,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    test: async ({ url, token, allowInsecureHttp }) => testTeamConnection({ url, token }, { allowInsecureHttp }),

    async confirmUser() {
      const asked = requireConnection();
      const answer = await testTeamConnection(asked.server, { allowInsecureHttp: true });
      if (current !== asked) return answer.problem;
      if (answer.problem) {
        online.unreachable(answer.problem.message);
        return answer.problem;
      }
      confirmedUser = answer.user;
      rememberUser(store, asked.server, answer.user, asked.session ? 'company' : 'token');
      online.reached();
      pushStatus();
      return null;
    },

    signIn: ({ url, token, allowInsecureHttp }) =>
      signInWith({ url, allowInsecureHttp, user: null, kind: 'token', token }, token),

    startCompanySignIn: (server) => companySignIns.start(server),

    async finishCompanySignIn() {
      const { server, session } = await companySignIns.finish();
      return signInWith({ ...server, user: null, kind: 'company', session }, session.accessToken);
    },

    async signOut() {
      await disconnect();
      rememberSignIn(store, secrets, null);
      current = null;
      confirmedUser = null;
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
    close: () => {
      companySignIns.cancel('The app is closing.');
      return disconnect();
    },
  };
}
