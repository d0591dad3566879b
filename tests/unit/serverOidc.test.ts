import { Writable } from 'node:stream';
import { generateKeyPair, SignJWT } from 'jose';
import * as openid from 'openid-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import { UnauthorizedBodySchema } from '../../core/teamProtocol';
import {
  signInAtProvider,
  startTestOidcProvider,
  TEST_REDIRECT_URI,
  type TestOidcProvider,
} from '../helpers/oidcProvider';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient } from '../helpers/teamServer';
import { HOME_KEY, makePage } from './helpers/pages';
import { grantRole } from '../../server/access/grants';
import type { Grant } from '../../core/permissions';

/**
 * Company sign-in on the team server (issue 22 §3): access tokens of a real OpenID provider (oidc-provider on
 * 127.0.0.1) are accepted beside API tokens; every bad token is refused with 401 and a clear reason, and
 * nothing is written for it.
 */

let postgres: TestPostgres;
let provider: TestOidcProvider;
let server: TeamServer;
let db: pg.Pool;

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('team_oidc');
  provider = await startTestOidcProvider();
  server = await startTeamServer({
    databaseUrl,
    log: createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'info'),
    eventHeartbeatMs: 200,
    oidc: { issuer: provider.issuer, audience: provider.audience, clientId: provider.clientId },
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => undefined);
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await db?.end();
  postgres?.destroy();
});

const pageNamed = (page: string) => ({ ...HOME_KEY, page });
const countRows = async (table: 'users' | 'versions'): Promise<number> =>
  Number((await db.query<{ count: string }>(`SELECT count(*) FROM ${table}`)).rows[0]!.count);

/** The code flow as the desktop runs it (PKCE, loopback redirect), through the provider's own pages. */
async function signInWithCodeFlow(login: string) {
  const configuration = await openid.discovery(new URL(provider.issuer), provider.clientId, undefined, undefined, {
    execute: [openid.allowInsecureRequests],
  });
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const redirectUri = TEST_REDIRECT_URI.replace('127.0.0.1', '127.0.0.1:49152');
  const authorizationUrl = openid.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email offline_access',
    prompt: 'consent',
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const callback = await signInAtProvider(authorizationUrl, login);
  return openid.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

describe('company sign-in', () => {
  it('says how to sign in when a request has no token', async () => {
    const answer = await teamClient(server.url).get('/me');
    expect(answer.status).toBe(401);
    const body = UnauthorizedBodySchema.parse(answer.body);
    expect(body.error.signIn).toEqual({
      issuer: provider.issuer,
      clientId: provider.clientId,
      scopes: ['openid', 'email', 'offline_access'],
    });
    expect(body.error.message).toMatch(/needs an API token.*Or sign in with your company account at http:\/\/127/);
  });

  it("accepts an access token from the provider's code flow: /me names its user and groups, who authors saves", async () => {
    // Their group's grant applies: the provider says they are in jd-de-translators.
    const groupGrant: Grant = {
      role: 'editor',
      to: { kind: 'group', name: 'jd-de-translators' },
      scope: { fascias: [HOME_KEY.fascia], countries: [HOME_KEY.country] },
      effect: 'allow',
    };
    await grantRole(db, groupGrant, 'test');
    const tokens = await signInWithCodeFlow('translator.de@example.com');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const translator = teamClient(server.url, tokens.access_token);
    const me = await translator.get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: 'translator.de@example.com', groups: ['jd-de-translators'] });
    expect(me.body.grants).toEqual([groupGrant]);
    // Outside the group's scope, nothing.
    const elsewhere = await translator.post('/saveContent', {
      content: makePage({ key: { ...pageNamed('oidc'), country: 'fr' } }),
      baseHash: null,
    });
    expect(elsewhere.status).toBe(403);
    const saved = await translator.post('/saveContent', {
      content: makePage({ key: pageNamed('oidc') }),
      baseHash: null,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.version.author).toBe('translator.de@example.com');
    // Recorded on first use, so an administrator can disable them.
    const recorded = await db.query('SELECT email FROM users WHERE email = $1', ['translator.de@example.com']);
    expect(recorded.rowCount).toBe(1);
  });

  it('lowercases the email claim and takes no groups from a claim that is not a list of strings', async () => {
    const token = await provider.accessToken('editor.gb@example.com', {
      email: 'Editor.GB@Example.com',
      groups: 'jd-gb-editors',
    });
    const me = await teamClient(server.url, token).get('/me');
    expect(me.body).toMatchObject({ user: 'editor.gb@example.com', groups: [] });
  });

  it("keeps an access token's event stream open past the heartbeat's check of API tokens", async () => {
    const stream = await openEventStream(server.url, await provider.accessToken('editor.gb@example.com'));
    await stream.next((event) => event.event === 'presence-snapshot');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stream.isEnded()).toBe(false);
    stream.close();
  });

  it('ends the event stream of an access token once it expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stream = await openEventStream(
      server.url,
      await provider.accessToken('editor.gb@example.com', { exp: now + 2 }),
    );
    await expect(stream.ended).resolves.toBeUndefined();
  });
});

