import type { IncomingMessage } from 'node:http';
import { HttpError, badRequest, internalError } from '../../http/errors';

export interface ErrorReply {
  status: number;
  body: { error: { code: string; message: string } };
  headers?: Record<string, string>;
}

/**
 * The reply for a failure inside a sample service (http/errors.ts HttpError): its own status, message and
 * headers, or a logged 500 that names the service.
 */
export function errorReply(error: unknown, service: string): ErrorReply {
  if (!(error instanceof HttpError)) console.error(`${service}: unexpected failure`, error);
  const http = error instanceof HttpError ? error : internalError(service, error);
  const reply: ErrorReply = { status: http.status, body: { error: { code: http.code, message: http.message } } };
  if (Object.keys(http.headers).length > 0) reply.headers = http.headers;
  return reply;
}

export interface SampleReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (an image), sent as it is with its own headers. */
  raw?: string;
}

/** null: the path is not a sample route, and the server answers it some other way. */
export type SampleRouter = (request: IncomingMessage, url: URL) => Promise<SampleReply | null>;

/** One router from several: the first that answers a request (each answers null for paths not its own). */
export function combineRouters(...routers: SampleRouter[]): SampleRouter {
  return async (request, url) => {
    for (const route of routers) {
      const reply = await route(request, url);
      if (reply) return reply;
    }
    return null;
  };
}

/** One sample route: its handler, and whether it needs the API key (query parameter `apikey`). */
export interface SampleRoute {
  handle(request: IncomingMessage, url: URL): Promise<SampleReply>;
  keyed: boolean;
}

/** The route a path belongs to; null: not this service's path. */
export type SampleRoutes = (pathname: string) => SampleRoute | null;

/** The path a route matches: '/a/b/' reads as '/a/b'. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

export function decodeSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`The ${what} in the address is not validly percent-encoded.`);
  }
}
