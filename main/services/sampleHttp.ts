import type { IncomingMessage } from 'node:http';
import { errorMessage } from '../../core/rules/errorMessage';

/** An answer other than 2xx from one of the embedded sample services, with the body their clients read. */
export class SampleHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export interface ErrorReply {
  status: number;
  body: { error: { code: string; message: string } };
  headers?: Record<string, string>;
}

/** The reply for a failure inside a sample service: its own status and message, or a 500 that names it. */
export function errorReply(error: unknown, service: string): ErrorReply {
  if (error instanceof SampleHttpError) {
    const reply: ErrorReply = { status: error.status, body: { error: { code: error.code, message: error.message } } };
    if (error.headers) reply.headers = error.headers;
    return reply;
  }
  console.error(`${service}: unexpected failure`, error);
  return {
    status: 500,
    body: { error: { code: 'internal', message: `The ${service} failed: ${errorMessage(error)}` } },
  };
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

export const badInput = (message: string) => new SampleHttpError(400, 'invalid-input', message);
export const notFound = (message: string) => new SampleHttpError(404, 'not-found', message);

export function decodeSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badInput(`The ${what} in the address is not validly percent-encoded.`);
  }
}
