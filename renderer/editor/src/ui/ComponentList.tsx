import { useAtomValue } from 'jotai';
import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { memo, useMemo, useRef } from 'react';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useDoc } from '../state/docContext';
import { ComponentRow } from './ComponentRow';

/** Moves keyboard focus to a row's header, e.g. after a click on its block in the preview. */
export function focusRow(id: string): void {
  requestAnimationFrame(() => {
    const header = document.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"] .row-title`);
    header?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    header?.focus({ preventScroll: true });
  });
}

const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };

/** The ordered component rows. Subscribes to the order only, so typing in a row never re-renders this list. */
export const ComponentList = memo(function ComponentList() {
  const doc = useDoc();
  const order = useAtomValue(doc.orderAtom);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // An open row is tall enough that the keyboard sensor finds no neighbour to step onto, so rows collapse
  // while one is dragged (measured again as they do) and the open one reopens afterwards.
  const openBeforeDrag = useRef<string | null>(null);
  const onDragStart = () => {
    openBeforeDrag.current = doc.openId;
    if (doc.openId) doc.setOpen(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) doc.move(doc.indexOf(String(active.id)), doc.indexOf(String(over.id)));
    if (openBeforeDrag.current) doc.setOpen(openBeforeDrag.current);
    openBeforeDrag.current = null;
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
      measuring={MEASURING}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={order as string[]} strategy={verticalListSortingStrategy}>
        <ol className="component-list" aria-label="Components">
          {order.map((id) => (
            <ComponentRow key={id} id={id} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
});
