import { RequestError, TimeoutError } from 'got';

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
  const message = error instanceof Error ? error.message : String(error);
  return { status: 500, body: { error: { code: 'internal', message: `The ${service} failed: ${message}` } } };
}

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ETIMEDOUT']);

/** Whether a got failure means the service could not be reached (as opposed to answering badly). */
export function isUnreachable(error: unknown): error is RequestError {
  return error instanceof RequestError && (error instanceof TimeoutError || NETWORK_ERROR_CODES.has(error.code));
}
