import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { emit, onCommand } from './bridge';
import { hydratePage, serverRenderedPage } from './hydrate';
import { PreviewRoot } from './Page';
import { reportNotice } from './scriptConsole';
import { applyPageAssets } from './pageAssets';
import { receiveFeed } from './lib/feed';
import { detectWebp } from './lib/webp';
import { previewStore } from './store';
import { loadImplementations } from './registry';
import type { PreviewCommand } from '../../../core/preview';
import { HYDRATED_ATTRIBUTE } from '../../../core/previewDocument';
import './styles.css';

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

const container = document.getElementById('root')!;

/**
 * Commands are handled in the order they came. While a server-rendered page hydrates, they wait: what it
 * renders must be what the host rendered. One bringing a type not loaded yet waits for its implementation,
 * and the commands behind it wait too; otherwise (every keystroke) it is handled at once.
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

const page = serverRenderedPage();
if (page) {
  const hydrating = hydratePage(container, page).then(() => undefined);
  backlog = hydrating;
  void hydrating.then(() => {
    container.setAttribute(HYDRATED_ATTRIBUTE, '');
    if (backlog === hydrating) backlog = null;
  });
} else {
  // A document without a page (the preview loaded before the editor opened one): everything comes by command.
  createRoot(container).render(
    <StrictMode>
      <PreviewRoot />
    </StrictMode>,
  );
}
emit({ type: 'ready' });
