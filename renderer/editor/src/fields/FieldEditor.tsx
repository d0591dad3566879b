import { memo, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { ProductDetailsField } from '../product/ProductDetailsField';
import { OPTION_LISTS, isOptionListName } from '../../../../core/optionLists';
import {
  blankLike,
  fieldKind,
  isColourKey,
  itemSummary,
  knownShape,
  labelFromKey,
  type CtaValue,
  type ImagesValue,
  type RichTextValue,
  type SelectBoxValue,
  type StringPair,
} from '../../../../core/rules/fields';
import { moveItem, type Path } from '../../../../core/rules/paths';
import { RichTextField } from '../richtext/RichTextField';
import { CtasField } from './CtasField';
import { AspectRatioField, ColourField, ImagesField, UrlPairField } from './shapes';
import { ItemActions, SortableList, focusAfter, focusSoon, inItem, newItemKey, useItemKeys, useSortableItem, type ItemAction } from './sortable';
import { samePath, type FieldChange } from './types';

export type { FieldChange } from './types';

interface FieldProps {
  name: string | number;
  path: Path;
  value: unknown;
  onChange: FieldChange;
}

const LONG_TEXT = 80;
/** Arrays longer than this show one-line item summaries, one item open at a time. */
const COLLAPSE_AFTER = 3;

/**
 * One content field, edited by the kind its key and value call for (editor spec §3), or by a dedicated editor
 * for a known shape (images, aspect ratios, link pairs, CTAs, colours). Memoised on its value, so an edit
 * re-renders only the fields along the changed path.
 */
export const FieldEditor = memo(
  function FieldEditor({ name, path, value, onChange }: FieldProps) {
    const id = useId();
    const label = labelFromKey(name);
    const set = (next: unknown) => onChange(path, next);
    const key = String(name);

    switch (knownShape(name, value)) {
      case 'images':
        return <ImagesField label={label} path={path} value={value as ImagesValue} onChange={onChange} />;
      case 'aspectRatio':
        return <AspectRatioField label={label} path={path} value={value as StringPair} onChange={onChange} />;
      case 'urlPair':
        return <UrlPairField label={label} path={path} value={value as StringPair} onChange={onChange} />;
      case 'ctas':
        return <CtasField label={label} path={path} ctas={value as CtaValue[]} onChange={onChange} />;
      case 'colour':
        return <ColourField label={label} path={path} value={value as string} onChange={onChange} />;
      case null:
        break;
    }

    const kind = fieldKind(key, value);
    switch (kind) {
      case 'boolean':
        return (
          <label className="field checkbox">
            <input type="checkbox" checked={value as boolean} onChange={(e) => set(e.target.checked)} />
            {label}
          </label>
        );
      case 'number':
        return (
          <div className="field">
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="number"
              step="any"
              value={Number.isFinite(value) ? (value as number) : ''}
              onChange={(e) => {
                if (e.target.value !== '' && Number.isFinite(e.target.valueAsNumber)) set(e.target.valueAsNumber);
              }}
            />
          </div>
        );
      case 'date':
      case 'dateTime':
        return <DateField id={id} label={label} time={kind === 'dateTime'} value={value as string} set={set} />;
      case 'selectBox':
        return <SelectBoxField id={id} label={label} value={value as SelectBoxValue} set={set} />;
      case 'richText':
        return (
          <RichTextField id={id} label={label} value={(value as RichTextValue).html.value} onChange={(html) => onChange([...path, 'html', 'value'], html)} />
        );
      case 'array':
        return <ArrayField label={label} path={path} items={value as unknown[]} onChange={onChange} />;
      case 'pluDetails':
        return <ProductDetailsField label={label} value={value as Record<string, unknown>} onChange={set} />;
      case 'object':
        return (
          <fieldset className="field-group">
            <legend>{label}</legend>
            <ObjectFields path={path} value={value as Record<string, unknown>} onChange={onChange} />
          </fieldset>
        );
      case 'null':
        // An empty field is edited as what its key says it holds, with the element that kind uses, so the
        // first keystroke (which gives the value a kind) does not swap the element under the caret.
        if (isColourKey(key)) return <ColourField label={label} path={path} value="" onChange={onChange} />;
        if (key.includes('Date')) return <DateField id={id} label={label} time={key.includes('DateTime')} value="" set={set} />;
        return <StringField id={id} label={label} text="" set={set} />;
      case 'string':
        return <StringField id={id} label={label} text={value as string} set={set} />;
    }
  },
  (before, after) =>
    before.value === after.value && before.onChange === after.onChange && before.name === after.name && samePath(before.path, after.path),
);

function ObjectFields({ path, value, onChange }: { path: Path; value: Record<string, unknown>; onChange: FieldChange }) {
  return Object.entries(value).map(([key, child]) => <FieldEditor key={key} name={key} path={[...path, key]} value={child} onChange={onChange} />);
}

/**
 * Long texts get a text area. Which one is decided when the field appears, not per keystroke, so typing past
 * the threshold never swaps the element and loses the caret.
 */
function StringField({ id, label, text, set }: { id: string; label: string; text: string; set(next: unknown): void }) {
  const [multiline] = useState(() => text.length > LONG_TEXT);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} rows={3} value={text} onChange={(e) => set(e.target.value)} />
      ) : (
        <input id={id} value={text} onChange={(e) => set(e.target.value)} />
      )}
    </div>
  );
}

