import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageSummary } from '../../core/schemas';
import {
  appendListingPage,
  coalesce,
  hasMorePages,
  refreshFirstPage,
} from '../../renderer/editor/src/app/dashboardListing';
import { HOME_KEY } from './helpers/pages';

/** The dashboard's paging through the saved pages, and one refresh for a burst of team events. */

const page = (name: string, version = 1): PageSummary => ({
  key: { ...HOME_KEY, page: name },
  category: 'Trainers',
  author: 'ed@example.com',
  timestamp: '2026-05-01T10:00:00.000Z',
  hash: `hash-${name}-${version}`,
  version,
});
const names = (pages: readonly PageSummary[]) => pages.map((summary) => `${summary.key.page}@${summary.version}`);

describe('paging through the saved pages', () => {
  it('appends the next page, says whether more are left, and never shows a page twice', () => {
    const first = { pages: [page('a'), page('b')], total: 5 };
    expect(hasMorePages(first)).toBe(true);
    // c moved up meanwhile and b is listed again on the next page: b is not repeated.
    const second = appendListingPage(first, { pages: [page('b'), page('c'), page('d')], total: 5 });
    expect(names(second.pages)).toEqual(['a@1', 'b@1', 'c@1', 'd@1']);
    const last = appendListingPage(second, { pages: [page('e')], total: 5 });
    expect(names(last.pages)).toEqual(['a@1', 'b@1', 'c@1', 'd@1', 'e@1']);
    expect(hasMorePages(last)).toBe(false);
  });

  it('after an event, puts the fresh first page on top and keeps what was loaded below it', () => {
    const loaded = { pages: [page('a'), page('b'), page('c'), page('d')], total: 4 };
    // c was saved again (version 2) and a new page n appeared: both lead the first page now.
    const refreshed = refreshFirstPage(loaded, { pages: [page('n'), page('c', 2)], total: 5 });
    expect(names(refreshed.pages)).toEqual(['n@1', 'c@2', 'a@1', 'b@1', 'd@1']);
    expect(refreshed.total).toBe(5);
    expect(hasMorePages(refreshed)).toBe(false);
  });
});

describe('coalescing team events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst, after the wait, and again for a later burst', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 300);
    for (let i = 0; i < 10; i++) refresh.trigger();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    refresh.trigger();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    refresh.trigger();
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once cancelled (the dashboard was left)', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 300);
    refresh.trigger();
    refresh.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
