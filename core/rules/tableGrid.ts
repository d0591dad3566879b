/**
 * A TableView's headers and rows edited as one grid (catalogue spec §3, "TableView"): each header names a
 * column by its `field`, and every row holds that column's cell under the same key. Each change here keeps
 * that so: a new column adds its key to every row, a removed column takes its cells with it. The saved shape
 * is unchanged; a header's other keys (sortable, type, displayMobile) are shaped like its siblings'.
 */
import { blankLike, isSelectBox } from './fields';

export type Cell = string | number;

export interface TableHeader {
  label: string;
  field: string;
  [setting: string]: unknown;
}

export interface TableGrid {
  headers: TableHeader[];
  rows: Record<string, unknown>[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isHeader = (value: unknown): value is TableHeader =>
  isRecord(value) && typeof value.label === 'string' && typeof value.field === 'string' && value.field !== '';

/**
 * Headers with distinct non-empty fields and rows of plain cells (texts, numbers, empty): what the grid
 * shows whole. Anything else stays with the generic list editors, so nothing is hidden from the user.
 */
export function isTableGrid(headers: unknown, rows: unknown): boolean {
  if (!Array.isArray(headers) || !Array.isArray(rows) || !headers.every(isHeader)) return false;
  const fields = headers.map((header) => header.field);
  if (new Set(fields).size !== fields.length) return false;
  return rows.every(
    (row) =>
      isRecord(row) &&
      Object.entries(row).every(
        ([key, cell]) =>
          fields.includes(key) && (typeof cell === 'string' || typeof cell === 'number' || cell === null),
      ),
  );
}

/** A header column is Number when its type select box (or plain type) says so. */
export function isNumberColumn(header: TableHeader): boolean {
  const type = isSelectBox(header.type) ? header.type.selectBox.current : header.type;
  return type === 'Number';
}

/** A row with an empty cell under every column. */
const blankRow = (headers: readonly TableHeader[]): Record<string, Cell> =>
  Object.fromEntries(headers.map((header) => [header.field, '']));

export function addRow(grid: TableGrid): TableGrid {
  return { ...grid, rows: [...grid.rows, blankRow(grid.headers)] };
}

export function removeRow(grid: TableGrid, index: number): TableGrid {
  return { ...grid, rows: grid.rows.filter((_, i) => i !== index) };
}

/** The first of columnN, columnN+1... (N one past the last column) that no header uses. */
function freeField(headers: readonly TableHeader[]): string {
  const used = new Set(headers.map((header) => header.field));
  let n = headers.length + 1;
  while (used.has(`column${n}`)) n++;
  return `column${n}`;
}

/** A new last column, "Column N", its settings shaped like the last column's, with an empty cell in every row. */
export function addColumn(grid: TableGrid): TableGrid {
  const field = freeField(grid.headers);
  const last = grid.headers.at(-1);
  const settings = last ? (blankLike(last) as TableHeader) : {};
  // A copied type keeps its option list but a new column starts as text; a copied flag starts on.
  const header: TableHeader = { ...settings, label: `Column ${grid.headers.length + 1}`, field };
  for (const [key, value] of Object.entries(header)) {
    if (typeof value === 'boolean') header[key] = true;
    if (isSelectBox(value))
      header[key] = { selectBox: { ...value.selectBox, current: key === 'type' ? 'String' : value.selectBox.current } };
  }
  return { headers: [...grid.headers, header], rows: grid.rows.map((row) => ({ ...row, [field]: '' })) };
}

/** Removes a column: its header and its cell in every row. */
export function removeColumn(grid: TableGrid, index: number): TableGrid {
  const field = grid.headers[index]?.field;
  if (field === undefined) return grid;
  return {
    headers: grid.headers.filter((_, i) => i !== index),
    rows: grid.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== field))),
  };
}

/**
 * Why `text` cannot be stored in a cell of this column, or null: a Number column takes numbers (or nothing),
 * a text column anything.
 */
export function cellError(header: TableHeader, text: string): string | null {
  if (!isNumberColumn(header) || text.trim() === '') return null;
  return Number.isFinite(Number(text.trim())) ? null : `${header.label || 'This column'} holds numbers.`;
}

/** The stored cell for valid text: a number in a Number column (empty stays ''), else the text as typed. */
export function cellValue(header: TableHeader, text: string): Cell {
  if (!isNumberColumn(header) || text.trim() === '') return isNumberColumn(header) ? '' : text;
  return Number(text.trim());
}
