import { memo, useCallback, useId, useState } from 'react';
import { blankLike, fieldKind } from '../../../../core/rules/fields';
import { itemLabel } from '../../../../core/rules/itemLabel';
import type { ItemAction, Path } from '../../../../core/rules/paths';
import { ObjectFields } from './ObjectField';
import { ItemActions, ItemHandle, SortableList, focusSoon, inItem, useListItems, useSortableItem } from './sortable';
import { samePath, type FieldChange, type FieldEditorProps } from './types';
import { ChevronDown, ChevronRight } from 'lucide-react';

/** Arrays longer than this show one-line item summaries, one item open at a time. */
const COLLAPSE_AFTER = 3;

const isScalar = (value: unknown): boolean => value === null || typeof value !== 'object';
const isPlainObject = (value: unknown): value is Record<string, unknown> => fieldKind('', value) === 'object';

/**
 * A list: add (shaped like the last item), duplicate, remove, and reorder by drag, by keyboard on the handle or
 * with the move buttons. Beyond COLLAPSE_AFTER items, items of objects show as one-line summaries that open
 * one at a time; lists of texts or numbers stay inline, where the value is its own summary.
 */
export function ArrayField({ label, path, value, onChange, Field }: FieldEditorProps) {
  const items = value as unknown[];
  const addId = useId();
  const { keys, act, move, append } = useListItems(items, (next) => onChange(path, next), `#${CSS.escape(addId)}`);
  // The open item, by key, so that it stays open as it moves. Local: opening an item is not an edit.
  const [openKey, setOpenKey] = useState<string | null>(null);
  const collapsible = items.length > COLLAPSE_AFTER && !items.every(isScalar);
  const itemName = useCallback((index: number) => `${label} item ${index + 1}`, [label]);

  const onAction = useCallback(
    (action: ItemAction, index: number) => {
      const { key, keysAfter } = act(action, index);
      // Duplicating the open item opens the copy, ready to be changed.
      if (action === 'duplicate') setOpenKey((open) => (open === key ? keysAfter[index + 1]! : open));
    },
    [act],
  );

  const onToggle = useCallback((key: string) => setOpenKey((open) => (open === key ? null : key)), []);

  const add = () => {
    const key = append(items.length > 0 ? blankLike(items[items.length - 1]) : '');
    setOpenKey(key);
    focusSoon([inItem(key, ':is(input, textarea, select)'), inItem(key, '.item-handle')]);
  };

  return (
    <fieldset className="field-group array-field">
      <legend>
        {label} <span className="muted">({items.length})</span>
      </legend>
      <SortableList
        label={label}
        className={`list-items${collapsible ? ' collapsed' : ''}`}
        ids={keys}
        itemName={itemName}
        onMove={move}
      >
        {items.map((item, index) => (
          <ArrayItem
            key={keys[index]}
            itemKey={keys[index]!}
            index={index}
            count={items.length}
            name={itemName(index)}
            listName={label}
            parentPath={path}
            value={item}
            onChange={onChange}
            Field={Field}
            collapsible={collapsible}
            open={openKey === keys[index]}
            onAction={onAction}
            onToggle={onToggle}
          />
        ))}
      </SortableList>
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
  /** The list's label ("Slides"), for an item with nothing of its own to be called by ("Slide 2"). */
  listName: string;
  parentPath: Path;
  value: unknown;
  onChange: FieldChange;
  Field: FieldEditorProps['Field'];
  collapsible: boolean;
  open: boolean;
  onAction(action: ItemAction, index: number): void;
  onToggle(key: string): void;
}

const ArrayItem = memo(
  function ArrayItem({
    itemKey,
    index,
    count,
    name,
    listName,
    parentPath,
    value,
    onChange,
    Field,
    collapsible,
    open,
    onAction,
    onToggle,
  }: ArrayItemProps) {
    const bodyId = useId();
    const { setNodeRef, style, isDragging, handleProps } = useSortableItem(itemKey);
    const path = [...parentPath, index];
    const handle = <ItemHandle name={name} handleProps={handleProps} />;
    const actions = (
      <ItemActions name={name} index={index} count={count} onAction={(action) => onAction(action, index)} />
    );
    const className = `list-item${isDragging ? ' dragging' : ''}`;

    if (isScalar(value)) {
      return (
        <li ref={setNodeRef} style={style} className={`${className} scalar`} data-item-key={itemKey}>
          {handle}
          <Field name={index} path={path} value={value} onChange={onChange} />
          {actions}
        </li>
      );
    }

    const summary = itemLabel(value, index, listName);
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
                {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
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
              <ObjectFields path={path} value={value} onChange={onChange} Field={Field} />
            ) : (
              <Field name={index} path={path} value={value} onChange={onChange} />
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
    a.listName === b.listName &&
    a.value === b.value &&
    a.onChange === b.onChange &&
    a.Field === b.Field &&
    a.collapsible === b.collapsible &&
    a.open === b.open &&
    a.onAction === b.onAction &&
    a.onToggle === b.onToggle &&
    samePath(a.parentPath, b.parentPath),
);
