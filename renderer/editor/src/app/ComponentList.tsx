import { useAtomValue } from 'jotai';
import {
  DndContext,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useDoc } from '../state/docContext';
import type { EditorDocument } from '../state/document';
import { CHUNK_SIZE, chunk, sameItems } from '../../../../core/rules/chunks';
import { componentLabel } from '../../../../core/rules/displayNames';
import { ComponentRow } from './ComponentRow';
import { COMPONENT_LIST_DND_ID, RowsRegisteredContext } from './rowSortable';
import { SteadyKeyboardSensor } from './steadyKeyboardSensor';
import { StateMessage } from '../ui/StateMessage';

/**
 * Arrow keys step the dragged row one place in the list order, whatever the rows' heights: the dragged row's
 * centre goes onto the centre of the row it is to stand at, which closestCenter then picks. dnd-kit's default
 * getter steps by geometry and finds no neighbour when the dragged row is open and taller than the rows around
 * it. The place aimed at is counted here, not read back from dnd-kit's `over`, which lags a scroll by a render
 * or two: so every arrow counts, and the keyboard drop lands where the arrows said.
 */
function createOrderStepper(order: () => readonly string[]) {
  let aimed: number | null = null;
  const coordinateGetter: KeyboardCoordinateGetter = (
    event,
    { context: { active, droppableRects, collisionRect } },
  ) => {
    const delta = event.code === 'ArrowUp' ? -1 : event.code === 'ArrowDown' ? 1 : 0;
    if (delta === 0 || !active || !collisionRect) return undefined;
    event.preventDefault();
    const ids = order();
    const next = (aimed ?? ids.indexOf(String(active.id))) + delta;
    const target = droppableRects.get(ids[next] ?? '');
    if (!target) return undefined;
    aimed = next;
    return { x: collisionRect.left, y: target.top + target.height / 2 - collisionRect.height / 2 };
  };
  return {
    coordinateGetter,
    /** Where the arrows of this drag aimed, or null for a drag without them (the pointer's); forgets it. */
    takeAimed(): number | null {
      const taken = aimed;
      aimed = null;
      return taken;
    },
  };
}

/** How far outside the panel's visible area a group's rows stay registered with dnd-kit. */
const REGISTER_MARGIN = '400px 0px';

/** Whether an element is within `margin` of its panel's visible area; true until the first report. */
function useNearPanelView(box: React.RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(true);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.at(-1)?.isIntersecting ?? false), {
      root: element.closest('.panel'),
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, margin]);
  return near;
}

const RowGroup = memo(
  function RowGroup({ ids, pinned }: { ids: readonly string[]; pinned: boolean }) {
    const box = useRef<HTMLDivElement>(null);
    const near = useNearPanelView(box, REGISTER_MARGIN);
    // Focus reaches a row out of view (a jump, a find): its group registers at once, so its handle drags.
    const [focusWithin, setFocusWithin] = useState(false);
    // A real box, so the browser can skip laying out groups out of view (content-visibility).
    return (
      <div
        ref={box}
        className="row-group"
        role="presentation"
        onFocus={() => setFocusWithin(true)}
        onBlur={(event) => setFocusWithin(event.currentTarget.contains(event.relatedTarget as Node | null))}
      >
        <RowsRegisteredContext.Provider value={near || pinned || focusWithin}>
          {ids.map((id) => (
            <ComponentRow key={id} id={id} />
          ))}
        </RowsRegisteredContext.Provider>
      </div>
    );
  },
  (before, after) => before.pinned === after.pinned && sameItems(before.ids, after.ids),
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
  const stepper = useMemo(() => createOrderStepper(() => doc.order), [doc]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(SteadyKeyboardSensor, {
      coordinateGetter: stepper.coordinateGetter,
      // An instant scroll: a smooth one was still under way at the next step, which then read old positions.
      scrollBehavior: 'auto',
    }),
  );
  // The dragged row's group stays registered whatever scrolls, like the open row's.
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const draggedIndex = draggedId ? order.indexOf(draggedId) : -1;
  const pinnedGroups = new Set(
    [openIndex, draggedIndex].filter((at) => at >= 0).map((at) => Math.floor(at / CHUNK_SIZE)),
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    stepper.takeAimed();
    setDraggedId(String(active.id));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDraggedId(null);
    const from = doc.indexOf(String(active.id));
    const to = stepper.takeAimed() ?? (over ? doc.indexOf(String(over.id)) : from);
    doc.move(from, to);
    keepHandleInView(String(active.id));
  };
  const onDragCancel = ({ active }: { active: { id: UniqueIdentifier } }) => {
    stepper.takeAimed();
    setDraggedId(null);
    keepHandleInView(String(active.id));
  };
  const accessibility = useMemo(() => dragAccessibility(doc), [doc]);

  if (order.length === 0) {
    return <StateMessage kind="empty" title="This page has no components yet. Use Add Component to start." />;
  }

  return (
    <DndContext
      id={COMPONENT_LIST_DND_ID}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={accessibility}
    >
      <SortableContext items={order as string[]} strategy={verticalListSortingStrategy}>
        <div className="component-list" role="list" aria-label="Components">
          {groups.map((ids, index) =>
            index < mountedGroups ? (
              <RowGroup key={index} ids={ids} pinned={pinnedGroups.has(index)} />
            ) : (
              <PendingGroup key={index} index={index} rows={ids.length} onNear={mountUpTo} />
            ),
          )}
        </div>
      </SortableContext>
    </DndContext>
  );
});

/** After a drop, the handle keeps the focus (dnd-kit gives it back) and is scrolled into view where it landed. */
function keepHandleInView(id: string): void {
  requestAnimationFrame(() =>
    document
      .querySelector(`[data-row-id="${CSS.escape(id)}"] .drag-handle`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'instant' }),
  );
}

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this component, press Space or Enter. Then use the Up and Down arrow keys to choose its new ' +
    'position, press Space or Enter to drop it there, or Escape to put it back.',
};

/**
 * What screen readers hear during a drag: the component's name and positions as the list shows them, e.g.
 * "Picked up Custom HTML, position 2 of 5", "Moved to position 1 of 5". During the drag, positions are those of
 * the order when it began, which changes only on the drop.
 */
function dragAccessibility(doc: EditorDocument): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  let order: readonly string[] = [];
  let spokenOver: UniqueIdentifier | null = null;
  const title = (id: UniqueIdentifier) => componentLabel(doc.component(String(id)));
  const position = (id: UniqueIdentifier) => `position ${order.indexOf(String(id)) + 1} of ${order.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      order = doc.order;
      // dnd-kit reports the row over itself at once: saying so would replace the pick-up before it is heard.
      spokenOver = active.id;
      return `Picked up ${title(active.id)}, ${position(active.id)}.`;
    },
    onDragOver: ({ over }) => {
      if (!over || over.id === spokenOver) return undefined;
      spokenOver = over.id;
      return `Moved to ${position(over.id)}.`;
    },
    // Said after the drop has moved the row: where it now stands.
    onDragEnd: ({ active }) =>
      `Dropped ${title(active.id)} at position ${doc.indexOf(String(active.id)) + 1} of ${doc.order.length}.`,
    onDragCancel: ({ active }) => `Cancelled. ${title(active.id)} is back at ${position(active.id)}.`,
  };
  return { announcements, screenReaderInstructions: INSTRUCTIONS };
}
