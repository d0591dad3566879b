import { z } from 'zod';
import { PermissionsSchema, type Permissions } from '../../core/permissions';
import { backoffDelay, type BackoffPolicy } from '../../core/rules/backoff';
import { errorMessage } from '../../core/rules/errorMessage';
import { refreshDelayMs } from '../../core/rules/tokenRefresh';
import { StudioError } from '../../core/result';
import {
  askHowToSignIn,
  beginCompanySignIn,
  CompanySessionSchema,
  refreshCompanySession,
  SessionRefusedError,
  type CompanySession,
  type PendingSignIn,
} from './companySignIn';
import type { KeyValueStore, SecretStore } from './stores';
import type { TeamServer } from './teamConnection';

/**
 * The team service's sign-ins: what is kept of them (the address in settings; the API token or the company
 * session in the SecretStore), and company sign-in (issue 22 §3): the sign-in under way, and its access token
 * refreshed before it expires.
 */

export const TEAM_TOKEN_SECRET = 'teamToken';
/** A company sign-in's tokens (CompanySessionSchema, as JSON), kept in the SecretStore like the API token. */
export const TEAM_COMPANY_SESSION_SECRET = 'teamCompanySession';
const SETTINGS_KEY = 'teamServer';

/** What is kept in settings about the team server; the token or the company session is in the SecretStore. */
const StoredTeamSchema = z.object({
  url: z.string(),
  allowInsecureHttp: z.boolean().default(false),
  user: z.string().nullable().default(null),
  /** What the server said the user may do (issue 22), shown from the start until it answers again. */
  permissions: PermissionsSchema.nullable().default(null),
  /** How this desktop signs in: an API token, or the company account (issue 22 §3). */
  signIn: z.enum(['token', 'company']).default('token'),
});
type SignInKind = z.infer<typeof StoredTeamSchema>['signIn'];

/** A team server's address (allowInsecureHttp: the user's consent for plain http to it). */
export interface TeamAddress {
  url: string;
  allowInsecureHttp: boolean;
}

/** Who the server last said the sign-in is (GET /me), and what they may do; nulls until it has answered. */
export interface TeamIdentity {
  user: string | null;
  permissions: Permissions | null;
}

export const UNCONFIRMED: TeamIdentity = { user: null, permissions: null };

/** How this desktop is signed in, as kept: the server, its user, and the API token or the company session. */
export type StoredSignIn = TeamAddress &
  TeamIdentity &
  ({ kind: 'token'; token: string } | { kind: 'company'; session: CompanySession });

export function readSignIn(store: KeyValueStore, secrets: SecretStore): StoredSignIn | null {
  const parsed = StoredTeamSchema.safeParse(store.get(SETTINGS_KEY));
  if (!parsed.success) return null;
  const { url, allowInsecureHttp, user, permissions, signIn } = parsed.data;
  if (signIn === 'company') {
    const session = storedCompanySession(secrets);
    return session && { url, allowInsecureHttp, user, permissions, kind: 'company', session };
  }
  const token = secrets.getSecret(TEAM_TOKEN_SECRET);
  return token ? { url, allowInsecureHttp, user, permissions, kind: 'token', token } : null;
}

/** The identity last confirmed for this server, when the kept sign-in is for it. */
export function storedIdentity(store: KeyValueStore, url: string): TeamIdentity {
  const parsed = StoredTeamSchema.safeParse(store.get(SETTINGS_KEY));
  if (!parsed.success || parsed.data.url !== url) return UNCONFIRMED;
  return { user: parsed.data.user, permissions: parsed.data.permissions };
}

/** Remembers the server and the identity it confirmed (the token's kind, not the token: see rememberSignIn). */
export function rememberIdentity(
  store: KeyValueStore,
  server: TeamAddress,
  identity: TeamIdentity,
  signIn: SignInKind,
): void {
  store.set(SETTINGS_KEY, {
    url: server.url,
    allowInsecureHttp: server.allowInsecureHttp,
    user: identity.user,
    permissions: identity.permissions,
    signIn,
  } satisfies z.input<typeof StoredTeamSchema>);
}

/** Keeps a sign-in (and forgets the other kind's secret); null forgets both secrets and keeps the address. */
export function rememberSignIn(store: KeyValueStore, secrets: SecretStore, signIn: StoredSignIn | null): void {
  secrets.setSecret(TEAM_TOKEN_SECRET, signIn?.kind === 'token' ? signIn.token : null);
  storeCompanySession(secrets, signIn?.kind === 'company' ? signIn.session : null);
  if (signIn?.user) rememberIdentity(store, signIn, signIn, signIn.kind);
}

