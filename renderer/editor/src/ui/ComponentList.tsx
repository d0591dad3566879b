import { useAtomValue } from 'jotai';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useDoc } from '../state/docContext';
import { chunk, sameItems } from '../../../../core/rules/chunks';
import { ComponentRow } from './ComponentRow';

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string): void {
  requestAnimationFrame(() => {
    const header = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
    header?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    header?.focus({ preventScroll: true });
  });
}

/**
 * Arrow keys step the dragged row one place in the list order, whatever the rows' heights: the dragged row's
 * centre goes onto the neighbour's centre, which closestCenter then picks. dnd-kit's default getter steps by
 * geometry and finds no neighbour when the dragged row is open and taller than the rows around it.
 */
function stepByOrder(order: () => readonly string[]): KeyboardCoordinateGetter {
  return (event, { context: { active, over, droppableRects, collisionRect } }) => {
    const delta = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
    if (delta === 0 || !active || !collisionRect) return undefined;
    event.preventDefault();
    const ids = order();
    const target = droppableRects.get(ids[ids.indexOf(String(over?.id ?? active.id)) + delta] ?? '');
    if (!target) return undefined;
    return { x: collisionRect.left, y: target.top + target.height / 2 - collisionRect.height / 2 };
  };
}

const RowGroup = memo(
  function RowGroup({ ids }: { ids: readonly string[] }) {
    // A real box, so the browser can skip laying out groups out of view (content-visibility).
    return (
      <div className="row-group" role="presentation">
        {ids.map((id) => (
          <ComponentRow key={id} id={id} />
        ))}
      </div>
    );
  },
  (before, after) => sameItems(before.ids, after.ids),
);

/** Groups rendered in the first commit of a page; the rest follow in a transition (see ComponentList). */
const FIRST_GROUPS = 2;

/**
 * The ordered component rows. Subscribes to the order only, so typing in a row never re-renders this list.
 * A big page shows its first rows at once and renders the others in an interruptible transition: the
 * preview gets the page right after the first commit and renders it in its own process meanwhile, and a
 * click or a keystroke is never stuck behind a thousand rows.
 */
export const ComponentList = memo(function ComponentList() {
  const doc = useDoc();
  const order = useAtomValue(doc.orderAtom);
  const groups = chunk(order);
  const [mountedGroups, setMountedGroups] = useState(FIRST_GROUPS);
  useEffect(() => {
    if (mountedGroups < groups.length) startTransition(() => setMountedGroups(groups.length));
  }, [mountedGroups, groups.length]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: useMemo(() => stepByOrder(() => doc.order), [doc]) }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) doc.move(doc.indexOf(String(active.id)), doc.indexOf(String(over.id)));
  };

  // Spoken by screen readers during a drag: names and positions, not internal identifiers.
  const accessibility = useMemo(() => {
    const titleOf = (id: string | number): string => {
      const component = doc.component(String(id));
      return component.name || component._component;
    };
    const positionOf = (id: string | number): number => doc.indexOf(String(id)) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at position ${positionOf(active.id)} of ${doc.order.length}.`,
      onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} is over position ${positionOf(over.id)}.` : undefined),
      onDragEnd: ({ active, over }) =>
        over ? `${titleOf(active.id)} was dropped at position ${positionOf(over.id)}.` : `${titleOf(active.id)} was dropped.`,
      onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
    };
    return { announcements };
  }, [doc]);

  if (order.length === 0) {
    return <p className="empty">This page has no components yet. Use Add Component to start.</p>;
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={order as string[]} strategy={verticalListSortingStrategy}>
        <div className="component-list" role="list" aria-label="Components">
          {groups.map((ids, index) =>
            index < mountedGroups ? <RowGroup key={index} ids={ids} /> : <div key={index} className="row-group-pending" style={{ height: `${ids.length * 2.75}rem` }} />,
          )}
        </div>
      </SortableContext>
    </DndContext>
  );
});
