/**
 * Sorting and paging for TableView (catalogue spec §3, "TableView"). Pure: rows in, rows out, nothing mutated.
 */

export type SortDirection = 'asc' | 'desc';
/** The tableContentTypes option list: how a column's cells compare. */
export type ColumnType = 'String' | 'Number';
export type Cell = string | number;
export type Row = Readonly<Record<string, Cell>>;

export interface SortState {
  field: string;
  direction: SortDirection;
}

/** 'desc' (any case) is descending; everything else, missing included, is ascending. */
export const parseDirection = (value: string): SortDirection =>
  value.trim().toLowerCase() === 'desc' ? 'desc' : 'asc';

const asNumber = (value: Cell | undefined): number => {
  if (typeof value === 'number') return value;
  if (value === undefined || value.trim() === '') return Number.NaN;
  return Number(value);
};

/**
 * Ascending order of two cells. Number columns compare numerically (2 before 10); String columns with
 * localeCompare. Cells that are empty, or not numbers in a Number column, sort last in either direction.
 */
export function compareCells(a: Cell | undefined, b: Cell | undefined, type: ColumnType): number {
  if (type === 'Number') {
    const x = asNumber(a);
    const y = asNumber(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return x - y;
  }
  return String(a ?? '').localeCompare(String(b ?? ''));
}

const isBlank = (value: Cell | undefined, type: ColumnType): boolean =>
  type === 'Number' ? Number.isNaN(asNumber(value)) : value === undefined || String(value) === '';

/** A sorted copy of the rows; ties keep their order (the sort is stable), blanks go last either way. */
export function sortRows<R extends Row>(rows: readonly R[], sort: SortState | null, type: ColumnType): R[] {
  if (!sort || !sort.field) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[sort.field];
    const y = b[sort.field];
    const blankX = isBlank(x, type);
    const blankY = isBlank(y, type);
    if (blankX || blankY) return blankX === blankY ? 0 : blankX ? 1 : -1;
    return sign * compareCells(x, y, type);
  });
}

/** The sort after clicking a column's header: the sorted column flips direction, another column starts ascending. */
export function toggleSort(current: SortState | null, field: string): SortState {
  if (current && current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/** Whole rows per page, at least 1; anything unusable falls back to `fallback`. */
export function normaliseItemsPerPage(value: number, fallback = 10): number {
  if (!Number.isFinite(value) || value < 1) return fallback;
  return Math.floor(value);
}

/** Pages needed for `total` rows; an empty table still has one (empty) page. */
export function pageCount(total: number, itemsPerPage: number): number {
  const perPage = normaliseItemsPerPage(itemsPerPage);
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage));
}

/** A page number (from 1) clamped into the pages that exist. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, pages));
}

export interface Page<R> {
  /** The rows on this page. */
  items: R[];
  /** The page shown, from 1, after clamping. */
  page: number;
  pageCount: number;
  /** Index (from 0) of the page's first row in the whole list. */
  start: number;
}

/** The rows of one page (from 1); a page past the end shows the last page, the last page may be partial. */
export function paginate<R>(rows: readonly R[], page: number, itemsPerPage: number): Page<R> {
  const perPage = normaliseItemsPerPage(itemsPerPage);
  const pages = pageCount(rows.length, perPage);
  const current = clampPage(page, pages);
  const start = (current - 1) * perPage;
  return { items: rows.slice(start, start + perPage), page: current, pageCount: pages, start };
}

/**
 * The page buttons to show: every page when there are few, otherwise the first, the last and the current
 * page with its neighbours, with 'gap' where pages are skipped (1 … 4 5 6 … 12).
 */
export function pageList(current: number, pages: number, maxButtons = 7): (number | 'gap')[] {
  if (pages <= maxButtons) return Array.from({ length: pages }, (_, index) => index + 1);
  const page = clampPage(current, pages);
  const wanted = new Set([1, pages, page - 1, page, page + 1]);
  // Near either end, show a few more pages on that side so the row keeps its length.
  if (page <= 3) [2, 3, 4].forEach((n) => wanted.add(n));
  if (page >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((n) => wanted.add(n));
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous > 1) result.push('gap');
    result.push(n);
  });
  return result;
}
