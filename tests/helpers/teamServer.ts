import { request as httpRequest, type ClientRequest } from 'node:http';

/** Helpers for tests that talk to the team server over HTTP, as a desktop would. */

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
  headers: Headers;
}

/** A JSON client of one server with one token (or none). */
export function teamClient(baseUrl: string, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra });
  const answer = async (response: Response): Promise<Answer> => {
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return {
    get: async (path: string, extraHeaders: Record<string, string> = {}) =>
      answer(await fetch(`${baseUrl}${path}`, { headers: headers(extraHeaders) })),
    post: async (path: string, body: unknown) =>
      answer(
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: headers({ 'content-type': 'application/json' }),
          body: JSON.stringify(body),
        }),
      ),
  };
}

export interface StreamEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
}

export interface EventStream {
  events: StreamEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** Resolves with the first event (already seen or coming) that matches. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** Opens GET /events and parses the Server-Sent Events as they arrive; resolves once the answer has started. */
export function openEventStream(baseUrl: string, token: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiters = new Set<() => void>();
    const stream: EventStream = {
      events,
      comments: 0,
      next: (match, timeoutMs = 10_000) =>
        new Promise((resolveNext, rejectNext) => {
          const check = (): boolean => {
            const found = events.find(match);
            if (!found) return false;
            waiters.delete(waiter);
            clearTimeout(timer);
            resolveNext(found);
            return true;
          };
          const waiter = (): void => void check();
          const timer = setTimeout(() => {
            waiters.delete(waiter);
            rejectNext(new Error(`No matching event within ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
          }, timeoutMs);
          if (!check()) waiters.add(waiter);
        }),
      close: () => request.destroy(),
    };
    const request: ClientRequest = httpRequest(`${baseUrl}/events`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /events answered ${response.statusCode}`));
        response.resume();
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (lines.every((line) => line.startsWith(':'))) stream.comments++;
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
        }
        for (const waiter of [...waiters]) waiter();
      });
      response.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', reject);
    request.end();
  });
}
