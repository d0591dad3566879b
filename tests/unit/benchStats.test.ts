import { describe, expect, it } from 'vitest';

// A plain Node module without type declarations (shared with bench/run.mjs): imported by address.
const { percentile, median, burstLatencies, ratio, table } = await import(
  new URL('../../bench/stats.mjs', import.meta.url).href
);

describe('bench statistics', () => {
  it('takes nearest-rank percentiles, as the Puck harness does', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 0.5)).toBe(3);
    expect(percentile(values, 0.95)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(median([10, 20, 30, 40])).toBe(20);
    expect(percentile([], 0.5)).toBeNull();
  });

  it('times each key of a burst to the first preview change that shows it', () => {
    const keys = [0, 10, 20, 30];
    // Base text of 5 characters; the preview showed key 0 alone, then keys 1 and 2 together, then key 3.
    const changes = [
      { at: 4, length: 6 },
      { at: 25, length: 8 },
      { at: 33, length: 9 },
    ];
    expect(burstLatencies(keys, changes, 5)).toEqual([4, 15, 5, 3]);
  });

  it('leaves out keys the preview never showed', () => {
    expect(burstLatencies([0, 10, 20], [{ at: 4, length: 6 }], 5)).toEqual([4]);
  });

  it('gives Puck over the Studio, above 1 when the Studio is faster', () => {
    expect(ratio(300, 100)).toBe(3);
    expect(ratio(50, 100)).toBe(0.5);
    expect(ratio(null, 100)).toBeNull();
    expect(ratio(100, 0)).toBeNull();
  });

  it('prints a right-aligned Markdown table with "-" for missing figures', () => {
    expect(
      table(
        ['N', 'open ms'],
        [
          [50, '812'],
          [300, null],
        ],
      ),
    ).toBe(['|   N | open ms |', '|----:|--------:|', '|  50 |     812 |', '| 300 |       - |'].join('\n'));
  });
});
