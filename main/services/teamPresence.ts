import type { PageKey } from '../../core/schemas';
import { OkAnswerSchema, type PresenceRequest } from '../../core/teamProtocol';
import { createServiceHttp, describeRouteFailure } from './http';
import { bearer, teamRoute, type TeamServer } from './teamConnection';

/**
 * Presence sent by main: 'open' as soon as the editor shows a page and then as a heartbeat (the server
 * forgets a page not heard of for 30 s), 'closed' when the editor leaves it or the app quits. Multi-country
 * pages are one page per country, so each key is its own entry. A failed send is reported and not retried
 * here: the next heartbeat, or resend() once the server answers again, says it again.
 */

export type PresenceState = PresenceRequest['state'];

export interface PresenceReporterOptions {
  send(pageKey: PageKey, state: PresenceState): Promise<void>;
  /** A send that failed (the connection state learns from it). */
  onError?(error: unknown): void;
  heartbeatMs?: number;
}

export interface PresenceReporter {
  opened(pageKey: PageKey): void;
  closed(pageKey: PageKey): void;
  /** Says 'open' again for every open page now (after the server came back, or after a new sign-in). */
  resend(): void;
  /** The keys open now. */
  openPages(): PageKey[];
  /** Stops every heartbeat and says 'closed' for each open page (quitting, signing out). */
  closeAll(): Promise<void>;
}

export const PRESENCE_HEARTBEAT_MS = 10_000;

const keyOf = (pageKey: PageKey): string =>
  JSON.stringify([pageKey.fascia, pageKey.country, pageKey.page, pageKey.source, pageKey.platform]);

export function createPresenceReporter(options: PresenceReporterOptions): PresenceReporter {
  const heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  /** Per open page: its key, the heartbeat and how many editors show it (the same page may be opened twice). */
  const open = new Map<string, { pageKey: PageKey; timer: NodeJS.Timeout; count: number }>();

  const say = (pageKey: PageKey, state: PresenceState): Promise<void> =>
    options.send(pageKey, state).catch((error: unknown) => options.onError?.(error));

  return {
    opened(pageKey) {
      const id = keyOf(pageKey);
      const current = open.get(id);
      if (current) {
        current.count++;
        return;
      }
      const timer = setInterval(() => void say(pageKey, 'open'), heartbeatMs);
      timer.unref?.();
      open.set(id, { pageKey, timer, count: 1 });
      void say(pageKey, 'open');
    },
    closed(pageKey) {
      const id = keyOf(pageKey);
      const current = open.get(id);
      if (!current) return;
      if (--current.count > 0) return;
      clearInterval(current.timer);
      open.delete(id);
      void say(pageKey, 'closed');
    },
    resend() {
      for (const { pageKey } of open.values()) void say(pageKey, 'open');
    },
    openPages: () => [...open.values()].map((entry) => entry.pageKey),
    async closeAll() {
      const pages = [...open.values()];
      open.clear();
      for (const { timer } of pages) clearInterval(timer);
      await Promise.all(pages.map(({ pageKey }) => say(pageKey, 'closed')));
    },
  };
}

/** The reporter for a team server: POST /presence with its token, one attempt each (the next heartbeat is the retry). */
export function createTeamPresenceReporter(
  server: TeamServer,
  options: Pick<PresenceReporterOptions, 'heartbeatMs' | 'onError'>,
): PresenceReporter {
  const http = createServiceHttp({
    timeoutMs: 5_000,
    retry: false,
    // Read at every request: a company session's token is refreshed.
    headers: () => bearer(server.token),
    describe: (failure, route) => describeRouteFailure(`The team server at ${server.url}`, failure, route),
  });
  return createPresenceReporter({
    ...options,
    send: async (pageKey, state) => {
      await http.request({
        url: teamRoute(server.url, 'presence'),
        where: '/presence',
        method: 'POST',
        json: { pageKey, state } satisfies PresenceRequest,
        schema: OkAnswerSchema,
      });
    },
  });
}
