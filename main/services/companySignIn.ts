import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as openid from 'openid-client';
import { z } from 'zod';
import { errorMessage } from '../../core/rules/errorMessage';
import { quote } from '../../core/rules/quote';
import { isLoopbackHost, serviceUrlProblem } from '../../core/rules/urlSafety';
import { StudioError } from '../../core/result';
import { UnauthorizedBodySchema, type SignIn } from '../../core/teamProtocol';
import { createServiceHttp, describeRouteFailure } from './http';
import { teamRoute } from './teamConnection';

/**
 * Company sign-in (issue 22 §3), all in main: the team server's 401 says which identity provider and client
 * to sign in with; the authorization code flow with PKCE runs in the system browser (or the browser host's own
 * window) and comes back to a one-shot listener on 127.0.0.1 (RFC 8252 loopback redirect); openid-client does
 * the protocol. The session's access token is then refreshed before it expires (teamCompany.ts).
 */

/** The path of the loopback redirect, registered at the identity provider as http://127.0.0.1/callback (any port). */
export const LOOPBACK_CALLBACK_PATH = '/callback';
/** How long a sign-in waits for the browser to come back. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

/** A company sign-in's tokens, kept as one secret (JSON) where the API token is kept. Times: ms since the epoch. */
export const CompanySessionSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable(),
  obtainedAt: z.number(),
  expiresAt: z.number(),
});
export type CompanySession = z.infer<typeof CompanySessionSchema>;

/** The identity provider refused to renew the session (the user was disabled, the session ended): sign in again. */
export class SessionRefusedError extends Error {}

/**
 * An address of the identity provider that this app sends requests or the user to (the system browser opens
 * its sign-in page): https, or plain http on this computer only; anything else is refused before it is used.
 */
function providerUrl(url: string | undefined, what: string): URL {
  if (url === undefined || serviceUrlProblem(url, false) !== null)
    throw new StudioError(
      'forbidden',
      `The identity provider's ${what} must be an https address (plain http only on this computer), not ${quote(url ?? '')}.`,
    );
  return new URL(url);
}

