import { useEffect } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { PAGE_CATEGORIES } from '../../../../core/pageCategories';
import { checkComponentList } from '../../../../core/rules/jsonProblems';
import type { PageLinks } from '../../../../core/schemas';
import { useDoc } from '../state/docContext';
import { JsonEditor } from '../code/editors';
import { useDocumentJson } from '../json/useDocumentJson';
import { Modal } from '../ui/Modal';
import { closeAskedAtom, optionsOpenAtom, unappliedJsonAtom } from './optionsOpen';

const LINK_FIELDS: { label: string; env: keyof PageLinks; device: 'desktop' | 'mobile' }[] = [
  { label: 'UAT Desktop', env: 'uat', device: 'desktop' },
  { label: 'UAT Mobile', env: 'uat', device: 'mobile' },
  { label: 'Live Desktop', env: 'live', device: 'desktop' },
  { label: 'Live Mobile', env: 'live', device: 'mobile' },
];

/** The options panel (editor spec §2): page metadata and the whole component list as JSON. */
export function OptionsPanel() {
  const doc = useDoc();
  const meta = useAtomValue(doc.metaAtom);
  // The page's options and the whole list as JSON are its structure (issue 22): without it they are shown only.
  const refusal = useAtomValue(doc.refusalsAtom).structure;
  const categories =
    PAGE_CATEGORIES.includes(meta.category) || !meta.category
      ? PAGE_CATEGORIES
      : [...PAGE_CATEGORIES, meta.category].sort();

  return (
    <section className="options-panel" aria-label="Page options">
      {refusal && (
        <p role="status" className="field-warning">
          {refusal}
        </p>
      )}
      <fieldset className="bare-fieldset" disabled={refusal !== null}>
        <label>
          Category
          <select value={meta.category} onChange={(e) => doc.setMeta((m) => ({ ...m, category: e.target.value }))}>
            <option value="">—</option>
            {categories.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Subcategory
          <input
            value={meta.subcategory}
            onChange={(e) => doc.setMeta((m) => ({ ...m, subcategory: e.target.value }), 'subcategory')}
          />
        </label>
        <ComponentsJson readOnly={refusal !== null} />
        {LINK_FIELDS.map(({ label, env, device }) => (
          <label key={label}>
            {label}
            <input
              type="url"
              value={meta.pageLinks[env][device]}
              onChange={(e) =>
                doc.setMeta(
                  (m) => ({
                    ...m,
                    pageLinks: { ...m.pageLinks, [env]: { ...m.pageLinks[env], [device]: e.target.value } },
                  }),
                  `${env}.${device}`,
                )
              }
            />
          </label>
        ))}
      </fieldset>
      <CloseWithBrokenJson />
    </section>
  );
}

function CloseWithBrokenJson() {
  const [asked, setAsked] = useAtom(closeAskedAtom);
  const setUnapplied = useSetAtom(unappliedJsonAtom);
  const setOpen = useSetAtom(optionsOpenAtom);
  return (
    <Modal
      open={asked}
      onOpenChange={setAsked}
      title="Close Options?"
      description={
        <p>The Components JSON has errors, so it is not applied to the page. Closing Options drops what you typed.</p>
      }
    >
      <div className="modal-actions">
        <button type="button" className="secondary" autoFocus onClick={() => setAsked(false)}>
          Keep editing
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsked(false);
            setUnapplied(false);
            setOpen(false);
          }}
        >
          Discard and close
        </button>
      </div>
    </Modal>
  );
}

/**
 * The whole list as editable JSON. Valid input that fits the schema re-emits the list; anything else shows
 * why and changes nothing. While it has focus, outside changes do not overwrite what is being typed; without
 * focus it follows the document.
 */
function ComponentsJson({ readOnly }: { readOnly: boolean }) {
  const doc = useDoc();
  const revision = useAtomValue(doc.revisionAtom);
  const { text, problems, onChange, focusProps } = useDocumentJson({
    read: () => JSON.stringify(doc.components(), null, 2),
    version: revision,
    check: checkComponentList,
    apply: (components) => {
      if (JSON.stringify(components) === JSON.stringify(doc.components())) return;
      doc.replaceAll(components);
    },
  });
  const setUnapplied = useSetAtom(unappliedJsonAtom);
  const broken = problems.length > 0;
  useEffect(() => {
    setUnapplied(broken);
    return () => setUnapplied(false);
  }, [broken, setUnapplied]);

  return (
    <div className="json-field" {...focusProps}>
      <JsonEditor
        label="Components JSON"
        id="components-json"
        value={text}
        onChange={onChange}
        problems={problems}
        readOnly={readOnly}
      />
    </div>
  );
}
