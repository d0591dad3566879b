import { StudioError } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import type { TeamConnectionProblem, TeamEvent, TeamStatus } from '../../core/team';
import { createOutboxSync, type SaveAnswer } from './outboxSync';
import { signInError, testTeamConnection } from './teamConnection';
import {
  companyServer,
  createCompanySignIns,
  readSignIn,
  rememberSignIn,
  rememberIdentity,
  storedIdentity,
  UNCONFIRMED,
  type TeamIdentity,
  type SessionKeeper,
  type StoredSignIn,
} from './teamSignIn';
import { openConnection, type Connection } from './teamLink';
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

import type { TeamService, TeamServiceOptions } from './teamServiceTypes';

export type { TeamForm, TeamService, TeamServiceOptions } from './teamServiceTypes';

export function createTeamService(options: TeamServiceOptions): TeamService {
  const { store, secrets } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message) => console.warn(`team: ${message}`));
  const listeners = new Set<(event: TeamEvent) => void>();

  let current: Connection | null = null;
  /** Who GET /me says the sign-in is, and what they may do (issue 22); as kept until the server answers. */
  let confirmed: TeamIdentity = UNCONFIRMED;
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
      user: current ? confirmed.user : null,
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

  const translator = createStreamTranslator({ emit, me: () => confirmed.user, onResync: online.reached });

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

  /**
   * GET /me for this connection: the user and what they may do are kept (a change is pushed: the editor reads
   * the permissions again), unless another sign-in replaced it meanwhile. Answers the problem, or null.
   */
  const askWhoAmI = async (asked: Connection): Promise<TeamConnectionProblem | null> => {
    const answer = await testTeamConnection(asked.server, { allowInsecureHttp: true });
    if (current !== asked || answer.problem) return answer.problem;
    const next = { user: answer.user, permissions: answer.permissions };
    const changed = JSON.stringify(next) !== JSON.stringify(confirmed);
    confirmed = next;
    rememberIdentity(store, asked.server, next, asked.session ? 'company' : 'token');
    if (changed) pushStatus();
    return null;
  };

  const connect = (server: Connection['server'], known: TeamIdentity, session: SessionKeeper | null = null): void => {
    confirmed = known;
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
    if (stored.kind === 'token') return connect({ ...server, token: stored.token }, stored);
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
    connect(company.server, stored, company.keeper);
  };

  /** Signs in once the server named the user the token is for: kept, connected, and the status answered. */
  const signInWith = async (signIn: StoredSignIn, token: string): Promise<TeamStatus> => {
    const answer = await testTeamConnection({ url: signIn.url, token }, signIn);
    if (answer.problem) throw signInError(answer.problem);
    await disconnect();
    const kept = { ...signIn, user: answer.user, permissions: answer.permissions };
    rememberSignIn(store, secrets, kept);
    connectStored(kept);
    online.reached();
    return status();
  };

  // Start: the session's server (browser host), or the stored sign-in with its token or company session.
  const stored = readSignIn(store, secrets);
  if (options.sessionServer) {
    const { url, token } = options.sessionServer;
    connect({ url, token, allowInsecureHttp: true }, storedIdentity(store, url));
  } else if (stored) connectStored(stored);

  return {
    active: () => current !== null,
    user: () => (current ? confirmed.user : null),
    permissions: () =>
      current && confirmed.permissions
        ? { mode: 'granted', permissions: confirmed.permissions }
        : { mode: 'everything' },
    serverUrl: () => current?.server.url ?? null,
    client: () => requireConnection().client,
    status,
    retryNow() {
      current?.stream.retryNow();
      online.probeNow();
      return status();
    },
    presence: translator.others,
    pageCache: options.pageCache,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveMovedHere: (entry) => emit({ ...entry, type: 'live' }),

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

    signIn: ({ url, token, allowInsecureHttp }) =>
      signInWith({ url, allowInsecureHttp, ...UNCONFIRMED, kind: 'token', token }, token),

    startCompanySignIn: (server) => companySignIns.start(server),

    async finishCompanySignIn() {
      const { server, session } = await companySignIns.finish();
      return signInWith({ ...server, ...UNCONFIRMED, kind: 'company', session }, session.accessToken);
    },

    async signOut() {
      await disconnect();
      rememberSignIn(store, secrets, null);
      current = null;
      confirmed = UNCONFIRMED;
      online.note({ type: 'signedOut' });
      pushStatus();
      translator.push();
      return status();
    },

    save: (key, page, baseHash, saveId) => sync.save(key, page, baseHash, saveId),
    pendingSaves: sync.pending,
    pendingEntry: sync.entry,
    discardPending: sync.discard,
    resolvePending: sync.resolve,
    pageOpened: (key) => current?.presence.opened(key),
    pageClosed: (key) => current?.presence.closed(key),
    pageFocus: (key, focus) => current?.presence.focused(key, focus),
    cachePage: sync.cachePage,
    localCopy: sync.localCopy,
    close: () => {
      companySignIns.cancel('The app is closing.');
      return disconnect();
    },
  };
}
