import got, { HTTPError, ParseError, RequestError, TimeoutError, type Options } from 'got';
import { z } from 'zod';
import { describeIssues } from '../../core/contract';
import { StudioError, type StudioErrorCode } from '../../core/result';
import { quote } from '../../core/rules/quote';

/**
 * The one HTTP client of main's services (got stays the only HTTP library here). It owns time limits, retries,
 * the zod parsing of answers and the mapping of every failure to a StudioError that keeps what the service
 * itself said. Each client only words the failure (its own service name and address) and, where its domain
 * needs one, turns a particular answer into a particular error (a content service's 409 is a conflict).
 *
 * Retries: reads (GET), and a POST marked idempotent (a save carrying a save id), up to RETRY_LIMIT times on a
 * lost connection or a 502, 503 or 504. Never on a time-out: a service too slow once is too slow again, and
 * three waits of the time limit would leave the editor hanging.
 */

export const RETRY_LIMIT = 2;
export const RETRY_STATUS_CODES = [502, 503, 504];
/** got's network error codes less ETIMEDOUT (see above). */
export const RETRY_ERROR_CODES = [
  'ECONNRESET',
  'EADDRINUSE',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'ENETUNREACH',
  'EAI_AGAIN',
];

/** What went wrong with a call, before it is worded. */
export type HttpFailure =
  | { kind: 'timeout'; ms: number }
  | { kind: 'unreachable'; code: string; detail: string }
  /** explanation: the service's own message ({error: {message}}), quoted; serviceCode: its {error: {code}}. */
  | { kind: 'status'; status: number; explanation: string | null; serviceCode: string | null; body: unknown }
  | { kind: 'not-json' }
  | { kind: 'shape'; issues: string };

/** An {error: {code, message}} body, the form every service of this app answers a refusal in. */
const ServiceErrorSchema = z.object({
  error: z.looseObject({ code: z.string().optional(), message: z.string().min(1) }),
});

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Classifies anything got threw (and a StudioError passes as it is: null). */
export function httpFailureOf(error: unknown, timeoutMs: number): HttpFailure | null {
  if (error instanceof TimeoutError) return { kind: 'timeout', ms: timeoutMs };
  if (error instanceof HTTPError) {
    const raw = error.response.body;
    const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : '';
    const json = parseJson(text);
    const own = json.ok ? ServiceErrorSchema.safeParse(json.value) : null;
    return {
      kind: 'status',
      status: error.response.statusCode,
      explanation: own?.success ? quote(own.data.error.message) : null,
      serviceCode: own?.success ? (own.data.error.code ?? null) : null,
      body: json.ok ? json.value : null,
    };
  }
  if (error instanceof ParseError) return { kind: 'not-json' };
  if (error instanceof RequestError) return { kind: 'unreachable', code: error.code, detail: error.message };
  return null;
}

/** The error code a failure carries unless its client says otherwise. */
export function defaultErrorCode(failure: HttpFailure): StudioErrorCode {
  if (failure.kind === 'timeout' || failure.kind === 'unreachable') return 'unavailable';
  if (failure.kind !== 'status') return 'failed';
  const { status } = failure;
  // The request itself was refused: its body, address or headers (a 300 KB plu) too large or not valid.
  if ([400, 413, 414, 422, 431].includes(status)) return 'invalid-input';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  // Down for now (a gateway says so); a 500 is the service failing on this very request.
  if (RETRY_STATUS_CODES.includes(status)) return 'unavailable';
  return 'failed';
}

/** "200 ms", "1 second", "10 seconds". */
export function timeLabel(ms: number): string {
  if (ms >= 1000 && ms % 1000 === 0) return ms === 1000 ? '1 second' : `${ms / 1000} seconds`;
  return `${ms} ms`;
}

/**
 * The wording most services use; `service` names it ("The product lookup"), `where` is the address shown
 * (without its query, so no key shows).
 */
export function describeHttpFailure(service: string, failure: HttpFailure, where: string): string {
  switch (failure.kind) {
    case 'timeout':
      return `${service} did not answer within ${timeLabel(failure.ms)} (${where}).`;
    case 'unreachable':
      return `${service} at ${where} is not reachable (${failure.code}).`;
    case 'status':
      return `${service} answered ${failure.status} for ${where}${failure.explanation ? `: ${failure.explanation}` : '.'}`;
    case 'not-json':
      return `${service} sent something that is not JSON (${where}).`;
    case 'shape':
      return `${service} answered in a shape this app does not understand (${where}): ${failure.issues}`;
  }
}

