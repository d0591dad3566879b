import { isTableGrid, type TableGrid } from '../../../../core/rules/tableGrid';
import { FieldEditor, type FieldChange } from './FieldEditor';
import { TableField } from './TableField';

/**
 * A component's content, field by field (FieldEditor). A table's headers and rows (TableView) are one grid,
 * shown where the headers are: each needs the other, so neither is edited alone.
 */
export function ContentFields({ content, onChange }: { content: Record<string, unknown>; onChange: FieldChange }) {
  const table = isTableGrid(content.headers, content.rows);
  return Object.entries(content).map(([key, value]) => {
    if (table && key === 'rows') return null;
    if (table && key === 'headers')
      return <TableField key={key} content={content as Record<string, unknown> & TableGrid} onChange={onChange} />;
    return <FieldEditor key={key} name={key} path={[key]} value={value} onChange={onChange} />;
  });
}
