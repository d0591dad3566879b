import { useContext, useState } from 'react';
import { initialLinkForm, type LinkForm } from '../../../../core/rules/linkGenerator';
import { QueryBuilderDialog } from '../querybuilder/QueryBuilderDialog';
import { DocContext } from '../state/docContext';
import { toast } from '../state/toasts';
import { lazyPart } from '../components/LazyPart';
import { Modal } from '../components/Modal';

export const LINK_INSERTED = 'Link inserted into the component.';

// The form loads when the dialog first opens; its state lives here, so it outlives closing the dialog.
const LinkGenerator = lazyPart(() => import('./LinkGenerator').then((module) => module.LinkGenerator), {
  what: 'Link Generator',
  layout: 'dialog',
  takeFocus: true,
});

/**
 * The Link Generator modal (editor spec §2, §4, §5, §8): a product-feed query (the FH Query Builder) and the
 * mesh link generator, which builds an app deep link from a small form. Every rule (field visibility, resets,
 * encoding, messages) is core/rules/linkGenerator.ts; this is only its form. The form outlives closing the
 * dialog, so reopening it shows the last link.
 *
 * `country` (for the query builder's locale) defaults to the open page's country; `onInsertQuery` receives the
 * query builder's Insert, which is disabled without it.
 */
export function LinkGeneratorDialog({
  open,
  onOpenChange,
  fascia,
  onInsert,
  country,
  onInsertQuery,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  fascia: string;
  onInsert?(link: string): void;
  country?: string;
  onInsertQuery?(query: string): void;
}) {
  const doc = useContext(DocContext);
  const [form, setForm] = useState<LinkForm>(() => initialLinkForm());
  const [queryBuilderOpen, setQueryBuilderOpen] = useState(false);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Link Generator" wide>
      <LinkGenerator
        form={form}
        setForm={setForm}
        fascia={fascia}
        onOpenQueryBuilder={() => setQueryBuilderOpen(true)}
        onInsert={
          onInsert &&
          ((link) => {
            onInsert(link);
            toast(LINK_INSERTED, 'success');
            onOpenChange(false);
          })
        }
      />
      <QueryBuilderDialog
        open={queryBuilderOpen}
        onOpenChange={setQueryBuilderOpen}
        fascia={fascia}
        country={country ?? doc?.key.country ?? 'gb'}
        onInsert={
          onInsertQuery &&
          ((query) => {
            onInsertQuery(query);
            onOpenChange(false);
          })
        }
      />
    </Modal>
  );
}
