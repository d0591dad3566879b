import { useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { applyItemAction, moveItem, type ItemAction } from '../../../../core/rules/paths';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type Over,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCSS } from '@dnd-kit/utilities';
import { Copy, GripVertical, X } from 'lucide-react';
import { MoveButtons } from '../ui/MoveButtons';
import { Tooltip } from '../ui/Tooltip';

let keySeed = 0;
/** A React key and dnd-kit id for one array item, unique across the editor. */
const newItemKey = (): string => `item-${++keySeed}`;

/**
 * Stable keys for the items of a content array, so that an item's fields (their local state, their focus)
 * follow it when it moves. Our own edits keep the keys in step (`setKeys` with the new list); a length
 * change from elsewhere (undo, the JSON panel) trims or extends them.
 */
function useItemKeys(count: number): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length: count }, newItemKey));
  if (keys.length === count) return [keys, setKeys];
  const fixed =
    keys.length > count ? keys.slice(0, count) : [...keys, ...Array.from({ length: count - keys.length }, newItemKey)];
  setKeys(fixed);
  return [fixed, setKeys];
}

/**
 * An editable list's items under stable keys, and what its buttons, drags and add do to them: each change
 * goes to `onChange` with the keys kept in step, and focus goes where the keyboard user expects (focusAfter;
 * `fallback` once the last item is removed). The functions keep their identity, so that memoised items skip
 * rendering when another item changes.
 */
export function useListItems<T>(items: readonly T[], onChange: (next: T[]) => void, fallback: string) {
  const [keys, setKeys] = useItemKeys(items.length);
  // The latest list, for functions that stay the same function.
  const latest = useRef({ items, keys, onChange, fallback });
  useLayoutEffect(() => {
    latest.current = { items, keys, onChange, fallback };
  });

  const commit = useCallback(
    (next: T[], nextKeys: string[]) => {
      setKeys(nextKeys);
      latest.current.onChange(next);
    },
    [setKeys],
  );

  /** Runs an item's button; answers the item's key and the keys after, e.g. to open a duplicate. */
  const act = useCallback(
    (action: ItemAction, index: number): { key: string; keysAfter: string[] } => {
      const { items, keys, fallback } = latest.current;
      const key = keys[index]!;
      const keysAfter = applyItemAction(keys, action, index, newItemKey);
      commit(applyItemAction(items, action, index, structuredClone), keysAfter);
      focusAfter(action, key, keysAfter, index, fallback);
      return { key, keysAfter };
    },
    [commit],
  );

  const move = useCallback(
    (from: number, to: number) => {
      const { items, keys } = latest.current;
      commit(moveItem(items, from, to), moveItem(keys, from, to));
    },
    [commit],
  );

  /** Adds an item at the end; answers its key. */
  const append = useCallback(
    (item: T): string => {
      const { items, keys } = latest.current;
      const key = newItemKey();
      commit([...items, item], [...keys, key]);
      return key;
    },
    [commit],
  );

  return { keys, act, move, append };
}

const sortableItems = (entry: Active | Over | null): UniqueIdentifier[] =>
  (entry?.data.current?.sortable?.items as UniqueIdentifier[] | undefined) ?? [];
const sortableIndex = (entry: Active | Over | null): number =>
  (entry?.data.current?.sortable?.index as number | undefined) ?? -1;

/**
 * Arrow keys step the dragged item one place in its list, whatever the items' heights (an open item is much
 * taller than its closed siblings): the item's centre goes onto the neighbour's, which closestCenter then
 * picks. The same idea as the component list's getter, with the order read from the sortable context.
 */
const stepInList: KeyboardCoordinateGetter = (event, { context: { active, over, droppableRects, collisionRect } }) => {
  const delta = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
  if (delta === 0 || !active || !collisionRect) return undefined;
  event.preventDefault();
  const ids = sortableItems(active);
  const target = droppableRects.get(ids[ids.indexOf(over?.id ?? active.id) + delta] ?? '');
  if (!target) return undefined;
  return { x: collisionRect.left, y: target.top + target.height / 2 - collisionRect.height / 2 };
};

/**
 * The sortable list of a list field's items (an <ol> named `label`, nothing while it is empty): drag by
 * pointer, or by keyboard on an item's handle (Space, arrows, Space). `itemName(index)` names an item in what
 * screen readers hear ("Slides item 2"). The items are `children`, each with useSortableItem.
 */
