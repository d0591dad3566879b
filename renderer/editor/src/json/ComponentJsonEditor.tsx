import { useAtomValue } from 'jotai';
import { checkComponent } from '../../../../core/rules/jsonProblems';
import { useDoc, useFieldsReadOnly } from '../state/docContext';
import { JsonEditor } from '../code/editors';
import { useDocumentJson } from './useDocumentJson';

/**
 * One component as JSON, edited alone. A valid edit replaces the component (its _identifier may not change);
 * anything else shows its problems and changes nothing. Without focus it follows the component.
 */
export function ComponentJsonEditor({ id }: { id: string }) {
  const doc = useDoc();
  const component = useAtomValue(doc.componentAtom(id));
  const readOnly = useFieldsReadOnly();
  const { text, problems, onChange, focusProps } = useDocumentJson({
    read: () => JSON.stringify(doc.component(id), null, 2),
    version: component,
    check: (next) => checkComponent(next, id),
    apply: (value) => {
      if (JSON.stringify(value) === JSON.stringify(doc.component(id))) return;
      doc.updateComponent(id, () => value);
    },
  });

  return (
    <div className="json-field component-json" {...focusProps}>
      <JsonEditor label="Component JSON" value={text} onChange={onChange} problems={problems} readOnly={readOnly} />
    </div>
  );
}
