import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for tests (issue 22 §3): oidc-provider, a certified implementation, on 127.0.0.1 at a
 * random port, with its own login page (devInteractions: any password), test users and their groups, and one
 * public client signing in with PKCE and a loopback redirect (RFC 8252: any port on 127.0.0.1). Access tokens
 * for the team server are JWTs (resource indicators) carrying the user's email and groups; offline_access gives
 * a refresh token.
 */

export const TEST_AUDIENCE = 'https://studio.example.com/api';
export const TEST_CLIENT_ID = 'storefront-studio-desktop';
/** The client's registered redirect: the desktop listens at this path on 127.0.0.1, on any port. */
export const TEST_REDIRECT_URI = 'http://127.0.0.1/callback';

/** The test users and their groups (the login page takes their address as the login, and any password). */
export const TEST_USERS: Record<string, string[]> = {
  'editor.gb@example.com': ['jd-gb-editors'],
  'translator.de@example.com': ['jd-de-translators'],
};

export interface TestOidcProvider {
  issuer: string;
  audience: string;
  clientId: string;
  /** A user's login is refused from now on, and so is refreshing their tokens (the account is gone). */
  disable(email: string): void;
  /**
   * An access token as the provider signs them, with these claims changed (undefined removes one): for tests
   * of what the team server accepts without going through the login page each time.
   */
  accessToken(
    email: string,
    changes?: Partial<Record<keyof JWTPayload | string, unknown>>,
    header?: { typ?: string },
  ): Promise<string>;
  /** Its signing key (a private JWK), for tests that re-sign a token with the same kid. */
  signingKey: JWK & { kid: string };
  close(): Promise<void>;
}

export async function startTestOidcProvider(
  options: { accessTokenTtlSeconds?: number } = {},
): Promise<TestOidcProvider> {
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 300;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const disabled = new Set<string>();
  const claimsOf = (email: string) => ({ email, email_verified: true, groups: TEST_USERS[email] ?? [] });

  // The port is known only once listening, and the issuer must name it: listen first, then mount the provider.
  let handler: RequestListener | null = null;
  const server = createServer((request, response) => {
    if (handler) handler(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: [TEST_REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email', 'offline_access'],
    findAccount: async (_context, id) =>
      id in TEST_USERS && !disabled.has(id)
        ? { accountId: id, claims: async () => ({ sub: id, ...claimsOf(id) }) }
        : undefined,
    // Every artefact's lifetime given (seconds), as the provider asks: long enough for any test.
    ttl: {
      AccessToken: accessTokenTtl,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86400,
      Grant: 86400,
      RefreshToken: 86400,
    },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The desktop asks for no resource: its access tokens are for the team server.
        defaultResource: async () => TEST_AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async () => ({
          scope: 'studio',
          audience: TEST_AUDIENCE,
          accessTokenFormat: 'jwt',
          accessTokenTTL: accessTokenTtl,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: async (_context, token) =>
      token.kind === 'AccessToken' && token.accountId ? claimsOf(token.accountId) : undefined,
  });
  handler = provider.callback();

  return {
    issuer,
    audience: TEST_AUDIENCE,
    clientId: TEST_CLIENT_ID,
    signingKey,
    disable: (email) => void disabled.add(email),
    async accessToken(email, changes = {}, header = {}) {
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: TEST_AUDIENCE,
        sub: email,
        iat: now,
        exp: now + accessTokenTtl,
        jti: randomUUID(),
        client_id: TEST_CLIENT_ID,
        scope: 'studio',
        ...claimsOf(email),
        ...changes,
      };
      for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', typ: header.typ ?? 'at+jwt', kid: signingKey.kid })
        .sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs in through the provider's own pages as a browser would (the login form, then the consent form),
 * following redirects with the provider's cookies, until it redirects to the client's loopback address: that
 * address (with code and state) is returned, without being requested.
 */
export async function signInAtProvider(authorizationUrl: URL | string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const keepCookies = (response: Response): void => {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let next: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = {
    url: new URL(authorizationUrl),
    method: 'GET',
  };
  for (let step = 0; step < 20; step++) {
    if (next.url.hostname === '127.0.0.1' && next.url.pathname === '/callback') return next.url;
    const response = await fetch(next.url, {
      method: next.method,
      body: next.body,
      redirect: 'manual',
      headers: { cookie: cookieHeader() },
    });
    keepCookies(response);
    const location = response.headers.get('location');
    if (location) {
      next = { url: new URL(location, next.url), method: 'GET' };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action)
      throw new Error(
        `The provider answered ${response.status} without a form: ${page.replace(/<style>[\s\S]*?<\/style>/, '').slice(0, 1500)}`,
      );
    const fields = new URLSearchParams();
    for (const [input] of page.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input)?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (fields.has('login')) {
      fields.set('login', login);
      fields.set('password', 'any password');
    }
    next = { url: new URL(action.replaceAll('&amp;', '&'), next.url), method: 'POST', body: fields };
  }
  throw new Error('The provider did not redirect back to the client within 20 steps.');
}
