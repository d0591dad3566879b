import { describe, expect, it } from 'vitest';
import {
  clampPage,
  compareCells,
  normaliseItemsPerPage,
  pageCount,
  pageList,
  paginate,
  parseDirection,
  sortRows,
  toggleSort,
  type Row,
} from '../../renderer/preview/src/lib/table';

const sizes: Row[] = [
  { range: 'Adult', uk: 10 },
  { range: 'junior', uk: 3 },
  { range: 'Adult', uk: 9 },
  { range: 'Junior', uk: '4' },
  { range: 'adult', uk: 11 },
];

const column = (rows: readonly Row[], field: string) => rows.map((row) => row[field]);

describe('compareCells', () => {
  it('compares Number cells numerically, text digits included', () => {
    expect(compareCells(2, 10, 'Number')).toBeLessThan(0);
    expect(compareCells('2', '10', 'Number')).toBeLessThan(0);
    expect(compareCells('10.5', 10, 'Number')).toBeGreaterThan(0);
    expect(compareCells(7, '7', 'Number')).toBe(0);
  });

  it('compares String cells with localeCompare, so "10" comes before "2"', () => {
    expect(compareCells('10', '2', 'String')).toBeLessThan(0);
    expect(compareCells('apple', 'Banana', 'String')).toBe('apple'.localeCompare('Banana'));
  });
});

describe('sortRows', () => {
  it('sorts a Number column numerically, not as text', () => {
    const rows = sortRows(sizes, { field: 'uk', direction: 'asc' }, 'Number');
    expect(column(rows, 'uk')).toEqual([3, '4', 9, 10, 11]);
  });

  it('sorts the same column as text when it is a String column', () => {
    const rows = sortRows(sizes, { field: 'uk', direction: 'asc' }, 'String');
    expect(column(rows, 'uk')).toEqual([10, 11, 3, '4', 9]);
  });

  it('sorts a String column with localeCompare', () => {
    const rows = sortRows(sizes, { field: 'range', direction: 'asc' }, 'String');
    const expected = column(sizes, 'range')
      .map(String)
      .sort((a, b) => a.localeCompare(b));
    expect(column(rows, 'range')).toEqual(expected);
  });

  it('reverses the order when descending', () => {
    expect(column(sortRows(sizes, { field: 'uk', direction: 'desc' }, 'Number'), 'uk')).toEqual([11, 10, 9, '4', 3]);
  });

  it('keeps tied rows in their original order in both directions', () => {
    const rows: Row[] = [
      { name: 'a', n: 1 },
      { name: 'b', n: 2 },
      { name: 'c', n: 1 },
    ];
    expect(column(sortRows(rows, { field: 'n', direction: 'asc' }, 'Number'), 'name')).toEqual(['a', 'c', 'b']);
    expect(column(sortRows(rows, { field: 'n', direction: 'desc' }, 'Number'), 'name')).toEqual(['b', 'a', 'c']);
  });

  it('puts empty and non-numeric cells last in either direction', () => {
    const rows: Row[] = [{ n: '' }, { n: 5 }, { n: 'n/a' }, { n: 1 }];
    expect(column(sortRows(rows, { field: 'n', direction: 'asc' }, 'Number'), 'n')).toEqual([1, 5, '', 'n/a']);
    expect(column(sortRows(rows, { field: 'n', direction: 'desc' }, 'Number'), 'n')).toEqual([5, 1, '', 'n/a']);
  });

  it('returns a copy and leaves the input untouched', () => {
    const before = [...sizes];
    const sorted = sortRows(sizes, { field: 'uk', direction: 'asc' }, 'Number');
    expect(sorted).not.toBe(sizes);
    expect(sizes).toEqual(before);
    expect(sortRows(sizes, null, 'String')).toEqual(sizes);
  });
});

describe('toggleSort', () => {
  it('flips the direction of the sorted column', () => {
    const ascending = toggleSort({ field: 'uk', direction: 'desc' }, 'uk');
    expect(ascending).toEqual({ field: 'uk', direction: 'asc' });
    expect(toggleSort(ascending, 'uk')).toEqual({ field: 'uk', direction: 'desc' });
  });

  it('starts another column, or the first sort, ascending', () => {
    expect(toggleSort({ field: 'uk', direction: 'desc' }, 'eu')).toEqual({ field: 'eu', direction: 'asc' });
    expect(toggleSort(null, 'eu')).toEqual({ field: 'eu', direction: 'asc' });
  });

  it('reads a stored direction, ascending unless it says desc', () => {
    expect(parseDirection('desc')).toBe('desc');
    expect(parseDirection(' DESC ')).toBe('desc');
    expect(parseDirection('asc')).toBe('asc');
    expect(parseDirection('')).toBe('asc');
  });
});

describe('pageCount', () => {
  it('rounds up to whole pages', () => {
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageCount(1, 10)).toBe(1);
  });

  it('gives an empty table one page', () => {
    expect(pageCount(0, 10)).toBe(1);
  });

  it('treats an unusable page size as the default of 10', () => {
    expect(normaliseItemsPerPage(0)).toBe(10);
    expect(normaliseItemsPerPage(-3)).toBe(10);
    expect(normaliseItemsPerPage(Number.NaN)).toBe(10);
    expect(normaliseItemsPerPage(2.7)).toBe(2);
    expect(pageCount(25, 0)).toBe(3);
  });
});

describe('paginate', () => {
  const rows = Array.from({ length: 11 }, (_, index) => index + 1);

  it('slices the rows of each page', () => {
    expect(paginate(rows, 1, 4)).toEqual({ items: [1, 2, 3, 4], page: 1, pageCount: 3, start: 0 });
    expect(paginate(rows, 2, 4).items).toEqual([5, 6, 7, 8]);
  });

  it('shows a partial last page', () => {
    expect(paginate(rows, 3, 4)).toEqual({ items: [9, 10, 11], page: 3, pageCount: 3, start: 8 });
    expect(paginate(rows, 2, 10).items).toEqual([11]);
  });

  it('clamps a page past either end', () => {
    expect(paginate(rows, 9, 4).page).toBe(3);
    expect(paginate(rows, 9, 4).items).toEqual([9, 10, 11]);
    expect(paginate(rows, 0, 4).page).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('shows everything on one page when the page size covers it', () => {
    expect(paginate(rows, 1, 50)).toEqual({ items: rows, page: 1, pageCount: 1, start: 0 });
    expect(paginate([], 1, 10)).toEqual({ items: [], page: 1, pageCount: 1, start: 0 });
  });
});

describe('pageList', () => {
  it('lists every page when there are few', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('skips pages far from the current one, keeping the first and last', () => {
    expect(pageList(1, 12)).toEqual([1, 2, 3, 4, 'gap', 12]);
    expect(pageList(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageList(12, 12)).toEqual([1, 'gap', 9, 10, 11, 12]);
  });
});
