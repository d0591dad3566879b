import { memo, StrictMode } from 'react';
import { chunk, sameItems } from '../../../core/rules/chunks';
import { createRoot } from 'react-dom/client';
import { emit, onCommand } from './bridge';
import { Block } from './Block';
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
    // A real box, so the browser can skip laying out groups out of view (content-visibility).
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

function Page() {
  const order = useOrder();
  if (order.length === 0) return <p className="preview-empty">Add a component to see it here.</p>;
  return (
    <main className="page">
      {chunk(order).map((ids, index) => (
        <BlockGroup key={index} ids={ids} />
      ))}
    </main>
  );
}

function handle(command: PreviewCommand): void {
  if (command.type === 'feed') receiveFeed(command.blockId, command.url, command.data, command.error);
  else if (command.type === 'notice') reportNotice(command.message);
  else if (command.type === 'pageAssets') applyPageAssets(command);
  else if (command.type === 'settings' && command.webpSupported === null) {
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