function DateField({ id, label, time, value, set }: { id: string; label: string; time: boolean; value: string; set(next: unknown): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={time ? 'datetime-local' : 'date'} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
}

function SelectBoxField({ id, label, value, set }: { id: string; label: string; value: SelectBoxValue; set(next: unknown): void }) {
  const listName = value.selectBox.options;
  const options = isOptionListName(listName) ? OPTION_LISTS[listName] : null;
  const current = String(value.selectBox.current);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select id={id} value={current} onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })}>
          {!options.includes(current) && <option value={current}>{current} (not in {listName})</option>}
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      ) : (
        <>
          <input id={id} value={current} onChange={(e) => set({ ...value, selectBox: { ...value.selectBox, current: e.target.value } })} />
          <p className="field-warning">Unknown option list “{listName}”: enter the value by hand.</p>
        </>
      )}
    </div>
  );
}

const isScalar = (value: unknown): boolean => value === null || typeof value !== 'object';
const isPlainObject = (value: unknown): value is Record<string, unknown> => fieldKind('', value) === 'object';

/**
 * A list: add (shaped like the last item), duplicate, remove, and reorder by drag, by keyboard on the handle or
 * with the move buttons. Beyond COLLAPSE_AFTER items, items of objects show as one-line summaries that open
 * one at a time; lists of texts or numbers stay inline, where the value is its own summary.
 */
function ArrayField({ label, path, items, onChange }: { label: string; path: Path; items: unknown[]; onChange: FieldChange }) {
  const addId = useId();
  const [keys, setKeys] = useItemKeys(items.length);
  // The open item, by key, so that it stays open as it moves. Local: opening an item is not an edit.
  const [openKey, setOpenKey] = useState<string | null>(null);
  const collapsible = items.length > COLLAPSE_AFTER && !items.every(isScalar);
  const itemName = useCallback((index: number) => `${label} item ${index + 1}`, [label]);

  // The latest list, for item callbacks that stay the same function so that unchanged items skip rendering.
  const latest = useRef({ items, keys, path, onChange });
  useLayoutEffect(() => {
    latest.current = { items, keys, path, onChange };
  });

  const commit = useCallback(
    (next: unknown[], nextKeys: string[]) => {
      setKeys(nextKeys);
      latest.current.onChange(latest.current.path, next);
    },
    [setKeys],
  );

  const onAction = useCallback(
    (action: ItemAction, index: number) => {
      const { items, keys } = latest.current;
      const key = keys[index]!;
      let nextKeys: string[];
      if (action === 'up' || action === 'down') {
        const to = index + (action === 'up' ? -1 : 1);
        nextKeys = moveItem(keys, index, to);
        commit(moveItem(items, index, to), nextKeys);
      } else if (action === 'duplicate') {
        const copyKey = newItemKey();
        nextKeys = [...keys.slice(0, index + 1), copyKey, ...keys.slice(index + 1)];
        commit([...items.slice(0, index + 1), structuredClone(items[index]), ...items.slice(index + 1)], nextKeys);
        // Duplicating the open item opens the copy, ready to be changed.
        setOpenKey((open) => (open === key ? copyKey : open));
      } else {
        nextKeys = keys.filter((_, i) => i !== index);
        commit(
          items.filter((_, i) => i !== index),
          nextKeys,
        );
      }
      focusAfter(action, key, nextKeys, index, `#${CSS.escape(addId)}`);
    },
    [commit, addId],
  );

  const onToggle = useCallback((key: string) => setOpenKey((open) => (open === key ? null : key)), []);

  const add = () => {
    const key = newItemKey();
    const last = items[items.length - 1];
    commit([...items, items.length > 0 ? blankLike(last) : ''], [...keys, key]);
    setOpenKey(key);
    focusSoon([inItem(key, ':is(input, textarea, select)'), inItem(key, '.item-handle')]);
  };

  return (
    <fieldset className="field-group array-field">
      <legend>
        {label} <span className="muted">({items.length})</span>
      </legend>
      {items.length > 0 && (
        <SortableList ids={keys} itemName={itemName} onMove={(from, to) => commit(moveItem(items, from, to), moveItem(keys, from, to))}>
          <ol className={`list-items${collapsible ? ' collapsed' : ''}`} aria-label={label}>
            {items.map((item, index) => (
              <ArrayItem
                key={keys[index]}
                itemKey={keys[index]!}
                index={index}
                count={items.length}
                name={itemName(index)}
                parentPath={path}
                value={item}
                onChange={onChange}
                collapsible={collapsible}
                open={openKey === keys[index]}
                onAction={onAction}
                onToggle={onToggle}
              />
            ))}
          </ol>
        </SortableList>
      )}
      <button type="button" id={addId} className="add-item" onClick={add}>
        Add item to {label}
      </button>
    </fieldset>
  );
}

