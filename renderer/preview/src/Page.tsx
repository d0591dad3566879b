import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { NO_GROUPS, regroup, sameItems, type Grouping } from '../../../core/rules/chunks';
import { Block } from './Block';
import { blockWindow } from './blockWindow';
import { ConsoleStrip } from './ConsoleStrip';
import { useOrder } from './store';

const BlockGroup = memo(
  function BlockGroup({ ids }: { ids: readonly string[] }) {
    return (
      <div className="block-group">
        {ids.map((id) => (
          <Block key={id} id={id} />
        ))}
      </div>
    );
  },
  (before, after) => sameItems(before.ids, after.ids),
);

/**
 * Blocks in groups, so that a keystroke's render visits a group's blocks and the groups, not every block (React
 * visits every sibling of an updated element). The groups are stable (regroup): inserting, deleting or moving a
 * block moves no other block to another group, so their elements and state stay (React remounts an element
 * moved between parents). An order change re-renders the groups it changed; memoised blocks re-render only
 * when their own meta changed.
 */
function Page() {
  const order = useOrder();
  const grouping = useRef<Grouping>(NO_GROUPS);
  const groups = useMemo(() => (grouping.current = regroup(grouping.current, order)).groups, [order]);
  const page = useRef<HTMLElement>(null);
  useLayoutEffect(() => blockWindow.attach(page.current!), []);
  // Moves change no size, so no ResizeObserver sees them.
  useLayoutEffect(() => blockWindow.update(), [order]);
  return (
    <main className="page" ref={page}>
      {order.length === 0 ? (
        <p className="preview-empty">Add a component to see it here.</p>
      ) : (
        groups.map((group) => <BlockGroup key={group.key} ids={group.ids} />)
      )}
    </main>
  );
}

/**
 * Everything the preview draws: rendered in the preview (main.tsx) and, for a document that arrives with its
 * page, on the host (server.tsx) from the same components. onShown runs once it is on screen, hydrated or not.
 */
export function PreviewRoot({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <>
      <Page />
      <ConsoleStrip />
    </>
  );
}
