import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import * as openid from 'openid-client';
import { errorMessage } from '../core/rules/errorMessage';
import { isLoopbackHost } from '../core/rules/urlSafety';
import type { SignIn } from '../core/teamProtocol';
import { parseEmail } from './auth';

/**
 * Company sign-in (issue 22 §3): the team server as an OAuth resource server. A bearer token that is not an
 * API token is a JWT access token (RFC 9068) of the one configured issuer, checked with jose against the
 * issuer's keys (its JWKS, found by discovery): signature, iss, aud, exp, nbf, typ, and an allow-list of
 * algorithms. The user is its email claim, lowercased; the groups come from the configured claim.
 */

export interface OidcOptions {
  /** The identity provider, as its discovery document names itself (`iss` of every token). */
  issuer: string;
  /** This server's identifier at the provider (`aud` of the access tokens meant for it). */
  audience: string;
  /** The claim holding the user's groups (an array of strings). Default: groups. */
  groupsClaim?: string;
  /** The public client the desktop signs in as. Default: the audience. */
  clientId?: string;
}

/** Asymmetric algorithms only: a shared secret (HS*) would let anyone holding it mint tokens, and none is no signature. */
export const OIDC_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
/** What the desktop asks for: an identity with an email, and a refresh token so it stays signed in. */
export const OIDC_SCOPES = ['openid', 'email', 'offline_access'];
export const DEFAULT_GROUPS_CLAIM = 'groups';

export interface OidcIdentity {
  user: string;
  groups: string[];
  /** When the token stops being valid (its exp), ms since the epoch. */
  expiresAt: number;
  /** The key of this token's event streams: they end once it expires (events.ts recheckTokens). */
  streamId: string;
}

/** A token refused (401), with the sentence that says why. */
export class OidcTokenRefused extends Error {}
/** The identity provider could not be asked for its keys (503): the token may well be good. */
export class OidcProviderUnreachable extends Error {}

export interface OidcVerifier {
  signIn: SignIn;
  verify(token: string): Promise<OidcIdentity>;
}

/** Plain http only to this machine (tests, a provider beside the server): anywhere else keys could be forged in transit. */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** The issuer as configured, or why it cannot be one. */
export function oidcIssuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return `The OpenID issuer must be an address, not '${issuer}'.`;
  }
  if (url.protocol === 'https:' || isLoopbackHttp(url)) return null;
  return `The OpenID issuer must be an https:// address (plain http only on 127.0.0.1), not '${issuer}'.`;
}

const OIDC_STREAM_PREFIX = 'oidc:';

/** Whether an event stream's token id is that of an OIDC access token that has not expired yet. */
export function oidcStreamLive(streamId: string, now: number): boolean | null {
  if (!streamId.startsWith(OIDC_STREAM_PREFIX)) return null;
  const expiresAt = Number(streamId.slice(OIDC_STREAM_PREFIX.length).split(':', 1)[0]);
  return Number.isFinite(expiresAt) && expiresAt > now;
}

export function createOidcVerifier(options: OidcOptions): OidcVerifier {
  const { issuer, audience } = options;
  const groupsClaim = options.groupsClaim ?? DEFAULT_GROUPS_CLAIM;
  const clientId = options.clientId ?? audience;
  const issuerUrl = new URL(issuer);

  // Discovered once; a failure is forgotten, so the next request asks again.
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
  const keySet = (): Promise<ReturnType<typeof createRemoteJWKSet>> =>
    (keys ??= (async () => {
      const configuration = await openid.discovery(issuerUrl, clientId, undefined, undefined, {
        execute: isLoopbackHttp(issuerUrl) ? [openid.allowInsecureRequests] : [],
      });
      const jwksUri = configuration.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error('its discovery document names no jwks_uri');
      return createRemoteJWKSet(new URL(jwksUri));
    })().catch((error: unknown) => {
      keys = null;
      throw providerUnreachable(issuer, error);
    }));

  const verifyJwt = async (token: string): Promise<JWTPayload> => {
    const jwks = await keySet();
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience,
        algorithms: OIDC_ALGORITHMS,
        // An ID token is not an access token, even where its aud (the client id) equals the audience.
        typ: 'at+jwt',
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      const reason = refusal(error, issuer, audience);
      if (reason) throw new OidcTokenRefused(reason);
      throw providerUnreachable(issuer, error);
    }
  };

  return {
    signIn: { issuer, clientId, scopes: OIDC_SCOPES },
    async verify(token) {
      const payload = await verifyJwt(token);
      if (typeof payload.email !== 'string')
        throw new OidcTokenRefused('The access token carries no email claim: ask for the email scope.');
      let user: string;
      try {
        user = parseEmail(payload.email);
      } catch (error) {
        throw new OidcTokenRefused(`The access token's email claim is not usable: ${errorMessage(error)}`);
      }
      const claimed = payload[groupsClaim];
      const groups =
        Array.isArray(claimed) && claimed.every((group) => typeof group === 'string') ? (claimed as string[]) : [];
      const expiresAt = (payload.exp ?? 0) * 1000;
      const tokenHash = createHash('sha256').update(token).digest('base64url').slice(0, 22);
      return { user, groups, expiresAt, streamId: `${OIDC_STREAM_PREFIX}${expiresAt}:${tokenHash}` };
    },
  };
}

const providerUnreachable = (issuer: string, error: unknown) =>
  new OidcProviderUnreachable(
    `The identity provider ${issuer} cannot be asked for its keys now (${errorMessage(error)}). Try again shortly.`,
  );

/** Why jose refused a token, as the 401's sentence; null when the keys could not be fetched. */
function refusal(error: unknown, issuer: string, audience: string): string | null {
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) return null;
  if (error instanceof errors.JWTExpired) return 'The access token has expired. Sign in again.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'iss':
        return `The access token was not issued by this server's identity provider (${issuer}).`;
      case 'aud':
        return `The access token is not meant for this server (its audience is not ${audience}).`;
      case 'nbf':
        return 'The access token is not valid yet (nbf). Check the clock of this server and of the identity provider.';
      case 'typ':
        return 'The token is not an access token (typ at+jwt): send the access token, not the ID token.';
      default:
        return `The access token's ${error.claim} claim is refused: ${error.message}.`;
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `The access token is signed with an algorithm this server does not accept (it accepts ${OIDC_ALGORITHMS.join(', ')}).`;
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return "The access token's signature does not verify with the identity provider's keys: it was altered, or signed by someone else.";
  return `This bearer token is neither an API token nor a valid access token (${error.message}).`;
}
