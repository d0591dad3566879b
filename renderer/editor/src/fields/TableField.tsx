import { useId, useState, type KeyboardEvent } from 'react';
import { Maximize2, Plus, Trash2, X } from 'lucide-react';
import { labelFromKey } from '../../../../core/rules/fields';
import {
  addColumn,
  addRow,
  cellError,
  cellValue,
  isNumberColumn,
  removeColumn,
  removeRow,
  type TableGrid,
  type TableHeader,
} from '../../../../core/rules/tableGrid';
import { Modal } from '../ui/Modal';
import { FieldEditor, type FieldChange } from './FieldEditor';
import { useDraft } from './useDraft';
import { Tooltip } from '../ui/Tooltip';

type TableContent = Record<string, unknown> & TableGrid;

/** Where a cell's input is, for moving between cells with the keyboard. */
const cellSelector = (row: number, column: number): string => `[data-cell="${row}:${column}"]`;

/**
 * Arrow keys move between cells as in a spreadsheet: up and down always, left and right once the caret is at
 * the start or end of the text; Enter moves down. Tab moves on as everywhere else.
 */
function moveBetweenCells(event: KeyboardEvent<HTMLTableElement>) {
  const input = event.target as HTMLInputElement;
  const at = input.dataset.cell?.split(':').map(Number);
  if (!at || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const [row, column] = at as [number, number];
  const caretAtStart = input.selectionStart === 0 && input.selectionEnd === 0;
  const caretAtEnd = input.selectionStart === input.value.length;
  const target = {
    ArrowUp: [row - 1, column],
    ArrowDown: [row + 1, column],
    Enter: [row + 1, column],
    ArrowLeft: caretAtStart ? [row, column - 1] : null,
    ArrowRight: caretAtEnd ? [row, column + 1] : null,
  }[event.key];
  if (!target) return;
  const next = event.currentTarget.querySelector<HTMLInputElement>(cellSelector(target[0]!, target[1]!));
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.select();
}

/**
 * A TableView's headers and rows as one editable grid (catalogue spec §3): a column per header, its label
 * edited at its head, a row per row; rows and columns added and removed here (core/rules/tableGrid keeps every
 * row keyed by the headers' fields). A Number column's cells take numbers only. The columns' other settings
 * (type, sorting, mobile) are under "Column settings". A wide table opens in a large view, the same grid in a
 * wide dialog.
 */
export function TableField({ content, onChange }: { content: TableContent; onChange: FieldChange }) {
  const [large, setLarge] = useState(false);
  const { headers } = content;
  return (
    <fieldset className="field-group table-grid">
      <legend>Table</legend>
      <Grid content={content} onChange={onChange} />
      <div className="table-grid-actions">
        <button type="button" className="quiet" onClick={() => setLarge(true)}>
          <Maximize2 size={16} aria-hidden />
          Edit in a large view
        </button>
      </div>
      <details className="table-grid-settings">
        <summary>Column settings</summary>
        {headers.map((header, column) => (
          <ColumnSettings key={column} header={header} column={column} onChange={onChange} />
        ))}
      </details>
      <Modal open={large} onOpenChange={setLarge} title="Table" wide>
        <Grid content={content} onChange={onChange} />
        <div className="modal-actions">
          <button type="button" className="primary" onClick={() => setLarge(false)}>
            Done
          </button>
        </div>
      </Modal>
    </fieldset>
  );
}

/** The grid itself, with its row and column buttons: in the panel, and in the large view when open. */
function Grid({ content, onChange }: { content: TableContent; onChange: FieldChange }) {
  const id = useId();
  const { headers, rows } = content;
  const write = (grid: TableGrid) => onChange([], { ...content, ...grid });
  const captionId = `${id}-caption`;
  return (
    <>
      <p className="field-hint" id={captionId}>
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}, {headers.length}{' '}
        {headers.length === 1 ? 'column' : 'columns'}. Arrow keys and Enter move between cells.
      </p>
      <div className="table-grid-scroll">
        <table
          className="table-grid-table"
          aria-label="Table rows"
          aria-describedby={captionId}
          onKeyDown={moveBetweenCells}
        >
          <thead>
            <tr>
              <th scope="col" className="table-grid-corner">
                <span className="visually-hidden">Row</span>
              </th>
              {headers.map((header, column) => (
                <th scope="col" key={column}>
                  <div className="table-grid-head">
                    <input
                      aria-label={`Column ${column + 1} heading`}
                      value={header.label}
                      onChange={(e) => onChange(['headers', column, 'label'], e.target.value)}
                    />
                    <Tooltip content={`Remove column ${header.label || column + 1}`}>
                      <button
                        type="button"
                        className="quiet icon-button"
                        aria-label={`Remove column ${header.label || column + 1}`}
                        onClick={() => write(removeColumn(content, column))}
                      >
                        <X size={14} aria-hidden />
                      </button>
                    </Tooltip>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row" className="table-grid-row-head">
                  <span>{rowIndex + 1}</span>
                  <Tooltip content={`Remove row ${rowIndex + 1}`}>
                    <button
                      type="button"
                      className="quiet icon-button"
                      aria-label={`Remove row ${rowIndex + 1}`}
                      onClick={() => write(removeRow(content, rowIndex))}
                    >
                      <Trash2 size={14} aria-hidden />
                    </button>
                  </Tooltip>
                </th>
                {headers.map((header, column) => (
                  <td key={header.field}>
                    <Cell
                      header={header}
                      value={row[header.field]}
                      at={[rowIndex, column]}
                      onWrite={(cell) => onChange(['rows', rowIndex, header.field], cell)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-grid-actions">
        <button type="button" className="secondary" onClick={() => write(addRow(content))}>
          <Plus size={16} aria-hidden />
          Add row
        </button>
        <button type="button" className="secondary" onClick={() => write(addColumn(content))}>
          <Plus size={16} aria-hidden />
          Add column
        </button>
      </div>
    </>
  );
}

/** One cell: its typed text stays, with why, while a Number column's text is not a number. */
function Cell({
  header,
  value,
  at: [row, column],
  onWrite,
}: {
  header: TableHeader;
  value: unknown;
  at: [number, number];
  onWrite(cell: string | number): void;
}) {
  const errorId = `${useId()}-error`;
  const draft = useDraft(
    value === null || value === undefined ? '' : String(value),
    (text) => cellError(header, text),
    (text) => String(cellValue(header, text)),
    (text) => onWrite(cellValue(header, text)),
  );
  const number = isNumberColumn(header);
  return (
    <>
      <input
        className={number ? 'table-grid-number' : undefined}
        data-cell={`${row}:${column}`}
        aria-label={`${header.label || labelFromKey(header.field)}, row ${row + 1}`}
        inputMode={number ? 'decimal' : undefined}
        value={draft.text}
        aria-invalid={draft.error !== null}
        aria-describedby={draft.error !== null ? errorId : undefined}
        onChange={(e) => draft.change(e.target.value)}
        onBlur={draft.blur}
      />
      {draft.error !== null && (
        <span className="table-grid-error" id={errorId} role="alert">
          {draft.error} Not saved.
        </span>
      )}
    </>
  );
}

/** A column's settings other than its heading and its key: each by its own field editor. */
function ColumnSettings({ header, column, onChange }: { header: TableHeader; column: number; onChange: FieldChange }) {
  return (
    <fieldset className="field-group">
      <legend>{header.label || `Column ${column + 1}`}</legend>
      {Object.entries(header)
        .filter(([key]) => key !== 'label' && key !== 'field')
        .map(([key, value]) => (
          <FieldEditor key={key} name={key} path={['headers', column, key]} value={value} onChange={onChange} />
        ))}
    </fieldset>
  );
}
