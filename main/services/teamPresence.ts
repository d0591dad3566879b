import { initialFocusPacing, paceFocus, type FocusPacing, type FocusPacingInput } from '../../core/rules/focusPacing';
import type { PageKey } from '../../core/schemas';
import { OkAnswerSchema, type PresenceFocus, type PresenceRequest } from '../../core/teamProtocol';
import { createServiceHttp, describeRouteFailure } from './http';
import { bearer, teamRoute, type TeamServer } from './teamConnection';

/**
 * Presence sent by main: 'open' as soon as the editor shows a page and then as a heartbeat (the server
 * forgets a page not heard of for 30 s), 'closed' when the editor leaves it or the app quits. Multi-country
 * pages are one page per country, so each key is its own entry. Each 'open' carries the editor's focus on the
 * page as last sent; focus changes are paced by core/rules/focusPacing.ts (at most one every 500 ms, cleared
 * after 30 s idle). A failed send is reported and not retried here: the next heartbeat, or resend() once the
 * server answers again, says it again.
 */

export type PresenceState = PresenceRequest['state'];

export interface PresenceReporterOptions {
  /** focus: on an 'open', the focus to show others (null for none). */
  send(pageKey: PageKey, state: PresenceState, focus: PresenceFocus | null): Promise<void>;
  /** A send that failed (the connection state learns from it). */
  onError?(error: unknown): void;
  heartbeatMs?: number;
}

export interface PresenceReporter {
  opened(pageKey: PageKey): void;
  closed(pageKey: PageKey): void;
  /**
   * The editor's focus on an open page now (null: in no field), also said again while keys or the pointer are
   * in use: each call is activity. Ignored for a page not open.
   */
  focused(pageKey: PageKey, focus: PresenceFocus | null): void;
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

/** An open page: the heartbeat, how many editors show it (the same page may be opened twice) and its focus. */
interface OpenPage {
  pageKey: PageKey;
  heartbeat: NodeJS.Timeout;
  count: number;
  focus: FocusPacing;
  /** The focus pacing's next tick, if one is due. */
  wake: NodeJS.Timeout | null;
}

export function createPresenceReporter(options: PresenceReporterOptions): PresenceReporter {
  const heartbeatMs = options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  const open = new Map<string, OpenPage>();

  const say = (pageKey: PageKey, state: PresenceState, focus: PresenceFocus | null = null): Promise<void> =>
    options.send(pageKey, state, focus).catch((error: unknown) => options.onError?.(error));
  /** 'open' with the focus as last sent, so a heartbeat moves nothing others see. */
  const sayOpen = (page: OpenPage): Promise<void> => say(page.pageKey, 'open', page.focus.told);

  const stopPage = (page: OpenPage): void => {
    clearInterval(page.heartbeat);
    if (page.wake) clearTimeout(page.wake);
  };

  const paceStep = (page: OpenPage, input: FocusPacingInput): void => {
    const now = Date.now();
    const { pacing, send, wakeAt } = paceFocus(page.focus, input, now);
    page.focus = pacing;
    if (send) void say(page.pageKey, 'open', send.focus);
    if (page.wake) clearTimeout(page.wake);
    page.wake = null;
    if (wakeAt === null) return;
    page.wake = setTimeout(() => paceStep(page, { type: 'tick' }), wakeAt - now);
    page.wake.unref?.();
  };

  return {
    opened(pageKey) {
      const id = keyOf(pageKey);
      const current = open.get(id);
      if (current) {
        current.count++;
        return;
      }
      const page: OpenPage = {
        pageKey,
        heartbeat: setInterval(() => void sayOpen(page), heartbeatMs),
        count: 1,
        focus: initialFocusPacing(Date.now()),
        wake: null,
      };
      page.heartbeat.unref?.();
      open.set(id, page);
      void sayOpen(page);
    },
    closed(pageKey) {
      const id = keyOf(pageKey);
      const current = open.get(id);
      if (!current) return;
      if (--current.count > 0) return;
      stopPage(current);
      open.delete(id);
      void say(pageKey, 'closed');
    },
    focused(pageKey, focus) {
      const page = open.get(keyOf(pageKey));
      if (page) paceStep(page, { type: 'report', focus });
    },
    resend() {
      for (const page of open.values()) void sayOpen(page);
    },
    openPages: () => [...open.values()].map((page) => page.pageKey),
    async closeAll() {
      const pages = [...open.values()];
      open.clear();
      for (const page of pages) stopPage(page);
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
    send: async (pageKey, state, focus) => {
      await http.request({
        url: teamRoute(server.url, 'presence'),
        where: '/presence',
        method: 'POST',
        json: { pageKey, state, ...(state === 'open' && focus && { focus }) } satisfies PresenceRequest,
        schema: OkAnswerSchema,
      });
    },
  });
}