describe('bad tokens: 401 with the reason, and nothing written', () => {
  /** Sends a save with the token and checks it is refused with this reason, leaving users and versions as they were. */
  async function expectRefused(token: string, reason: RegExp): Promise<void> {
    const before = { users: await countRows('users'), versions: await countRows('versions') };
    const save = await teamClient(server.url, token).post('/saveContent', {
      content: makePage({ key: pageNamed(`refused-${before.versions}`) }),
      baseHash: null,
    });
    expect(save.status).toBe(401);
    expect(save.body.error.code).toBe('unauthorized');
    expect(save.body.error.message).toMatch(reason);
    expect(save.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect({ users: await countRows('users'), versions: await countRows('versions') }).toEqual(before);
  }
  const now = () => Math.floor(Date.now() / 1000);
  // A user the server has not seen yet: a refused token must not record them.
  const newcomer = 'newcomer@example.com';

  it('expired', async () => {
    const token = await provider.accessToken(newcomer, { iat: now() - 600, exp: now() - 60 });
    await expectRefused(token, /^The access token has expired\. Sign in again\.$/);
  });

  it('from another issuer', async () => {
    const token = await provider.accessToken(newcomer, { iss: 'https://idp.evil.example' });
    await expectRefused(token, /not issued by this server's identity provider \(http:\/\/127\.0\.0\.1:\d+\)/);
  });

  it('for another audience', async () => {
    const token = await provider.accessToken(newcomer, { aud: 'https://another-api.example.com' });
    await expectRefused(token, /not meant for this server \(its audience is not https:\/\/studio\.example\.com\/api\)/);
  });

  it('alg none', async () => {
    const signed = await provider.accessToken(newcomer);
    const [, payload] = signed.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    await expectRefused(
      `${header}.${payload}.`,
      /algorithm this server does not accept \(it accepts RS256, PS256, ES256, EdDSA\)/,
    );
  });

  it('signed by another key, even under the provider key id', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const claims = JSON.parse(
      Buffer.from((await provider.accessToken(newcomer)).split('.')[1]!, 'base64url').toString(),
    );
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: provider.signingKey.kid })
      .sign(privateKey);
    await expectRefused(forged, /signature does not verify with the identity provider's keys/);
    const unknownKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'another-key' })
      .sign(privateKey);
    await expectRefused(unknownKid, /signature does not verify with the identity provider's keys/);
  });

  it('with a tampered groups claim', async () => {
    const [header, payload, signature] = (await provider.accessToken('translator.de@example.com')).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, groups: ['admins'] })).toString('base64url');
    await expectRefused(`${header}.${tampered}.${signature}`, /signature does not verify/);
  });

  it('of a disabled user', async () => {
    const token = await provider.accessToken('editor.gb@example.com');
    expect((await teamClient(server.url, token).get('/me')).status).toBe(200);
    await db.query("UPDATE users SET disabled_at = now() WHERE email = 'editor.gb@example.com'");
    try {
      await expectRefused(token, /^editor\.gb@example\.com is disabled on this server\./);
    } finally {
      await db.query("UPDATE users SET disabled_at = NULL WHERE email = 'editor.gb@example.com'");
    }
  });

  it('an ID token in place of the access token, even one whose audience is the server', async () => {
    const token = await provider.accessToken(newcomer, {}, { typ: 'JWT' });
    await expectRefused(token, /not an access token \(typ at\+jwt\): send the access token, not the ID token/);
  });
});
