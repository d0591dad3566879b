import { useCallback, useId } from 'react';
import { blankCta, blankLike, type CtaValue } from '../../../../core/rules/fields';
import type { ItemAction, Path } from '../../../../core/rules/paths';
import { itemLabel } from '../../../../core/rules/itemLabel';
import type { FieldChange, FieldEditorProps } from './types';
import { ItemActions, ItemHandle, SortableList, focusSoon, inItem, useListItems, useSortableItem } from './sortable';

const ctaName = (index: number): string => `CTA ${index + 1}`;

/** Calls to action as a compact list: text, link and invert per CTA; add, remove and reorder. */
export function CtasField({ label, path, value, onChange }: FieldEditorProps) {
  const ctas = value as CtaValue[];
  const addId = useId();
  const { keys, act, move, append } = useListItems(ctas, (next) => onChange(path, next), `#${CSS.escape(addId)}`);
  const itemName = useCallback(ctaName, []);

  const add = () => {
    const last = ctas[ctas.length - 1];
    const key = append(last ? (blankLike(last) as CtaValue) : blankCta());
    focusSoon([inItem(key, 'input[type="text"]')]);
  };

  return (
    <fieldset className="field-group shape-ctas">
      <legend>
        {label} <span className="muted">({ctas.length})</span>
      </legend>
      <SortableList label={label} className="cta-list" ids={keys} itemName={itemName} onMove={move}>
        {ctas.map((cta, index) => (
          <CtaRow
            key={keys[index]}
            itemKey={keys[index]!}
            index={index}
            count={ctas.length}
            cta={cta}
            path={[...path, index]}
            onChange={onChange}
            onAction={act}
          />
        ))}
      </SortableList>
      <button type="button" id={addId} className="add-item" onClick={add}>
        Add CTA
      </button>
    </fieldset>
  );
}

function CtaRow({
  itemKey,
  index,
  count,
  cta,
  path,
  onChange,
  onAction,
}: {
  itemKey: string;
  index: number;
  count: number;
  cta: CtaValue;
  path: Path;
  onChange: FieldChange;
  onAction(action: ItemAction, index: number): void;
}) {
  const id = useId();
  const name = ctaName(index);
  const label = itemLabel(cta, index, 'CTAs');
  const { setNodeRef, style, isDragging, handleProps } = useSortableItem(itemKey);
  return (
    <li ref={setNodeRef} style={style} className={`cta-item${isDragging ? ' dragging' : ''}`} data-item-key={itemKey}>
      <div className="item-header">
        <ItemHandle name={name} handleProps={handleProps} />
        {/* Read by its text ("CTA · Shop now"); the buttons keep the position, which stays put as it is typed. */}
        <span className="item-title" title={label}>
          {label}
        </span>
        <label className="checkbox cta-invert">
          <input
            type="checkbox"
            checked={cta.invert === true}
            onChange={(e) => onChange([...path, 'invert'], e.target.checked)}
          />
          <span className="visually-hidden">{name} </span>Invert
        </label>
        <ItemActions name={name} index={index} count={count} onAction={(action) => onAction(action, index)} />
      </div>
      <div className="cta-fields">
        <div className="field">
          <label htmlFor={`${id}-text`}>
            <span className="visually-hidden">{name} </span>Text
          </label>
          <input
            id={`${id}-text`}
            type="text"
            value={cta.text}
            onChange={(e) => onChange([...path, 'text'], e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-url`}>
            <span className="visually-hidden">{name} </span>URL
          </label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            spellCheck={false}
            value={cta.url}
            onChange={(e) => onChange([...path, 'url'], e.target.value)}
          />
        </div>
      </div>
    </li>
  );
}
