import got, { HTTPError, ParseError, RequestError } from 'got';
import { z } from 'zod';
import { INSECURE_HTTP_REFUSED, serviceUrlProblem } from '../../core/rules/urlSafety';
import type { TeamConnectionProblem } from '../../core/team';

/** A team server and the API token this desktop uses with it. */
export interface TeamServer {
  url: string;
  token: string;
}

/** The address with one trailing slash, so relative routes ("me", "events") resolve below it. */
export function teamRoute(serverUrl: string, route: string): URL {
  return new URL(route, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const MeSchema = z.object({ user: z.string().min(1), server: z.literal('storefront-studio') });

/** Node's and OpenSSL's codes for a certificate or TLS handshake that failed. */
function isTlsError(error: RequestError): boolean {
  const code = error.code ?? '';
  return (
    /^(ERR_TLS|ERR_SSL|CERT_|ERR_CERT)/.test(code) ||
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'EPROTO'].includes(code)
  );
}

/**
 * Asks the server who the token belongs to (GET /me), which also proves it is a Storefront Studio server.
 * Never throws: the answer is the user's address or the reason, as a sentence the Settings form shows as is.
 * allowInsecureHttp is the user's consent for plain http to another machine (the token would travel in clear).
 */
export async function testTeamConnection(
  server: TeamServer,
  options: { allowInsecureHttp?: boolean; timeoutMs?: number } = {},
): Promise<{ user: string; problem: null } | { user: null; problem: TeamConnectionProblem }> {
  const fail = (reason: TeamConnectionProblem['reason'], message: string) => ({ user: null, problem: { reason, message } }) as const;
  const addressProblem = serviceUrlProblem(server.url, options.allowInsecureHttp ?? false);
  if (addressProblem === INSECURE_HTTP_REFUSED) return fail('insecure-http', addressProblem);
  if (addressProblem) return fail('invalid-address', addressProblem);
  const where = `The team server at ${server.url}`;
  try {
    const answer = await got(teamRoute(server.url, 'me'), {
      headers: bearer(server.token),
      timeout: { request: options.timeoutMs ?? 10_000 },
      retry: { limit: 0 },
      followRedirect: false,
    }).json<unknown>();
    const me = MeSchema.safeParse(answer);
    if (!me.success) return fail('not-studio', `${where} is not a Storefront Studio server (its /me answer is not one).`);
    return { user: me.data.user, problem: null };
  } catch (error) {
    if (error instanceof HTTPError) {
      const status = error.response.statusCode;
      if (status === 401) return fail('unauthorized', `${where} refused the token (HTTP 401). Check it, or ask the server's administrator for a new one.`);
      if (status === 503) return fail('unavailable', `${where} answers, but cannot reach its database right now (HTTP 503). Try again shortly.`);
      return fail('not-studio', `${where} answered /me with HTTP ${status}; is it a Storefront Studio server?`);
    }
    if (error instanceof ParseError) return fail('not-studio', `${where} is not a Storefront Studio server (its /me answer is not JSON).`);
    if (error instanceof RequestError && isTlsError(error)) {
      return fail('tls', `${where} cannot be reached securely: its certificate or TLS setup was refused (${error.code}: ${error.message}).`);
    }
    return fail('unreachable', `${where} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}