/** Discovery (the provider's metadata), as a public client: PKCE stands in for a secret. */
async function discover(signIn: Pick<SignIn, 'issuer' | 'clientId'>): Promise<openid.Configuration> {
  const url = providerUrl(signIn.issuer, 'address');
  try {
    return await openid.discovery(url, signIn.clientId, undefined, openid.None(), {
      // Plain http only to this machine (a provider for tests or beside the app): serviceUrlProblem allowed no other.
      execute: url.protocol === 'http:' && isLoopbackHost(url.hostname) ? [openid.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw new StudioError(
      'unavailable',
      `The identity provider ${signIn.issuer} cannot be reached: ${errorMessage(error)}`,
    );
  }
}

/** The answer looked for by askHowToSignIn, which comes as a 401 (so as an error of the HTTP client). */
class SignInAnswer extends StudioError {
  constructor(readonly signIn: SignIn) {
    super('unauthorized', 'The team server says how to sign in.');
  }
}

/** Asks the team server how to sign in: its GET /me without a token answers 401 with signIn (core/teamProtocol.ts). */
export async function askHowToSignIn(serverUrl: string, allowInsecureHttp: boolean): Promise<SignIn> {
  const addressProblem = serviceUrlProblem(serverUrl, allowInsecureHttp);
  if (addressProblem) throw new StudioError('invalid-input', addressProblem);
  const where = `The team server at ${serverUrl}`;
  const notOffered = `${where} does not offer company sign-in: sign in with an API token from its administrator.`;
  const http = createServiceHttp({
    timeoutMs: 10_000,
    retry: false,
    followRedirect: false,
    describe: (failure, route) => describeRouteFailure(where, failure, route),
    explain: (failure) => {
      if (failure.kind !== 'status' || failure.status !== 401) return undefined;
      const refusal = UnauthorizedBodySchema.safeParse(failure.body);
      const signIn = refusal.success ? refusal.data.error.signIn : undefined;
      return signIn ? new SignInAnswer(signIn) : new StudioError('not-found', notOffered);
    },
  });
  try {
    await http.request({ url: teamRoute(serverUrl, 'me'), where: '/me', schema: z.unknown() });
  } catch (error) {
    if (error instanceof SignInAnswer) return error.signIn;
    throw error;
  }
  throw new StudioError('failed', `${where} answered /me without a token: it is not a Storefront Studio server.`);
}

const sessionOf = (
  signIn: Pick<SignIn, 'issuer' | 'clientId' | 'scopes'>,
  tokens: openid.TokenEndpointResponse,
  now: number,
  previousRefreshToken: string | null = null,
): CompanySession => ({
  issuer: signIn.issuer,
  clientId: signIn.clientId,
  scopes: signIn.scopes,
  accessToken: tokens.access_token,
  // A provider that does not rotate refresh tokens sends none with a refresh: the old one stays good.
  refreshToken: tokens.refresh_token ?? previousRefreshToken,
  obtainedAt: now,
  // Without expires_in a token is treated as short-lived: refreshed within minutes rather than trusted for long.
  expiresAt: now + (tokens.expires_in ?? 300) * 1000,
});

export interface PendingSignIn {
  /** The identity provider's page: open it in a browser. */
  authorizationUrl: string;
  /** The session once the browser came back with a code and it was exchanged; rejects with the reason. */
  finished: Promise<CompanySession>;
  /** Stops waiting (another sign-in started, or the app closes). */
  cancel(reason: string): void;
}

/** What the browser shows on coming back to the loopback address. */
function answerPage(response: ServerResponse, status: number, message: string): void {
  const text = message.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'",
    'cache-control': 'no-store',
  });
  response.end(`<!doctype html><title>Storefront Studio</title><p>${text}</p>`);
}

/**
 * Starts the authorization code flow with PKCE: a one-shot listener on 127.0.0.1 at a random port waits for
 * the browser to come back with the code and this sign-in's state (a request without it is turned away and
 * waiting goes on), then exchanges the code for tokens.
 */
export async function beginCompanySignIn(
  signIn: SignIn,
  options: { timeoutMs?: number; now?: () => number } = {},
): Promise<PendingSignIn> {
  const now = options.now ?? Date.now;
  const configuration = await discover(signIn);
  providerUrl(configuration.serverMetadata().authorization_endpoint, 'sign-in page');
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const listener = createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}${LOOPBACK_CALLBACK_PATH}`;
  const authorizationUrl = openid.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: signIn.scopes.join(' '),
    // OpenID Connect Core §11: a refresh token (offline_access) is asked for with consent.
    prompt: 'consent',
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });

  let settle: { resolve(session: CompanySession): void; reject(error: Error): void };
  const finished = new Promise<CompanySession>((resolve, reject) => (settle = { resolve, reject }));
  // Unhandled until finishCompanySignIn waits on it: a cancelled sign-in nobody waits for is no crash.
  finished.catch(() => undefined);
  const stop = (): void => {
    clearTimeout(timer);
    listener.close();
    listener.closeAllConnections();
  };
  const timer = setTimeout(() => {
    stop();
    settle.reject(new StudioError('unavailable', 'The sign-in was not completed within 10 minutes. Try again.'));
  }, options.timeoutMs ?? SIGN_IN_TIMEOUT_MS);
  timer.unref();

  const onCallback = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', redirectUri);
    if (url.pathname !== LOOPBACK_CALLBACK_PATH) return answerPage(response, 404, 'Nothing here.');
    if (url.searchParams.get('state') !== state)
      return answerPage(response, 400, 'This is not the sign-in Storefront Studio is waiting for.');
    listener.removeListener('request', onRequest);
    try {
      const tokens = await openid.authorizationCodeGrant(configuration, url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      answerPage(response, 200, 'Signed in to Storefront Studio. You can close this window.');
      settle.resolve(sessionOf(signIn, tokens, now()));
    } catch (error) {
      const reason = `The identity provider did not sign you in: ${describeOAuthError(error)}`;
      answerPage(response, 400, reason);
      settle.reject(new StudioError('unauthorized', reason));
    } finally {
      stop();
    }
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse) => void onCallback(request, response);
  listener.on('request', onRequest);

  return {
    authorizationUrl: authorizationUrl.href,
    finished,
    cancel: (reason) => {
      stop();
      settle.reject(new StudioError('conflict', reason));
    },
  };
}

/** An OAuth error as one phrase: the provider's own code and description when it sent them. */
function describeOAuthError(error: unknown): string {
  if (error instanceof openid.ResponseBodyError || error instanceof openid.AuthorizationResponseError)
    return error.error_description ? `${error.error_description} (${error.error})` : error.error;
  return errorMessage(error);
}

/**
 * A new access token for the session from its refresh token. Throws SessionRefusedError when the provider
 * refuses (the user was disabled, the session ended, no refresh token); anything else (no network) may pass.
 */
export async function refreshCompanySession(
  session: CompanySession,
  now: () => number = Date.now,
): Promise<CompanySession> {
  if (!session.refreshToken)
    throw new SessionRefusedError('Your sign-in expired and the identity provider gave no way to renew it.');
  const configuration = await discover(session);
  try {
    const tokens = await openid.refreshTokenGrant(configuration, session.refreshToken);
    return sessionOf(session, tokens, now(), session.refreshToken);
  } catch (error) {
    if (error instanceof openid.ResponseBodyError && error.status >= 400 && error.status < 500)
      throw new SessionRefusedError(
        `The identity provider refused to renew your sign-in: ${describeOAuthError(error)}`,
      );
    throw error;
  }
}
