import got, { HTTPError } from 'got';
import { createParser } from 'eventsource-parser';
import { backoffDelay, type BackoffPolicy } from '../../core/rules/backoff';
import { httpFailureOf } from './http';
import { bearer, teamRoute, type TeamServer } from './teamConnection';

/**
 * The team server's event stream (GET /events, Server-Sent Events) consumed in main. After a drop it
 * subscribes again with exponential backoff and jitter, never in a tight loop; every connection after the
 * first starts with a 'resync' (events sent during the gap are lost, so what is shown must be listed again).
 */

export interface StreamMessage {
  /** The SSE event name (saved, presence, presence-snapshot, resync…); 'message' when the server sent none. */
  event: string;
  data: string;
}

export interface TeamEventStreamOptions {
  server: TeamServer;
  /** Each event as it arrives. */
  onMessage(message: StreamMessage): void;
  /** The stream is open (the server answered 200): the server is reachable. */
  onOpen(): void;
  /** Anything arrived, heartbeat comments included: the time of the last contact moves on. */
  onContact?(): void;
  /** The stream dropped or could not open; the next attempt is at `retryAt`. */
  onDrop(reason: string, retryAt: Date): void;
  /** Events may have been missed: a reconnection after a drop (not the first connection). */
  onResync(reason: string): void;
  backoff?: BackoffPolicy;
  /** A connection that stayed open this long counts as healthy again: the backoff starts over after it. */
  stableAfterMs?: number;
  /** No byte for this long (the server sends a heartbeat every 15 s) means the connection is dead. */
  idleTimeoutMs?: number;
  random?: () => number;
  now?: () => number;
}

export interface TeamEventStream {
  /** How many reconnection attempts in a row have failed (the backoff's exponent). */
  failures(): number;
  /** Waiting to reconnect: tries now instead of at the planned time (the editor's Retry now). No-op while open. */
  retryNow(): void;
  stop(): void;
}

export const DEFAULT_STREAM_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 60_000 };

/** What a drop is called in the header's "Offline" reason. */
function describeDrop(error: unknown): string {
  // The stream's own time limits name themselves in the message; the status mapping is the wrapper's.
  const failure = httpFailureOf(error, 0);
  if (failure?.kind === 'status') {
    if (failure.status === 401) return 'the team server refused the token (HTTP 401)';
    if (failure.status === 503) return 'the team server cannot reach its database (HTTP 503)';
    return `the team server answered the event stream with HTTP ${failure.status}`;
  }
  if (error instanceof Error) return `the team server is not reachable (${error.message})`;
  return 'the connection to the team server was lost';
}

/** A Retry-After header in seconds, as a delay to respect; 0 when there is none. */
function retryAfterMs(error: unknown): number {
  if (!(error instanceof HTTPError)) return 0;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

export function startTeamEventStream(options: TeamEventStreamOptions): TeamEventStream {
  const {
    backoff = DEFAULT_STREAM_BACKOFF,
    stableAfterMs = 10_000,
    idleTimeoutMs = 45_000,
    random = Math.random,
    now = Date.now,
  } = options;
  let stopped = false;
  let failures = 0;
  let connectedBefore = false;
  let timer: NodeJS.Timeout | undefined;
  let abort: AbortController | undefined;
  /** Between a drop and the next attempt. */
  let waiting = false;

  const connect = (): void => {
    if (stopped) return;
    waiting = false;
    const controller = new AbortController();
    abort = controller;
    let openedAt: number | null = null;
    let ended = false;
    const parser = createParser({
      onEvent: (event) => options.onMessage({ event: event.event ?? 'message', data: event.data }),
      onComment: () => options.onContact?.(),
    });
    const stream = got.stream(teamRoute(options.server.url, 'events'), {
      headers: { ...bearer(options.server.token), accept: 'text/event-stream' },
      // No overall limit: the stream is meant to stay open. A socket silent for this long is dead.
      timeout: { connect: 10_000, secureConnect: 10_000, response: 10_000, socket: idleTimeoutMs },
      retry: { limit: 0 },
      followRedirect: false,
      signal: controller.signal,
    });
    const end = (error: unknown): void => {
      if (ended) return;
      ended = true;
      stream.destroy();
      if (stopped || controller.signal.aborted) return;
      // A connection that stayed up a while was healthy: the next one starts with the shortest wait again.
      if (openedAt !== null && now() - openedAt >= stableAfterMs) failures = 0;
      const delay = Math.max(backoffDelay(failures, backoff, random), retryAfterMs(error));
      failures++;
      options.onDrop(describeDrop(error), new Date(now() + delay));
      waiting = true;
      timer = setTimeout(connect, delay);
    };
    stream.on('response', () => {
      openedAt = now();
      options.onOpen();
      if (connectedBefore) options.onResync('The event stream was interrupted; events may have been missed.');
      connectedBefore = true;
    });
    // Decoded by the stream, so a character split across two chunks is not broken.
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      options.onContact?.();
      parser.feed(chunk);
    });
    stream.on('end', () => end(null));
    stream.on('error', end);
  };

  connect();
  return {
    failures: () => failures,
    retryNow() {
      if (!waiting) return;
      clearTimeout(timer);
      connect();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      abort?.abort();
    },
  };
}
