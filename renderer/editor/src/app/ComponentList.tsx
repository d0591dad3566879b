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
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useDoc } from '../state/docContext';
import { CHUNK_SIZE, chunk, sameItems } from '../../../../core/rules/chunks';
import { ComponentRow } from './ComponentRow';

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

/** Groups mounted when a page opens: a page of up to this many groups is mounted whole at once. */
const FIRST_GROUPS = 2;
/** How far outside the panel's visible area a group is mounted ahead of scrolling. */
const MOUNT_MARGIN = '800px 0px';

/**
 * Where a group not mounted yet stands: the same height as the rows it holds (the groups' intrinsic size
 * in styles.css). Coming near the panel's visible area, it asks for the groups up to it to be mounted.
 */
function PendingGroup({ index, rows, onNear }: { index: number; rows: number; onNear(index: number): void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onNear(index),
      {
        root: element.closest('.panel'),
        rootMargin: MOUNT_MARGIN,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [index, onNear]);
  return (
    <div ref={box} className="row-group-pending" style={{ height: `calc(${rows} * var(--collapsed-row-height))` }} />
  );
}

/**
 * The ordered component rows. Subscribes to the order only, so typing in a row never re-renders this list.
 * A big page mounts its rows group by group as they come into view (and the open row's group always), like
 * a virtualised list that never unmounts: a thousand sortable rows would take most of a second to mount, the
 * rows in view take a few milliseconds, and the preview gets the page at once.
 */
export const ComponentList = memo(function ComponentList() {
  const doc = useDoc();
  const order = useAtomValue(doc.orderAtom);
  const groups = chunk(order);
  const [nearGroups, setNearGroups] = useState(FIRST_GROUPS);
  const openId = useAtomValue(doc.openIdAtom);
  const openIndex = openId ? order.indexOf(openId) : -1;
  // The groups up to the last one near the view, and up to the open row's: opening a row far down (from its
  // block in the preview, or by moving it) mounts it.
  const mountedGroups = Math.max(nearGroups, openIndex < 0 ? 0 : Math.floor(openIndex / CHUNK_SIZE) + 1);
  const mountUpTo = useCallback(
    (index: number) => startTransition(() => setNearGroups((mounted) => Math.max(mounted, index + 1))),
    [],
  );
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
      onDragStart: ({ active }) =>
        `Picked up ${titleOf(active.id)}, at position ${positionOf(active.id)} of ${doc.order.length}.`,
      onDragOver: ({ active, over }) =>
        over ? `${titleOf(active.id)} is over position ${positionOf(over.id)}.` : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? `${titleOf(active.id)} was dropped at position ${positionOf(over.id)}.`
          : `${titleOf(active.id)} was dropped.`,
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
            index < mountedGroups ? (
              <RowGroup key={index} ids={ids} />
            ) : (
              <PendingGroup key={index} index={index} rows={ids.length} onNear={mountUpTo} />
            ),
          )}
        </div>
      </SortableContext>
    </DndContext>
  );
});
