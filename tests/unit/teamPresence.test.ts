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
