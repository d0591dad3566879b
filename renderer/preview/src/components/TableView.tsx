import { useId, useState } from 'react';
import type { BlockProps } from '../registry';
import { choice, flag, list, num, record, text } from '../lib/content';
import {
  normaliseItemsPerPage,
  pageList,
  paginate,
  parseDirection,
  sortRows,
  toggleSort,
  type ColumnType,
  type Row,
  type SortState,
} from '../lib/table';
import './TableView.css';

interface Column {
  label: string;
  field: string;
  sortable: boolean;
  type: ColumnType;
  displayMobile: boolean;
}

interface Paging {
  enabled: boolean;
  itemsPerPage: number;
  align: 'left' | 'center' | 'right';
}

const ALIGNS = ['left', 'center', 'right'] as const;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Number columns align right; columns not for mobile hide below 768px. */
const cellClass = (column: Column): string | undefined =>
  [column.type === 'Number' ? 'table-view-number' : '', column.displayMobile ? '' : 'table-view-hide-mobile']
    .filter(Boolean)
    .join(' ') || undefined;

interface TableProps {
  /** The id of the visible title naming the table, if there is one. */
  titleId: string | undefined;
  label: string;
  columns: Column[];
  rows: Row[];
  initialSort: SortState | null;
  paging: Paging;
}

/** The table's interactive part; remounted (sort and page reset) when the content's initial sort or paging changes. */
function Table({ titleId, label, columns, rows, initialSort, paging }: TableProps) {
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [page, setPage] = useState(1);

  const sortColumn = sort ? columns.find((column) => column.field === sort.field) : undefined;
  const sorted = sortColumn ? sortRows(rows, sort, sortColumn.type) : rows;
  const current = paging.enabled
    ? paginate(sorted, page, paging.itemsPerPage)
    : { items: sorted, page: 1, pageCount: 1, start: 0 };

  const onSort = (field: string) => {
    setSort((previous) => toggleSort(previous, field));
    setPage(1);
  };

  return (
    <>
      <div className="table-view-scroll">
        <table className="table-view-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              {columns.map((column, index) => {
                const direction = sort && sortColumn && sort.field === column.field ? sort.direction : null;
                return (
                  <th
                    key={index}
                    scope="col"
                    className={cellClass(column)}
                    aria-sort={direction ? ARIA_SORT[direction] : column.sortable ? 'none' : undefined}
                  >
                    {column.sortable ? (
                      <button type="button" className="table-view-sort" onClick={() => onSort(column.field)}>
                        {column.label}
                        <span
                          className={`table-view-sort-icon ${direction ? `table-view-sort-${direction}` : ''}`}
                          aria-hidden="true"
                        />
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {current.items.map((row, rowIndex) => (
              <tr key={current.start + rowIndex}>
                {columns.map((column, index) => (
                  <td key={index} className={cellClass(column)}>
                    {row[column.field]}
                  </td>
                ))}
              </tr>
            ))}
            {current.items.length === 0 && (
              <tr>
                <td className="table-view-empty" colSpan={Math.max(1, columns.length)}>
                  No rows yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {paging.enabled && current.pageCount > 1 && (
        <nav className={`table-view-pagination table-view-pagination-${paging.align}`} aria-label={`${label} pages`}>
          <button
            type="button"
            className="table-view-page table-view-page-step"
            onClick={() => setPage(current.page - 1)}
            disabled={current.page <= 1}
          >
            Previous
          </button>
          {pageList(current.page, current.pageCount).map((item, index) =>
            item === 'gap' ? (
              <span key={`gap-${index}`} className="table-view-page-gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className="table-view-page"
                aria-label={`Page ${item}`}
                aria-current={item === current.page ? 'page' : undefined}
                onClick={() => setPage(item)}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            className="table-view-page table-view-page-step"
            onClick={() => setPage(current.page + 1)}
            disabled={current.page >= current.pageCount}
          >
            Next
          </button>
        </nav>
      )}
    </>
  );
}

/** A sortable, paged data table (catalogue spec §3, "TableView"), e.g. a size guide. */
export default function TableView({ content }: BlockProps) {
  const titleId = useId();
  const title = text(content, 'title');
  const columns: Column[] = list(content, 'headers').map((header) => ({
    label: text(header, 'label'),
    field: text(header, 'field'),
    sortable: flag(header, 'sortable'),
    type: choice(header, 'type', 'String') === 'Number' ? 'Number' : 'String',
    // Shown on mobile unless switched off.
    displayMobile: header.displayMobile === undefined ? true : flag(header, 'displayMobile'),
  }));
  // Each cell read as text (a wrong type is a content error); the sort compares Number columns numerically.
  const rows: Row[] = list(content, 'rows').map((row) =>
    Object.fromEntries(columns.map((column) => [column.field, text(row, column.field)])),
  );

  const sortOptions = record(content, 'sortOptions');
  const sortField = text(sortOptions, 'field');
  const initialSort: SortState | null = sortField
    ? { field: sortField, direction: parseDirection(choice(sortOptions, 'direction')) }
    : null;

  const pagination = record(content, 'pagination');
  const align = choice(pagination, 'align');
  const paging: Paging = {
    enabled: flag(pagination, 'enabled'),
    itemsPerPage: normaliseItemsPerPage(num(pagination, 'itemsPerPage', 10)),
    align: (ALIGNS as readonly string[]).includes(align) ? (align as Paging['align']) : 'center',
  };

  return (
    <div className="table-view">
      {title && (
        <h2 className="table-view-title" id={titleId}>
          {title}
        </h2>
      )}
      <Table
        key={`${sortField}|${initialSort?.direction ?? ''}|${paging.enabled}|${paging.itemsPerPage}`}
        titleId={title ? titleId : undefined}
        label={title || 'Table'}
        columns={columns}
        rows={rows}
        initialSort={initialSort}
        paging={paging}
      />
    </div>
  );
}
