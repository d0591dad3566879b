import { memo, StrictMode, useLayoutEffect, useMemo, useRef } from 'react';
import { NO_GROUPS, regroup, sameItems, type Grouping } from '../../../core/rules/chunks';
import { createRoot } from 'react-dom/client';
import { emit, onCommand } from './bridge';
import { Block } from './Block';
import { blockWindow } from './blockWindow';
import { ConsoleStrip } from './ConsoleStrip';
import { reportNotice } from './scriptConsole';
import { applyPageAssets } from './pageAssets';
import { receiveFeed } from './lib/feed';
import { detectWebp } from './lib/webp';
import { previewStore, useOrder } from './store';
import { loadImplementations } from './registry';
import type { PreviewCommand } from '../../../core/preview';
import './styles.css';

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

function handle(command: PreviewCommand): void {
  if (command.type === 'feed') receiveFeed(command.blockId, command.url, command.data, command.error);
  else if (command.type === 'notice') reportNotice(command.message);
  else if (command.type === 'pageAssets') {
    // Custom scripts see the blocks of the commands sent before them.
    previewStore.flush();
    applyPageAssets(command);
  } else if (command.type === 'settings' && command.webpSupported === null) {
    void detectWebp().then((supported) => emit({ type: 'webpSupport', supported }));
  } else previewStore.apply(command as Parameters<typeof previewStore.apply>[0]);
}

const typesIn = (command: PreviewCommand): string[] =>
  command.type === 'reset'
    ? command.components.map((c) => c._component)
    : command.type === 'upsert'
      ? [command.component._component]
      : [];

/**
 * Commands are handled in the order they came. One bringing a type not loaded yet waits for its
 * implementation, and the commands behind it wait too; otherwise (every keystroke) it is handled at once.
 */
let backlog: Promise<void> | null = null;
onCommand((command) => {
  const loading = loadImplementations(typesIn(command));
  if (!backlog && !loading) return handle(command);
  const run: Promise<void> = (backlog ?? Promise.resolve())
    .then(() => loading)
    .then(() => handle(command))
    .finally(() => {
      if (backlog === run) backlog = null;
    });
  backlog = run;
});
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Page />
    <ConsoleStrip />
  </StrictMode>,
);
emit({ type: 'ready' });
