import { StrictMode, useLayoutEffect, useRef } from 'react';
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

/**
 * Every block as a direct child of the page, keyed by its identifier: inserting, deleting or moving one
 * leaves the others' elements and state in place (groups of fixed size shifted a block between groups on each
 * delete, remounting one block per later group). The list re-renders only when the order changes, and then
 * every memoised block bails out but those whose meta changed.
 */
function Page() {
  const order = useOrder();
  const page = useRef<HTMLElement>(null);
  useLayoutEffect(() => blockWindow.attach(page.current!), []);
  // Moves change no size, so no ResizeObserver sees them.
  useLayoutEffect(() => blockWindow.update(), [order]);
  return (
    <main className="page" ref={page}>
      {order.length === 0 ? (
        <p className="preview-empty">Add a component to see it here.</p>
      ) : (
        order.map((id) => <Block key={id} id={id} />)
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
