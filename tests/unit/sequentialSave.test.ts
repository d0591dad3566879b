import { describe, expect, it } from 'vitest';
import {
  allDone,
  pendingStatuses,
  resumeSequentialSave,
  retryRemaining,
  runSequentialSave,
  type ItemStatus,
  type SaveStatus,
} from '../../core/rules/sequentialSave';

/** A save that takes a few ticks, records overlap and fails for the countries in `failing`. */
function recordingSave(failing: Set<string> = new Set()) {
  let running = 0;
  let maxRunning = 0;
  const calls: string[] = [];
  const save = async (country: string) => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    calls.push(country);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    if (failing.has(country)) throw new Error(`cannot save ${country}`);
  };
  return { save, calls, maxRunning: () => maxRunning };
}

const statusesOf = (statuses: ItemStatus<string>[]): SaveStatus[] => statuses.map((entry) => entry.status);

describe('runSequentialSave', () => {
  it('saves every item in order, each Pending -> Saving -> DONE', async () => {
    const recorder = recordingSave();
    const snapshots: SaveStatus[][] = [];
    const result = await runSequentialSave(['gb', 'de', 'fr'], recorder.save, (statuses) =>
      snapshots.push(statusesOf(statuses)),
    );
    expect(statusesOf(result)).toEqual(['DONE', 'DONE', 'DONE']);
    expect(allDone(result)).toBe(true);
    expect(recorder.calls).toEqual(['gb', 'de', 'fr']);
    expect(snapshots).toEqual([
      ['Pending', 'Pending', 'Pending'],
      ['Saving', 'Pending', 'Pending'],
      ['DONE', 'Pending', 'Pending'],
      ['DONE', 'Saving', 'Pending'],
      ['DONE', 'DONE', 'Pending'],
      ['DONE', 'DONE', 'Saving'],
      ['DONE', 'DONE', 'DONE'],
    ]);
  });

  it('never runs two saves at once', async () => {
    const recorder = recordingSave();
    await runSequentialSave(['gb', 'de', 'fr'], recorder.save);
    expect(recorder.maxRunning()).toBe(1);
  });

  it('stops at a failure in the middle: DONE, Failed, Pending', async () => {
    const recorder = recordingSave(new Set(['de']));
    const result = await runSequentialSave(['gb', 'de', 'fr'], recorder.save);
    expect(statusesOf(result)).toEqual(['DONE', 'Failed', 'Pending']);
    expect(result[1]?.error).toBeInstanceOf(Error);
    expect((result[1]?.error as Error).message).toBe('cannot save de');
    expect(recorder.calls).toEqual(['gb', 'de']);
    expect(allDone(result)).toBe(false);
  });

  it('treats a save that throws synchronously as a failure', async () => {
    const result = await runSequentialSave(['gb', 'de'], (country) => {
      if (country === 'gb') throw new Error('sync');
      return Promise.resolve();
    });
    expect(statusesOf(result)).toEqual(['Failed', 'Pending']);
  });

  it('hands the status callback a fresh array each time', async () => {
    const seen: ItemStatus<string>[][] = [];
    await runSequentialSave(
      ['gb'],
      async () => {},
      (statuses) => seen.push(statuses),
    );
    expect(new Set(seen).size).toBe(seen.length);
    expect(statusesOf(seen[0]!)).toEqual(['Pending']);
  });

  it('answers an empty list at once', async () => {
    expect(await runSequentialSave([], async () => {})).toEqual([]);
  });
});

describe('retry', () => {
  it('retryRemaining yields only what is not DONE', async () => {
    const result = await runSequentialSave(['gb', 'de', 'fr'], recordingSave(new Set(['de'])).save);
    expect(retryRemaining(result)).toEqual(['de', 'fr']);
    expect(retryRemaining(pendingStatuses(['gb']))).toEqual(['gb']);
  });

  it('a retry saves only what is left, one at a time, and keeps the DONE ones', async () => {
    const first = await runSequentialSave(['gb', 'de', 'fr'], recordingSave(new Set(['de'])).save);
    const retry = recordingSave();
    const snapshots: SaveStatus[][] = [];
    const second = await resumeSequentialSave(first, retry.save, (statuses) => snapshots.push(statusesOf(statuses)));
    expect(retry.calls).toEqual(['de', 'fr']);
    expect(retry.maxRunning()).toBe(1);
    expect(statusesOf(second)).toEqual(['DONE', 'DONE', 'DONE']);
    expect(snapshots[0]).toEqual(['DONE', 'Pending', 'Pending']);
    expect(second[1]?.error).toBeUndefined();
  });

  it('running retryRemaining items through runSequentialSave saves only those', async () => {
    const first = await runSequentialSave(['gb', 'de', 'fr'], recordingSave(new Set(['fr'])).save);
    expect(statusesOf(first)).toEqual(['DONE', 'DONE', 'Failed']);
    const retry = recordingSave();
    const second = await runSequentialSave(retryRemaining(first), retry.save);
    expect(retry.calls).toEqual(['fr']);
    expect(statusesOf(second)).toEqual(['DONE']);
  });
});
