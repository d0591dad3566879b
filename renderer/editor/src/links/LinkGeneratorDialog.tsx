import { useContext, useState } from 'react';
import { atom, useAtomValue } from 'jotai';
import { initialLinkForm, type LinkForm } from '../../../../core/rules/linkGenerator';
import { linkTargets, withLinkAt } from '../../../../core/rules/insertIntoComponent';
import type { Component } from '../../../../core/schemas';
import { QueryBuilderDialog } from '../querybuilder/QueryBuilderDialog';
import { DocContext } from '../state/docContext';
import type { EditorDocument } from '../state/document';
import { toast } from '../state/toasts';
import { lazyPart } from '../ui/LazyPart';
import { Modal } from '../ui/Modal';
import type { InsertInto } from './LinkGenerator';

export const LINK_INSERTED = 'Link inserted into the component.';
export const OPEN_A_COMPONENT = 'Open a component in the panel to insert the link into it.';
export const noLinkField = (name: string) => `${name} has no link field to insert into.`;

const NO_ID = atom<string | null>(null);
const NO_COMPONENT = atom<Component | null>(null);

/** The component open in the panel, followed as it changes; null when none is. */
function useOpenComponent(doc: EditorDocument | null): Component | null {
  const openId = useAtomValue(doc?.openIdAtom ?? NO_ID, { store: doc?.store });
  return useAtomValue(doc && openId ? doc.componentAtom(openId) : NO_COMPONENT, { store: doc?.store });
}

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
  country,
  onInsertQuery,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  fascia: string;
  country?: string;
  onInsertQuery?(query: string): void;
}) {
  const doc = useContext(DocContext);
  const [form, setForm] = useState<LinkForm>(() => initialLinkForm());
  const [queryBuilderOpen, setQueryBuilderOpen] = useState(false);
  const component = useOpenComponent(doc);
  const targets = component ? linkTargets(component) : [];
  const insertInto: InsertInto =
    !doc || !component
      ? { targets: [], unavailable: OPEN_A_COMPONENT }
      : targets.length === 0
        ? { targets, unavailable: noLinkField(component.name) }
        : {
            targets,
            unavailable: null,
            insert: (link, target) => {
              doc.updateComponent(component._identifier, (current) => withLinkAt(current, target.path, link));
              toast(LINK_INSERTED, 'success');
              onOpenChange(false);
            },
          };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Link Generator" wide>
      <LinkGenerator
        form={form}
        setForm={setForm}
        fascia={fascia}
        onOpenQueryBuilder={() => setQueryBuilderOpen(true)}
        insertInto={insertInto}
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
