import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceChannel } from '../../core/channels';
import type { Input, Output } from '../../core/contract';
import { unwrapResult } from '../../core/result';
import { bookmarkFor } from '../../core/rules/page';
import { MIN_REFRESH_DELAY_MS, refreshDelayMs } from '../../core/rules/tokenRefresh';
import { emptyPageMeta } from '../../core/schemas';
import { QUEUED_SAVE_MESSAGE, type TeamEvent } from '../../core/team';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import {
  askHowToSignIn,
  beginCompanySignIn,
  SessionRefusedError,
  type CompanySession,
} from '../../main/services/companySignIn';
import {
  keepSessionFresh,
  TEAM_COMPANY_SESSION_SECRET,
  type SessionKeeperOptions,
} from '../../main/services/teamSignIn';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { signInAtProvider, startTestOidcProvider, type TestOidcProvider } from '../helpers/oidcProvider';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { banner, HOME_KEY, makeTempDir } from './helpers/pages';
import pg from 'pg';
import { EVERYWHERE } from '../../core/permissions';
import { grantRole } from '../../server/access/grants';

/**
 * Company sign-in on the desktop (issue 22 §3): when the access token is refreshed, what a refused refresh
 * does, and the whole flow through main's channels against a real OpenID provider and team server.
 */

const MINUTE = 60_000;

