import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from '../../main/services/keyedQueue';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed queue', () => {
  it('runs tasks of one key in the order queued, even when an earlier one is slower', async () => {
    const enqueue = createKeyedQueue();
    const finished: string[] = [];
    await Promise.all([
      enqueue('page', async () => {
        await pause(30);
        finished.push('first');
      }),
      enqueue('page', async () => {
        finished.push('second');
      }),
    ]);
    expect(finished).toEqual(['first', 'second']);
  });

  it('runs tasks of different keys side by side', async () => {
    const enqueue = createKeyedQueue();
    const finished: string[] = [];
    await Promise.all([
      enqueue('slow', async () => {
        await pause(30);
        finished.push('slow');
      }),
      enqueue('fast', async () => {
        finished.push('fast');
      }),
    ]);
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('passes a failure to its caller only, and runs the next task of the key', async () => {
    const enqueue = createKeyedQueue();
    const failing = enqueue('page', async () => {
      throw new Error('disk full');
    });
    const next = enqueue('page', async () => 'written');
    await expect(failing).rejects.toThrow('disk full');
    await expect(next).resolves.toBe('written');
  });
});
