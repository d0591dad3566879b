import type { FastifyReply } from 'fastify';

/**
 * One Server-Sent Events stream (the team server's /events, the browser host's /api/events): the headers, the
 * `retry:` hint, heartbeats, and backpressure. A client that stops reading is dropped, never buffered without
 * bound: when more than maxBufferedBytes wait in the socket, or a full buffer is not drained within
 * drainTimeoutMs. A failed write, a client that leaves and end() all close the stream once.
 */

/** A comment line this often keeps proxies and clients from taking a quiet stream for dead. */
export const SSE_HEARTBEAT_MS = 15_000;
/** What EventSource-style clients wait before reconnecting. */
export const SSE_RETRY_MS = 2_000;
/** The most bytes one stream may hold unsent (the socket's buffer included) before its client is dropped. */
export const SSE_MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a stream whose buffer is full waits for its client to read before dropping it. */
export const SSE_DRAIN_TIMEOUT_MS = 10_000;

export interface SseOptions {
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  drainTimeoutMs?: number;
  /** Called once when the stream closes, whatever closed it. */
  onClose?: () => void;
}

export interface SseStream {
  /** Sends one event (`event:` name when given, `data:` the text as one line); false once closed. */
  send(data: string, event?: string): boolean;
  /** Ends the stream (the client sees it end). */
  end(): void;
  isOpen(): boolean;
}

/**
 * Takes the reply over as an event stream. A reply whose client has already left (it went while the request
 * was being checked) gives a stream that is closed at once, and onClose runs.
 */
export function openSseStream(reply: FastifyReply, options: SseOptions = {}): SseStream {
  const {
    heartbeatMs = SSE_HEARTBEAT_MS,
    maxBufferedBytes = SSE_MAX_BUFFERED_BYTES,
    drainTimeoutMs = SSE_DRAIN_TIMEOUT_MS,
  } = options;
  reply.hijack();
  const response = reply.raw;
  let open = true;
  /** The heartbeat, once the stream is open; the wait for a full buffer to drain, while there is one. */
  const timers: { heartbeat?: NodeJS.Timeout; drain?: NodeJS.Timeout } = {};

  const close = (): void => {
    if (!open) return;
    open = false;
    clearInterval(timers.heartbeat);
    clearTimeout(timers.drain);
    response.off('close', close);
    response.off('error', close);
    response.off('drain', drained);
    options.onClose?.();
  };
  const drop = (): void => {
    close();
    response.destroy();
  };
  const drained = (): void => {
    clearTimeout(timers.drain);
    timers.drain = undefined;
  };
  const write = (text: string): boolean => {
    if (!open) return false;
    if (response.writableLength + Buffer.byteLength(text) > maxBufferedBytes) {
      drop();
      return false;
    }
    try {
      if (!response.write(text) && !timers.drain) timers.drain = setTimeout(drop, drainTimeoutMs);
    } catch {
      drop();
      return false;
    }
    return open;
  };

  // The close handling goes first: a client already gone closes the stream here, not never.
  response.once('close', close);
  response.once('error', close);
  response.on('drain', drained);
  if (response.destroyed || !response.socket || response.socket.destroyed) {
    close();
    return { send: () => false, end: () => undefined, isOpen: () => false };
  }

  response.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // nginx and similar proxies otherwise hold events back in their buffer.
    'X-Accel-Buffering': 'no',
  });
  write(`retry: ${SSE_RETRY_MS}\n\n`);
  timers.heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  timers.heartbeat.unref();

  return {
    send: (data, event) => write(`${event ? `event: ${event}\n` : ''}data: ${data.replace(/\n/g, ' ')}\n\n`),
    end: () => {
      if (!open) return;
      close();
      response.end();
    },
    isOpen: () => open,
  };
}