export function SortableList({
  label,
  className,
  ids,
  itemName,
  onMove,
  children,
}: {
  label: string;
  className: string;
  ids: string[];
  itemName(index: number): string;
  onMove(from: number, to: number): void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepInList }),
  );

  // The picked-up item's name, fixed at pick-up: by the drop its index (and so its name) has changed.
  const picked = useRef('');
  const accessibility = useMemo(() => {
    const nameOf = (active: Active) => picked.current || itemName(sortableIndex(active));
    const positionOf = (entry: Active | Over) => sortableIndex(entry) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => {
        picked.current = itemName(sortableIndex(active));
        return `Picked up ${nameOf(active)}, at position ${positionOf(active)} of ${sortableItems(active).length}.`;
      },
      onDragOver: ({ active, over }) => (over ? `${nameOf(active)} is over position ${positionOf(over)}.` : undefined),
      onDragEnd: ({ active, over }) =>
        over ? `${nameOf(active)} was dropped at position ${positionOf(over)}.` : `${nameOf(active)} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${nameOf(active)} was cancelled.`,
    };
    return { announcements };
  }, [itemName]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  if (ids.length === 0) return null;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** What an item of a SortableList needs: its node, its handle's props and its drag style. */
export function useSortableItem(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = { transform: DndCSS.Transform.toString(transform), transition };
  return { setNodeRef, style, isDragging, handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners } };
}

/** An item's drag handle, with the props useSortableItem gives it. */
export function ItemHandle({
  name,
  handleProps,
}: {
  name: string;
  handleProps: ReturnType<typeof useSortableItem>['handleProps'];
}) {
  return (
    <button type="button" className="drag-handle item-handle" aria-label={`Reorder ${name}`} {...handleProps}>
      <GripVertical size={16} aria-hidden />
    </button>
  );
}

/** Focuses an element once React has committed the change that (re)placed it, e.g. after a move. */
export function focusSoon(selectors: string[]): void {
  requestAnimationFrame(() => {
    for (const selector of selectors) {
      const element = document.querySelector<HTMLElement>(selector);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        return;
      }
    }
  });
}

/** A selector for a part of the item with this key. */
export const inItem = (key: string, part: string): string => `[data-item-key="${CSS.escape(key)}"] ${part}`;

/** The move, duplicate and remove buttons of one item; `name` is the item's name ("Slides item 2"). */
export function ItemActions({
  name,
  index,
  count,
  onAction,
  duplicate = true,
}: {
  name: string;
  index: number;
  count: number;
  onAction(action: ItemAction): void;
  duplicate?: boolean;
}) {
  return (
    <div className="item-actions" role="group" aria-label={`${name} actions`}>
      <MoveButtons name={name} index={index} count={count} onMove={onAction} />
      {duplicate && (
        <Tooltip content="Duplicate">
          <button
            type="button"
            data-action="duplicate"
            onClick={() => onAction('duplicate')}
            aria-label={`Duplicate ${name}`}
          >
            <Copy size={14} aria-hidden />
          </button>
        </Tooltip>
      )}
      <Tooltip content="Remove">
        <button
          type="button"
          data-action="remove"
          className="item-remove"
          onClick={() => onAction('remove')}
          aria-label={`Remove ${name}`}
        >
          <X size={14} aria-hidden />
        </button>
      </Tooltip>
    </div>
  );
}

/**
 * Where focus goes after an action on an item, so that keyboard users keep their place: the same button on
 * the moved item (the other move button once it reaches an end), the copy's handle, or after a removal the
 * next item's handle, else the previous one's, else `fallback`.
 */
function focusAfter(
  action: ItemAction,
  key: string,
  keysAfter: readonly string[],
  index: number,
  fallback: string,
): void {
  switch (action) {
    case 'up':
    case 'down': {
      const other = action === 'up' ? 'down' : 'up';
      focusSoon([
        inItem(key, `[data-action="${action}"]`),
        inItem(key, `[data-action="${other}"]`),
        inItem(key, '.item-handle'),
      ]);
      return;
    }
    case 'duplicate': {
      const copy = keysAfter[index + 1];
      if (copy) focusSoon([inItem(copy, '.item-handle')]);
      return;
    }
    case 'remove': {
      const next = keysAfter[index] ?? keysAfter[index - 1];
      focusSoon(next ? [inItem(next, '.item-handle'), fallback] : [fallback]);
      return;
    }
  }
}
