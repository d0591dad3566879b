import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { PAGE_CATEGORIES } from '../../../../core/pageCategories';
import { parseComponentListJson } from '../../../../core/rules/componentJson';
import type { PageLinks } from '../../../../core/schemas';
import { useDoc } from '../state/docContext';

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
  const categories = PAGE_CATEGORIES.includes(meta.category) || !meta.category ? PAGE_CATEGORIES : [...PAGE_CATEGORIES, meta.category].sort();

  return (
    <section className="options-panel" aria-label="Page options">
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
        <input value={meta.subcategory} onChange={(e) => doc.setMeta((m) => ({ ...m, subcategory: e.target.value }))} />
      </label>
      <ComponentsJson />
      {LINK_FIELDS.map(({ label, env, device }) => (
        <label key={label}>
          {label}
          <input
            type="url"
            value={meta.pageLinks[env][device]}
            onChange={(e) =>
              doc.setMeta((m) => ({
                ...m,
                pageLinks: { ...m.pageLinks, [env]: { ...m.pageLinks[env], [device]: e.target.value } },
              }))
            }
          />
        </label>
      ))}
    </section>
  );
}

/**
 * The whole list as editable JSON. Valid input that fits the schema re-emits the list; anything else shows
 * why and changes nothing. While it has focus, outside changes do not overwrite what is being typed.
 */
function ComponentsJson() {
  const doc = useDoc();
  const revision = useAtomValue(doc.revisionAtom);
  const [text, setText] = useState(() => JSON.stringify(doc.components(), null, 2));
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);

  useEffect(() => {
    if (!focused.current) {
      setText(JSON.stringify(doc.components(), null, 2));
      setError(null);
    }
  }, [doc, revision]);

  const onChange = (next: string) => {
    setText(next);
    const parsed = parseComponentListJson(next);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    doc.replaceAll(parsed.components);
  };

  return (
    <div className="json-field">
      <label htmlFor="components-json">Components JSON</label>
      <textarea
        id="components-json"
        rows={12}
        spellCheck={false}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? 'components-json-error' : undefined}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          if (!error) setText(JSON.stringify(doc.components(), null, 2));
        }}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id="components-json-error" role="alert" className="field-error">
          {error} Nothing was changed.
        </p>
      )}
    </div>
  );
}