/** The company session kept in the SecretStore, or null when there is none or it cannot be read. */
function storedCompanySession(secrets: SecretStore): CompanySession | null {
  const text = secrets.getSecret(TEAM_COMPANY_SESSION_SECRET);
  if (!text) return null;
  try {
    const parsed = CompanySessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function storeCompanySession(secrets: SecretStore, session: CompanySession | null): void {
  secrets.setSecret(TEAM_COMPANY_SESSION_SECRET, session && JSON.stringify(session));
}

export interface CompanySignIns {
  /** Asks the server how to sign in and starts the flow: the identity provider's page, opened when possible. */
  start(server: TeamAddress): Promise<{ authorizationUrl: string; openedInBrowser: boolean }>;
  /** The sign-in started last, once the browser came back with it: its server and tokens. */
  finish(): Promise<{ server: TeamAddress; session: CompanySession }>;
  cancel(reason: string): void;
}

export function createCompanySignIns(options: {
  /** Opens a page in the system browser (Electron's shell); without it the editor opens it. */
  openInBrowser?: (url: string) => Promise<void>;
  now: () => number;
}): CompanySignIns {
  let pending: (PendingSignIn & { server: TeamAddress }) | null = null;
  return {
    async start(server) {
      const signIn = await askHowToSignIn(server.url, server.allowInsecureHttp);
      const started = await beginCompanySignIn(signIn, { now: options.now });
      pending?.cancel('Another sign-in was started.');
      pending = { ...started, server };
      if (options.openInBrowser) await options.openInBrowser(started.authorizationUrl);
      return { authorizationUrl: started.authorizationUrl, openedInBrowser: options.openInBrowser !== undefined };
    },
    async finish() {
      const waiting = pending;
      if (!waiting) throw new StudioError('not-found', 'No company sign-in is under way: start it again.');
      const session = await waiting.finished.finally(() => {
        if (pending === waiting) pending = null;
      });
      return { server: waiting.server, session };
    },
    cancel: (reason) => pending?.cancel(reason),
  };
}

export interface SessionKeeperOptions {
  session: CompanySession;
  refresh(session: CompanySession): Promise<CompanySession>;
  /** A new token: keep it (secret store). */
  onRefreshed(session: CompanySession): void;
  /** The provider refused: the session is over, with this reason. */
  onRefused(reason: string): void;
  /** A refresh that could not reach the provider is tried again with this backoff. */
  retryBackoff?: BackoffPolicy;
  now?: () => number;
  /** When the session's token is refreshed (core/rules/tokenRefresh.ts); tests shorten it. */
  refreshDelayMs?: typeof refreshDelayMs;
  log?: (message: string) => void;
}

export interface SessionKeeper {
  /** The session's newest tokens. */
  current(): CompanySession;
  /** Calls the listener after each refresh (answers an unsubscribe). */
  onRenewed(listener: () => void): () => void;
  stop(): void;
}

/** Refreshes the session's access token before it expires, for as long as the provider agrees. */
export function keepSessionFresh(options: SessionKeeperOptions): SessionKeeper {
  const now = options.now ?? Date.now;
  const delayOf = options.refreshDelayMs ?? refreshDelayMs;
  const backoff = options.retryBackoff ?? { initialMs: 2_000, maxMs: 60_000 };
  let session = options.session;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failures = 0;
  const renewedListeners = new Set<() => void>();

  const schedule = (delay: number): void => {
    timer = setTimeout(() => void refreshNow(), delay);
    timer.unref?.();
  };
  const refreshNow = async (): Promise<void> => {
    try {
      const renewed = await options.refresh(session);
      if (stopped) return;
      session = renewed;
      failures = 0;
      options.onRefreshed(renewed);
      for (const listener of renewedListeners) listener();
      schedule(delayOf(renewed.obtainedAt, renewed.expiresAt, now()));
    } catch (error) {
      if (stopped) return;
      if (error instanceof SessionRefusedError) {
        stopped = true;
        options.onRefused(error.message);
        return;
      }
      options.log?.(`the sign-in could not be renewed now: ${errorMessage(error)}`);
      schedule(backoffDelay(failures++, backoff));
    }
  };
  schedule(delayOf(session.obtainedAt, session.expiresAt, now()));

  return {
    current: () => session,
    onRenewed(listener) {
      renewedListeners.add(listener);
      return () => renewedListeners.delete(listener);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * A company session's server and the keeper of its tokens: the token is read at every request, so a refreshed
 * one is used from then on, and each new one is kept in the SecretStore. onRefused: the provider refused to
 * renew the session, which is over.
 */
export function companyServer(
  server: TeamAddress,
  session: CompanySession,
  options: Pick<SessionKeeperOptions, 'refreshDelayMs' | 'retryBackoff' | 'onRefused' | 'log' | 'now'> & {
    secrets: SecretStore;
  },
): { server: TeamServer & TeamAddress; keeper: SessionKeeper } {
  const keeper = keepSessionFresh({
    ...options,
    session,
    refresh: (expiring) => refreshCompanySession(expiring, options.now),
    onRefreshed: (renewed) => storeCompanySession(options.secrets, renewed),
  });
  return {
    server: {
      ...server,
      get token() {
        return keeper.current().accessToken;
      },
    },
    keeper,
  };
}