describe('when the access token is refreshed', () => {
  it('a minute before a long-lived token expires', () => {
    expect(refreshDelayMs(0, 60 * MINUTE, 0)).toBe(59 * MINUTE);
    expect(refreshDelayMs(0, 60 * MINUTE, 30 * MINUTE)).toBe(29 * MINUTE);
  });

  it('with a fifth of its life left for a short-lived one', () => {
    expect(refreshDelayMs(0, 100_000, 0)).toBe(80_000);
  });

  it('not sooner than 5 s after it was obtained, however short its life', () => {
    expect(refreshDelayMs(1_000, 3_000, 1_000)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('at once when it is already due (kept while the app was closed)', () => {
    expect(refreshDelayMs(0, 60 * MINUTE, 2 * 60 * MINUTE)).toBe(0);
  });
});

describe('keeping the session fresh', () => {
  const session = (obtainedAt: number, token: string): CompanySession => ({
    issuer: 'https://idp.example.com',
    clientId: 'desktop',
    scopes: ['openid'],
    accessToken: token,
    refreshToken: `refresh-${token}`,
    obtainedAt,
    expiresAt: obtainedAt + 10 * MINUTE,
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function keeper(refresh: SessionKeeperOptions['refresh']) {
    vi.useFakeTimers({ now: 0 });
    const refreshed: string[] = [];
    const refused: string[] = [];
    const kept = keepSessionFresh({
      session: session(0, 'first'),
      refresh,
      onRefreshed: (renewed) => refreshed.push(renewed.accessToken),
      onRefused: (reason) => refused.push(reason),
      retryBackoff: { initialMs: 1_000, maxMs: 1_000 },
    });
    return { kept, refreshed, refused };
  }

  it('refreshes 1 minute before expiry, keeps the new token, and schedules the next refresh from it', async () => {
    const refresh = vi.fn(async () => session(Date.now(), `token-${refresh.mock.calls.length}`));
    const { kept, refreshed } = keeper(refresh);
    await vi.advanceTimersByTimeAsync(9 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshed).toEqual(['token-1']);
    expect(kept.current().accessToken).toBe('token-1');
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(refreshed).toEqual(['token-1', 'token-2']);
    kept.stop();
  });

  it('ends the session with the reason when the provider refuses, and tries no more', async () => {
    const refresh = vi.fn(async (): Promise<CompanySession> => {
      throw new SessionRefusedError('The identity provider refused to renew your sign-in: account disabled');
    });
    const { kept, refused } = keeper(refresh);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refused).toEqual(['The identity provider refused to renew your sign-in: account disabled']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(kept.current().accessToken).toBe('first');
  });

  it('tries again with backoff when the provider cannot be reached, without ending the session', async () => {
    let reachable = false;
    const refresh = vi.fn(async () => {
      if (!reachable) throw new TypeError('fetch failed');
      return session(Date.now(), 'renewed');
    });
    // The backoff's jitter at its longest: a retry every second.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { refreshed, refused } = keeper(refresh);
    await vi.advanceTimersByTimeAsync(9 * MINUTE + 2_500);
    expect(refresh).toHaveBeenCalledTimes(3);
    reachable = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshed).toEqual(['renewed']);
    expect(refused).toEqual([]);
  });
});

describe("before anyone is sent to sign in: the server's 401 to GET /me, and the provider's addresses", () => {
  async function serverAnswering401(body: unknown): Promise<{ url: string; close(): Promise<void> }> {
    const server = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it('answers the issuer, client id and scopes the server names', async () => {
    const signIn = { issuer: 'https://idp.example.com', clientId: 'desktop', scopes: ['openid', 'email'] };
    const server = await serverAnswering401({ error: { code: 'unauthorized', message: 'Sign in.', signIn } });
    try {
      await expect(askHowToSignIn(server.url, false)).resolves.toEqual(signIn);
    } finally {
      await server.close();
    }
  });

  it('says so when the server takes API tokens only', async () => {
    const server = await serverAnswering401({ error: { code: 'unauthorized', message: 'Send a token.' } });
    try {
      await expect(askHowToSignIn(server.url, false)).rejects.toThrow(
        `The team server at ${server.url} does not offer company sign-in: sign in with an API token from its administrator.`,
      );
    } finally {
      await server.close();
    }
  });

  it('refuses a provider whose sign-in page is not https, before anything opens it', async () => {
    const idp = createServer((request, response) => {
      const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ issuer, authorization_endpoint: 'file:///etc/passwd', token_endpoint: `${issuer}/token` }),
        );
      request.resume();
    });
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    try {
      await expect(beginCompanySignIn({ issuer, clientId: 'desktop', scopes: ['openid'] })).rejects.toThrow(
        "The identity provider's sign-in page must be an https address (plain http only on this computer), not file:///etc/passwd.",
      );
    } finally {
      await new Promise((resolve) => idp.close(resolve));
    }
  });

  it('refuses plain http to another machine without consent, before asking', async () => {
    await expect(askHowToSignIn('http://studio.example.com', false)).rejects.toThrow(/Use https/);
  });
});

describe('signing in with the company account, through main', () => {
  let postgres: TestPostgres;
  let provider: TestOidcProvider;
  let server: TeamServer;
  let dataDir: string;
  let desktop: StudioServices;
  const events: TeamEvent[] = [];

  beforeAll(async () => {
    postgres = await startTestPostgres();
    // Tokens of 3 s: the server ends a stream whose token expired, so the desktop must renew it in time.
    provider = await startTestOidcProvider({ accessTokenTtlSeconds: 3 });
    const databaseUrl = postgres.createDatabase('company_sign_in');
    server = await startTeamServer({
      databaseUrl,
      log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'error'),
      eventHeartbeatMs: 200,
      oidc: { issuer: provider.issuer, audience: provider.audience, clientId: provider.clientId },
    });
    // The provider's user may edit: their grant is the team's, not the provider's.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await grantRole(
      db,
      { role: 'editor', to: { kind: 'user', name: 'editor.gb@example.com' }, scope: EVERYWHERE, effect: 'allow' },
      'test',
    );
    await db.end();
    dataDir = await makeTempDir();
  });
  afterAll(async () => {
    await desktop?.close();
    await server?.close();
    await provider?.close();
    postgres?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async <C extends ServiceChannel>(channel: C, input: Input<C>): Promise<Output<C>> =>
    unwrapResult((await desktop.dispatch(channel, input)) as never) as Output<C>;
  async function until<T>(condition: () => T | undefined | false, what: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = condition();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('signs in through the provider, refreshes the token, and keeps drafts and saves once a refresh is refused', async () => {
    const secrets = createMemorySecretStore();
    // Refreshed every 300 ms, so a refusal comes soon after the user is disabled.
    desktop = await createStudioServices({
      dataDir,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(dataDir),
      secrets,
      team: {
        stream: { backoff: { initialMs: 50, maxMs: 400 } },
        probeBackoff: { initialMs: 50, maxMs: 400 },
        client: { retryDelayMs: 10, timeoutMs: 2_000 },
        companySession: { refreshDelayMs: () => 300 },
      },
    });
    desktop.team.onEvent((event) => events.push(event));

    const started = await call('startCompanySignIn', { url: server.url, allowInsecureHttp: false });
    expect(started.openedInBrowser).toBe(false);
    const finishing = call('finishCompanySignIn', {});
    const callback = await signInAtProvider(started.authorizationUrl, 'editor.gb@example.com');
    // A request without this sign-in's state is turned away, and the listener keeps waiting.
    const stranger = new URL(callback);
    stranger.searchParams.set('state', 'not-the-one');
    expect((await fetch(stranger)).status).toBe(400);
    const landing = await fetch(callback);
    expect(await landing.text()).toContain('Signed in to Storefront Studio. You can close this window.');
    const status = await finishing;
    expect(status).toMatchObject({ mode: 'team', user: 'editor.gb@example.com', signedOut: null });

    const firstToken = JSON.parse(secrets.getSecret(TEAM_COMPANY_SESSION_SECRET)!).accessToken as string;
    await until(
      () => JSON.parse(secrets.getSecret(TEAM_COMPANY_SESSION_SECRET)!).accessToken !== firstToken,
      'a refreshed token',
    );
    // Past the first token's expiry: its stream was replaced in time, so the connection never dropped.
    const signedInAt = Date.now();
    await until(() => Date.now() - signedInAt > 4_000, 'the first token to expire');
    expect(desktop.team.status().connection).toBe('online');
    const offline = events.flatMap((event) =>
      event.type === 'status' && event.status.connection === 'offline' ? [event.status.offlineReason] : [],
    );
    expect(offline).toEqual([]);
    expect(events).toContainEqual({
      type: 'resync',
      reason: 'The event stream was reopened with the renewed sign-in.',
    });
    const meta = { ...emptyPageMeta(), category: 'Trainers' };
    const saved = await call('saveContent', {
      key: HOME_KEY,
      meta,
      components: [banner('Online')],
      baseHash: null,
      commitMessage: 'First',
    });
    if (saved.status !== 'saved') throw new Error(`not saved: ${JSON.stringify(saved)}`);
    expect(saved.version.author).toBe('editor.gb@example.com');

    const draftKey = { ...HOME_KEY, page: 'sale' };
    const draft = {
      bookmark: bookmarkFor(draftKey),
      key: draftKey,
      meta,
      components: [banner('Draft kept')],
      baseHash: null,
      cleanHash: 'nothing saved yet',
      updatedAt: new Date().toISOString(),
    };
    await call('saveDraft', { draft });

    provider.disable('editor.gb@example.com');
    const ended = await until(() => desktop.team.status().signedOut, 'the session to end after the refresh is refused');
    expect(ended).toMatch(/^The identity provider refused to renew your sign-in: /);
    expect(desktop.team.status()).toMatchObject({ mode: 'team', connection: 'offline' });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'status', status: expect.objectContaining({ signedOut: ended }) }),
    );

    const queued = await call('saveContent', {
      key: HOME_KEY,
      meta,
      components: [banner('Queued')],
      baseHash: saved.version.hash,
      commitMessage: 'While signed out',
    });
    expect(queued).toMatchObject({ status: 'queued', message: QUEUED_SAVE_MESSAGE });
    expect((await call('listPendingSaves', {})).pending).toHaveLength(1);
    const kept = await call('getDraft', { bookmark: bookmarkFor(draftKey) });
    expect(kept.draft?.components).toEqual([banner('Draft kept')]);
    const queuedDraft = await call('getDraft', { bookmark: bookmarkFor(HOME_KEY) });
    expect(queuedDraft.draft?.components).toEqual([banner('Queued')]);
  });
});
