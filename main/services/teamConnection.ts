import type { Permissions } from '../../core/permissions';
import { INSECURE_HTTP_REFUSED, serviceUrlProblem } from '../../core/rules/urlSafety';
import { StudioError, type StudioErrorCode } from '../../core/result';
import { errorMessage } from '../../core/rules/errorMessage';
import type { TeamConnectionProblem } from '../../core/team';
import { MeAnswerSchema } from '../../core/teamProtocol';
import { createServiceHttp, timeLabel, type HttpFailure } from './http';

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

const SIGN_IN_ERROR_CODES: Record<TeamConnectionProblem['reason'], StudioErrorCode> = {
  'invalid-address': 'invalid-input',
  'insecure-http': 'invalid-input',
  unreachable: 'unavailable',
  unavailable: 'unavailable',
  tls: 'unavailable',
  unauthorized: 'unauthorized',
  'not-studio': 'failed',
};

/** A sign-in refused for this problem, as the error the Settings form shows. */
export const signInError = (problem: TeamConnectionProblem): StudioError =>
  new StudioError(SIGN_IN_ERROR_CODES[problem.reason], problem.message);

/** Node's and OpenSSL's codes for a certificate or TLS handshake that failed. */
function isTlsCode(code: string): boolean {
  return (
    /^(ERR_TLS|ERR_SSL|CERT_|ERR_CERT)/.test(code) ||
    [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'EPROTO',
    ].includes(code)
  );
}

/** Why a /me call failed, as the Settings form's reason and sentence. */
function connectionProblem(where: string, failure: HttpFailure): TeamConnectionProblem {
  const problem = (reason: TeamConnectionProblem['reason'], message: string) => ({ reason, message });
  switch (failure.kind) {
    case 'status':
      if (failure.status === 401)
        return problem(
          'unauthorized',
          `${where} refused the token (HTTP 401). Check it, or ask the server's administrator for a new one.`,
        );
      if (failure.status === 503)
        return problem(
          'unavailable',
          `${where} answers, but cannot reach its database right now (HTTP 503). Try again shortly.`,
        );
      return problem(
        'not-studio',
        `${where} answered /me with HTTP ${failure.status}${failure.explanation ? ` (${failure.explanation})` : ''}; is it a Storefront Studio server?`,
      );
    case 'not-json':
      return problem('not-studio', `${where} is not a Storefront Studio server (its /me answer is not JSON).`);
    case 'shape':
      return problem('not-studio', `${where} is not a Storefront Studio server (its /me answer is not one).`);
    case 'timeout':
      return problem('unreachable', `${where} cannot be reached: no answer within ${timeLabel(failure.ms)}.`);
    case 'unreachable':
      if (isTlsCode(failure.code)) {
        return problem(
          'tls',
          `${where} cannot be reached securely: its certificate or TLS setup was refused (${failure.code}: ${failure.detail}).`,
        );
      }
      return problem('unreachable', `${where} cannot be reached: ${failure.detail}`);
  }
}

/**
 * Asks the server who the token belongs to (GET /me), which also proves it is a Storefront Studio server.
 * Never throws: the answer is the user's address and what they may do (issue 22), or the reason, as a
 * sentence the Settings form shows as is.
 * allowInsecureHttp is the user's consent for plain http to another machine (the token would travel in clear).
 */
export async function testTeamConnection(
  server: TeamServer,
  options: { allowInsecureHttp?: boolean; timeoutMs?: number } = {},
): Promise<
  | { user: string; permissions: Permissions; problem: null }
  | { user: null; permissions: null; problem: TeamConnectionProblem }
> {
  const fail = (problem: TeamConnectionProblem) => ({ user: null, permissions: null, problem }) as const;
  const addressProblem = serviceUrlProblem(server.url, options.allowInsecureHttp ?? false);
  if (addressProblem === INSECURE_HTTP_REFUSED) return fail({ reason: 'insecure-http', message: addressProblem });
  if (addressProblem) return fail({ reason: 'invalid-address', message: addressProblem });
  const where = `The team server at ${server.url}`;
  const http = createServiceHttp({
    timeoutMs: options.timeoutMs ?? 10_000,
    // The Settings form waits for this answer: one attempt, told at once.
    retry: false,
    followRedirect: false,
    headers: bearer(server.token),
    describe: (failure) => connectionProblem(where, failure).message,
    explain: (failure) => {
      const problem = connectionProblem(where, failure);
      return new StudioError('failed', problem.message, problem);
    },
  });
  try {
    const me = await http.request({ url: teamRoute(server.url, 'me'), where: '/me', schema: MeAnswerSchema });
    return { user: me.user, permissions: me.permissions, problem: null };
  } catch (error) {
    if (error instanceof StudioError) return fail(error.details as TeamConnectionProblem);
    return fail({ reason: 'unreachable', message: `${where} cannot be reached: ${errorMessage(error)}` });
  }
}
