import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageKey } from '../../core/schemas';
import { createPresenceReporter, type PresenceState } from '../../main/services/teamPresence';
import { HOME_KEY } from './helpers/pages';

/** Presence sent by main: heartbeats while a page is open, 'closed' when it is left or the app quits. */

const GERMAN_HOME: PageKey = { ...HOME_KEY, country: 'de' };
let sent: string[];
const send = async (pageKey: PageKey, state: PresenceState) => void sent.push(`${pageKey.country} ${state}`);

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('presence timers', () => {
  it('says open at once and then every heartbeat while the page is open, and closed once when it is left', async () => {
    const reporter = createPresenceReporter({ send, heartbeatMs: 10_000 });
    reporter.opened(HOME_KEY);
    expect(sent).toEqual(['gb open']);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent).toEqual(['gb open']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['gb open', 'gb open']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toHaveLength(4);

    reporter.closed(HOME_KEY);
    expect(sent.at(-1)).toBe('gb closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(5);
  });

  it('keeps each country of a multi-country page as its own page', async () => {
    const reporter = createPresenceReporter({ send, heartbeatMs: 10_000 });
    reporter.opened(HOME_KEY);
    reporter.opened(GERMAN_HOME);
    reporter.closed(GERMAN_HOME);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual(['gb open', 'de open', 'de closed', 'gb open']);
  });

  it('says closed only when the last editor showing a page leaves it', async () => {
    const reporter = createPresenceReporter({ send, heartbeatMs: 10_000 });
    reporter.opened(HOME_KEY);
    reporter.opened(HOME_KEY);
    reporter.closed(HOME_KEY);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual(['gb open', 'gb open']);
    reporter.closed(HOME_KEY);
    expect(sent.at(-1)).toBe('gb closed');
  });

  it('closes every open page on quit and stops all heartbeats', async () => {
    const reporter = createPresenceReporter({ send, heartbeatMs: 10_000 });
    reporter.opened(HOME_KEY);
    reporter.opened(GERMAN_HOME);
    await reporter.closeAll();
    expect(sent.slice(2).sort()).toEqual(['de closed', 'gb closed']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(4);
    expect(reporter.openPages()).toEqual([]);
  });

  it('reports a failed send and keeps the heartbeat going, so the server hears again once it is back', async () => {
    const errors: unknown[] = [];
    let reachable = false;
    const reporter = createPresenceReporter({
      heartbeatMs: 10_000,
      onError: (error) => errors.push(error),
      send: async (pageKey, state) => {
        if (!reachable) throw new Error('ECONNREFUSED');
        sent.push(`${pageKey.country} ${state}`);
      },
    });
    reporter.opened(HOME_KEY);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    reachable = true;
    reporter.resend();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual(['gb open', 'gb open']);
  });
});

describe('field focus (issue 23 §3)', () => {
  const TITLE = { component: 'MainBannerAbc', field: 'content.title' };
  const SUBTITLE = { component: 'MainBannerAbc', field: 'content.subtitle' };
  const LINK = { component: 'MainBannerAbc', field: 'content.link' };
  let said: string[];
  const reporter = () =>
    createPresenceReporter({
      heartbeatMs: 10_000,
      send: async (pageKey, state, focus) => void said.push(`${pageKey.country} ${state} ${focus?.field ?? '-'}`),
    });
  beforeEach(() => {
    said = [];
  });

  it('sends the first focus at once, then at most one change every 500 ms, keeping the last', async () => {
    const presence = reporter();
    presence.opened(HOME_KEY);
    presence.focused(HOME_KEY, TITLE);
    expect(said).toEqual(['gb open -', 'gb open content.title']);
    await vi.advanceTimersByTimeAsync(100);
    presence.focused(HOME_KEY, SUBTITLE);
    await vi.advanceTimersByTimeAsync(100);
    presence.focused(HOME_KEY, LINK);
    await vi.advanceTimersByTimeAsync(299);
    expect(said).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(said.at(-1)).toBe('gb open content.link');
    // The heartbeat says the focus as last sent: nothing moves for others.
    await vi.advanceTimersByTimeAsync(10_000 - 500);
    expect(said).toEqual(['gb open -', 'gb open content.title', 'gb open content.link', 'gb open content.link']);
  });

  it('clears the focus after 30 s without activity, and sends it again once the editor is active', async () => {
    const presence = reporter();
    presence.opened(HOME_KEY);
    presence.focused(HOME_KEY, TITLE);
    // Typing in the title: the editor says the same focus again, which keeps it alive.
    await vi.advanceTimersByTimeAsync(20_000);
    presence.focused(HOME_KEY, TITLE);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(said.filter((line) => line === 'gb open -')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(said.at(-1)).toBe('gb open -');
    // Idle: heartbeats go on without the focus, and nothing else is sent.
    said = [];
    await vi.advanceTimersByTimeAsync(60_000);
    expect(new Set(said)).toEqual(new Set(['gb open -']));
    presence.focused(HOME_KEY, TITLE);
    expect(said.at(-1)).toBe('gb open content.title');
  });

  it('keeps each page its own focus, ignores one for a page not open, and stops when the page is left', async () => {
    const presence = reporter();
    const german = { ...HOME_KEY, country: 'de' as const };
    presence.opened(HOME_KEY);
    presence.opened(german);
    presence.focused(HOME_KEY, TITLE);
    presence.focused(german, SUBTITLE);
    presence.focused({ ...HOME_KEY, page: 'not-open' }, LINK);
    expect(said).toEqual(['gb open -', 'de open -', 'gb open content.title', 'de open content.subtitle']);
    presence.focused(HOME_KEY, LINK);
    presence.closed(HOME_KEY);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(said.filter((line) => line.startsWith('gb'))).toEqual(['gb open -', 'gb open content.title', 'gb closed -']);
  });

  it('says the focus again with resend, after the server came back', async () => {
    const presence = reporter();
    presence.opened(HOME_KEY);
    presence.focused(HOME_KEY, TITLE);
    presence.resend();
    expect(said.at(-1)).toBe('gb open content.title');
  });
});
