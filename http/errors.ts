import { errorMessage } from '../core/rules/errorMessage';
import { describeBytes } from '../core/rules/jsonLimits';
import { quote } from '../core/rules/quote';
import {
  ConflictError,
  DamagedVersionError,
  InvalidContentError,
  LiveChangeError,
  SaveIdReusedError,
  StoreUnavailableError,
} from '../core/store';
import { RETRY_AFTER_SECONDS } from '../core/teamProtocol';

/**
 * The one error of every HTTP server here (the team server, the embedded content service, the sample
 * services, the browser host): an answer other than 2xx with the `{error: {code, message, ...}}` body
 * (core/teamProtocol.ts ErrorBodySchema) and any headers it needs (Allow, Retry-After, WWW-Authenticate).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = status;
  }

  /** Fastify reads a thrown error's status from here (a validator's error, a hook's). */
  readonly statusCode: number;

  /**
   * Why the request was refused, for the log (and the audit log) only, when the answer must not say it: a
   * page outside the user's view scope answers the 404 of a missing page.
   */
  reason?: string;
}

export const badRequest = (message: string) => new HttpError(400, 'invalid-input', message);
export const notFound = (message: string) => new HttpError(404, 'not-found', message);

export function methodNotAllowed(path: string, allowed: readonly string[]): HttpError {
  const allow = allowed.join(', ');
  return new HttpError(405, 'method-not-allowed', `${path} answers ${allow} only.`, {}, { Allow: allow });
}

export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'too-large', `The request body is larger than ${describeBytes(maxBytes)} (the limit).`);
}

export const unsupportedMediaType = () =>
  new HttpError(415, 'unsupported-media-type', 'Send the request body as application/json.');

export const badTarget = (target: string) =>
  new HttpError(400, 'invalid-request', `Bad request target: ${quote(target)} is not a valid path.`);

export const malformedEscape = (path: string) =>
  new HttpError(400, 'invalid-request', `The path has a malformed %-escape: ${quote(path)}`);

/**
 * The code of a 409 that refuses a move of a page's live pointer (no such version, nothing to roll back to),
 * apart from a save's conflict: the desktop shows its message whole.
 */
export const LIVE_CHANGE_REFUSED = 'live-change-refused';

/** The code of a 409 that refuses a change of a release (its name taken, its status, its time): shown whole too. */
export const RELEASE_REFUSED = 'release-refused';

/** Fastify's own refusals (body parsing, routing), by their code, as this project words them. */
function fromFramework(error: { code?: unknown; statusCode?: unknown; message: string }, bodyLimit: number) {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType();
    default:
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)
        return new HttpError(error.statusCode, 'invalid-request', `The request was refused: ${quote(error.message)}`);
      return null;
  }
}

/**
 * What an error answers: an HttpError as it says, the store's errors (core/store.ts) by their meaning,
 * Fastify's refusals as ours; null for anything else, which is a fault of the server (a logged 500).
 */
export function toHttpError(error: unknown, bodyLimit: number): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof ConflictError) return new HttpError(409, 'conflict', error.message, { latest: error.latest });
  if (error instanceof StoreUnavailableError) {
    return new HttpError(503, 'unavailable', error.message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
  if (error instanceof InvalidContentError) return new HttpError(400, 'invalid-input', error.message);
  if (error instanceof LiveChangeError) return new HttpError(409, LIVE_CHANGE_REFUSED, error.message);
  if (error instanceof SaveIdReusedError) return new HttpError(422, 'save-id-reused', error.message);
  if (error instanceof DamagedVersionError)
    return new HttpError(422, 'damaged', error.message, { version: error.version });
  if (error instanceof Error) return fromFramework(error, bodyLimit);
  return null;
}

/** The 500 of an unexpected failure: it quotes the message (at most 100 characters), never a stack. */
export function internalError(service: string, error: unknown): HttpError {
  return new HttpError(500, 'internal', `The ${service} failed: ${quote(errorMessage(error))}`);
}