interface ArrayItemProps {
  itemKey: string;
  index: number;
  count: number;
  /** "Slides item 2": the item in button names and announcements. */
  name: string;
  parentPath: Path;
  value: unknown;
  onChange: FieldChange;
  collapsible: boolean;
  open: boolean;
  onAction(action: ItemAction, index: number): void;
  onToggle(key: string): void;
}

const ArrayItem = memo(
  function ArrayItem({ itemKey, index, count, name, parentPath, value, onChange, collapsible, open, onAction, onToggle }: ArrayItemProps) {
    const bodyId = useId();
    const { setNodeRef, style, isDragging, handleProps } = useSortableItem(itemKey);
    const path = [...parentPath, index];
    const handle = (
      <button type="button" className="drag-handle item-handle" aria-label={`Reorder ${name}`} {...handleProps}>
        ⠿
      </button>
    );
    const actions = <ItemActions name={name} index={index} count={count} onAction={(action) => onAction(action, index)} />;
    const className = `list-item${isDragging ? ' dragging' : ''}`;

    if (isScalar(value)) {
      return (
        <li ref={setNodeRef} style={style} className={`${className} scalar`} data-item-key={itemKey}>
          {handle}
          <FieldEditor name={index} path={path} value={value} onChange={onChange} />
          {actions}
        </li>
      );
    }

    const summary = itemSummary(value, index);
    const expanded = !collapsible || open;
    return (
      <li ref={setNodeRef} style={style} className={`${className}${expanded ? ' open' : ''}`} data-item-key={itemKey}>
        <div className="item-header">
          {handle}
          {collapsible ? (
            <button
              type="button"
              className="item-title item-toggle"
              aria-expanded={open}
              aria-controls={open ? bodyId : undefined}
              title={summary}
              onClick={() => onToggle(itemKey)}
            >
              <span className="item-chevron" aria-hidden="true">
                {open ? '▾' : '▸'}
              </span>
              <span className="item-index" aria-hidden="true">
                {index + 1}.
              </span>
              <span className="item-summary">{summary}</span>
            </button>
          ) : (
            <span className="item-title" title={summary}>
              <span className="item-index" aria-hidden="true">
                {index + 1}.
              </span>
              <span className="item-summary">{summary}</span>
            </span>
          )}
          {actions}
        </div>
        {expanded && (
          <div className="item-body" id={bodyId} role="group" aria-label={name}>
            {isPlainObject(value) ? (
              <ObjectFields path={path} value={value} onChange={onChange} />
            ) : (
              <FieldEditor name={index} path={path} value={value} onChange={onChange} />
            )}
          </div>
        )}
      </li>
    );
  },
  (a, b) =>
    a.itemKey === b.itemKey &&
    a.index === b.index &&
    a.count === b.count &&
    a.name === b.name &&
    a.value === b.value &&
    a.onChange === b.onChange &&
    a.collapsible === b.collapsible &&
    a.open === b.open &&
    a.onAction === b.onAction &&
    a.onToggle === b.onToggle &&
    samePath(a.parentPath, b.parentPath),
);
