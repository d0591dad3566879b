import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** The list's DndContext id, which dnd-kit also gives its hidden drag instructions (the handles' description). */
export const COMPONENT_LIST_DND_ID = 'component-list-drag-instructions';

/**
 * Whether the rows below are registered with dnd-kit. Only the groups near the panel's view are (ComponentList):
 * every registered row re-renders and is re-measured on each change of the order, so a thousand of them made
 * a delete cost a hundred milliseconds.
 */
export const RowsRegisteredContext = createContext(true);

interface Binding {
  attributes: Partial<DraggableAttributes>;
  listeners: DraggableSyntheticListeners;
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

/** A row not registered keeps a handle that reads the same, and does nothing until its group is registered. */
const UNBOUND: Binding = {
  attributes: { 'aria-roledescription': 'sortable', 'aria-describedby': COMPONENT_LIST_DND_ID },
  listeners: undefined,
  transform: undefined,
  transition: undefined,
  isDragging: false,
};

const sameBinding = (a: Binding, b: Binding): boolean =>
  a.listeners === b.listeners &&
  a.transform === b.transform &&
  a.transition === b.transition &&
  a.isDragging === b.isDragging &&
  a.attributes['aria-pressed'] === b.attributes['aria-pressed'] &&
  a.attributes['aria-disabled'] === b.attributes['aria-disabled'] &&
  a.attributes['aria-describedby'] === b.attributes['aria-describedby'];

interface Nodes {
  row: HTMLElement | null;
  handle: HTMLElement | null;
}

/**
 * A row's part in dnd-kit while its group is registered: useSortable, with its results handed to the row. The
 * row keeps its own elements either way, so registering or not never remounts it (and never loses the focus).
 */
function SortableBinding({
  id,
  disabled,
  nodes,
  onChange,
}: {
  id: string;
  disabled: boolean;
  nodes: { current: Nodes };
  onChange(binding: Binding): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  useLayoutEffect(() => {
    setNodeRef(nodes.current.row);
    setActivatorNodeRef(nodes.current.handle);
  }, [nodes, setNodeRef, setActivatorNodeRef]);
  const transformText = CSS.Transform.toString(transform) ?? undefined;
  useLayoutEffect(() => {
    onChange({ attributes, listeners, transform: transformText, transition, isDragging });
  });
  useLayoutEffect(() => () => onChange(UNBOUND), [onChange]);
  return null;
}

/**
 * What a component row needs to be sortable: refs for its element and its drag handle, the props to spread on
 * them, and `binding`, to render inside the row (it renders nothing).
 */
export function useRowSortable(id: string, disabled: boolean) {
  const registered = useContext(RowsRegisteredContext);
  const [binding, setBinding] = useState(UNBOUND);
  const nodes = useRef<Nodes>({ row: null, handle: null });
  const onChange = useCallback(
    (next: Binding) => setBinding((current) => (sameBinding(current, next) ? current : next)),
    [],
  );
  const rowRef = useCallback((element: HTMLElement | null) => {
    nodes.current.row = element;
  }, []);
  const handleRef = useCallback((element: HTMLElement | null) => {
    nodes.current.handle = element;
  }, []);
  const element: ReactNode = registered ? (
    <SortableBinding id={id} disabled={disabled} nodes={nodes} onChange={onChange} />
  ) : null;
  return {
    binding: element,
    rowRef,
    handleRef,
    handleProps: { ...binding.attributes, ...binding.listeners },
    style: { transform: binding.transform, transition: binding.transition },
    isDragging: binding.isDragging,
  };
}
