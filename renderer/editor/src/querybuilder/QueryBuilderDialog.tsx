import { useState } from 'react';
import { initialFhQuery, type FhQueryState } from '../../../../core/rules/fhQuery';
import { toast } from '../state/toasts';
import { lazyPart } from '../ui/LazyPart';
import { Modal } from '../ui/Modal';

export const QUERY_INSERTED = 'Query inserted into the component.';

// The builder loads when the dialog first opens; its state lives here, so it outlives closing the dialog.
const QueryBuilder = lazyPart(() => import('./QueryBuilder').then((module) => module.QueryBuilder), {
  what: 'Query Builder',
  layout: 'dialog',
  takeFocus: true,
});

/**
 * The FH Query Builder overlay (editor spec §2): facet groups on the left (Categories open by default), the
 * chosen filters as removable "Filtering By" tabs, the product count, and the faceted-search query string the
 * filters stand for, to copy or to insert into the open component's product-feed field. The chosen filters
 * outlive closing the dialog, so reopening it carries on where the user left off.
 */
export function QueryBuilderDialog({
  open,
  onOpenChange,
  fascia,
  country,
  onInsert,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  fascia: string;
  country: string;
  onInsert?(query: string): void;
}) {
  const [query, setQuery] = useState<FhQueryState>(initialFhQuery);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="FH Query Builder" wide>
      <QueryBuilder
        state={query}
        onChange={setQuery}
        fascia={fascia}
        country={country}
        onInsert={
          onInsert &&
          ((text) => {
            onInsert(text);
            toast(QUERY_INSERTED, 'success');
            onOpenChange(false);
          })
        }
      />
    </Modal>
  );
}
