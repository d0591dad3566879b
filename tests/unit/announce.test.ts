import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai';
import {
  SAVED_ANNOUNCEMENT_INTERVAL_MS,
  announce,
  announcementsAtom,
  createAutosaveAnnouncer,
  type Politeness,
} from '../../renderer/editor/src/state/announce';

describe('createAutosaveAnnouncer', () => {
  let said: [string, Politeness][];
  let announcer: ReturnType<typeof createAutosaveAnnouncer>;
  beforeEach(() => {
    vi.useFakeTimers();
    said = [];
    announcer = createAutosaveAnnouncer((message, politeness) => said.push([message, politeness]));
  });
  afterEach(() => {
    announcer.dispose();
    vi.useRealTimers();
  });

  /** One edit's pass through the autosave: pending, saving, then saved. */
  const editAndSave = () => {
    announcer.report({ status: 'pending' });
    announcer.report({ status: 'saving' });
    announcer.report({ status: 'saved' });
  };

  it('says a save at most once per interval, and the last one held back when the interval ends', () => {
    editAndSave();
    expect(said).toEqual([['Draft saved', 'polite']]);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(400);
      editAndSave();
    }
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(SAVED_ANNOUNCEMENT_INTERVAL_MS);
    expect(said).toEqual([
      ['Draft saved', 'polite'],
      ['Draft saved', 'polite'],
    ]);
    vi.advanceTimersByTime(SAVED_ANNOUNCEMENT_INTERVAL_MS * 3);
    expect(said).toHaveLength(2);
  });

  it('never says pending or saving', () => {
    announcer.report({ status: 'pending' });
    announcer.report({ status: 'saving' });
    vi.advanceTimersByTime(SAVED_ANNOUNCEMENT_INTERVAL_MS * 2);
    expect(said).toEqual([]);
  });

  it('says a failure at once and assertively, once while it lasts, and the save after it at once', () => {
    editAndSave();
    announcer.report({ status: 'failed', message: 'The disk is full' });
    announcer.report({ status: 'failed', message: 'The disk is full' });
    expect(said).toEqual([
      ['Draft saved', 'polite'],
      ['Draft not saved: The disk is full', 'assertive'],
    ]);
    announcer.report({ status: 'failed', message: 'Permission denied' });
    announcer.report({ status: 'saved' });
    expect(said.slice(2)).toEqual([
      ['Draft not saved: Permission denied', 'assertive'],
      ['Draft saved', 'polite'],
    ]);
  });

  it('drops a save held back when a failure comes first', () => {
    editAndSave();
    vi.advanceTimersByTime(400);
    editAndSave();
    announcer.report({ status: 'failed', message: 'Offline' });
    vi.advanceTimersByTime(SAVED_ANNOUNCEMENT_INTERVAL_MS);
    expect(said.map(([message]) => message)).toEqual(['Draft saved', 'Draft not saved: Offline']);
  });
});

describe('announce', () => {
  it('puts a message in its region, and changes the region when the same message is said twice in a row', () => {
    const store = getDefaultStore();
    announce('Moved Custom HTML to position 1 of 5');
    const first = store.get(announcementsAtom).polite;
    announce('Moved Custom HTML to position 1 of 5');
    const second = store.get(announcementsAtom).polite;
    expect(first).toBe('Moved Custom HTML to position 1 of 5');
    expect(second.trim()).toBe(first);
    expect(second).not.toBe(first);
    announce('Draft not saved: Offline', 'assertive');
    expect(store.get(announcementsAtom)).toEqual({ polite: second, assertive: 'Draft not saved: Offline' });
  });
});