/**
 * The wording of services named by their address ("The content service at http://…"), `route` being the
 * call's path (/translate, /pages).
 */
export function describeRouteFailure(service: string, failure: HttpFailure, route: string): string {
  switch (failure.kind) {
    case 'timeout':
      return `${service} is not reachable (no answer within ${failure.ms / 1000} s). Check the address in Settings.`;
    case 'unreachable':
      return `${service} is not reachable. Check the address in Settings.`;
    case 'status': {
      const said = failure.explanation ? `: ${failure.explanation}` : '';
      if (RETRY_STATUS_CODES.includes(failure.status))
        return `${service} is not available right now (HTTP ${failure.status}${said}).`;
      return `${service} refused ${route} with HTTP ${failure.status}${said}.`;
    }
    case 'not-json':
      return `${service} answered ${route} with something that is not JSON.`;
    case 'shape':
      return `${service} answered ${route} in an unexpected shape (${failure.issues}).`;
  }
}

/** The {error: {code, message, …}} of a body, unquoted (for a service of this app's own, whose messages are). */
export function serviceErrorOf(body: unknown): z.output<typeof ServiceErrorSchema>['error'] | null {
  const parsed = ServiceErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

export interface ServiceHttpOptions {
  /** Per attempt. */
  timeoutMs: number;
  /** The longest wait between two attempts (got waits 1 s, then 2 s); also the longest Retry-After obeyed. */
  retryDelayMs?: number;
  /** false: one attempt only (a connection test that must answer at once). */
  retry?: boolean;
  /** A function is asked at every request (a token that is refreshed). */
  headers?: Record<string, string> | (() => Record<string, string>);
  followRedirect?: boolean;
  /** The message for a failure of a call to `where`. */
  describe(failure: HttpFailure, where: string): string;
  /** A StudioError of the client's own for answers its domain gives a meaning (undefined: the default). */
  explain?(failure: HttpFailure, where: string): StudioError | undefined;
}

export interface ServiceRequest<S extends z.ZodType> {
  url: URL;
  /** How the address appears in messages. */
  where: string;
  schema: S;
  method?: 'GET' | 'POST';
  searchParams?: URLSearchParams | Record<string, string>;
  json?: unknown;
  /** A POST whose repeat is harmless (a save with a save id): retried like a GET. */
  idempotent?: boolean;
}

export interface ServiceHttp {
  request<S extends z.ZodType>(request: ServiceRequest<S>): Promise<z.output<S>>;
}

export function createServiceHttp(options: ServiceHttpOptions): ServiceHttp {
  const { timeoutMs, retryDelayMs } = options;

  const studioError = (failure: HttpFailure, where: string): StudioError =>
    options.explain?.(failure, where) ?? new StudioError(defaultErrorCode(failure), options.describe(failure, where));

  return {
    async request({ url, where, schema, method = 'GET', searchParams, json, idempotent = false }) {
      const retried = options.retry !== false && (method === 'GET' || idempotent);
      const retry: Partial<Options['retry']> = retried
        ? {
            limit: RETRY_LIMIT,
            methods: [method],
            statusCodes: RETRY_STATUS_CODES,
            errorCodes: RETRY_ERROR_CODES,
            ...(retryDelayMs === undefined
              ? {}
              : { backoffLimit: retryDelayMs, noise: 0, maxRetryAfter: retryDelayMs }),
          }
        : { limit: 0 };
      let text: string;
      try {
        const response = await got(url, {
          method,
          ...(searchParams === undefined ? {} : { searchParams }),
          ...(json === undefined ? {} : { json }),
          headers: {
            accept: 'application/json',
            ...(typeof options.headers === 'function' ? options.headers() : options.headers),
          },
          timeout: { request: timeoutMs },
          retry,
          followRedirect: options.followRedirect ?? true,
          responseType: 'text',
        });
        text = response.body;
      } catch (error) {
        const failure = httpFailureOf(error, timeoutMs);
        throw failure ? studioError(failure, where) : error;
      }
      const body = parseJson(text);
      if (!body.ok) throw studioError({ kind: 'not-json' }, where);
      const parsed = schema.safeParse(body.value);
      if (!parsed.success) throw studioError({ kind: 'shape', issues: describeIssues(parsed.error) }, where);
      return parsed.data;
    },
  };
}
