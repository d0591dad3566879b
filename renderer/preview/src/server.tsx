import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { PreviewServerRenderer } from '../../../core/previewDocument';
import { blockWindow } from './blockWindow';
import { firstViewBlocks } from './lib/windowing';
import { PreviewRoot } from './Page';
import { implementationModule, loadImplementations, rawMarkupBlocks } from './registry';
import { previewStore } from './store';

/**
 * The preview's server-render entry (issue 25), built for Node by electron.vite.config.ts and run by main's
 * hosts (main/host/previewDocument.ts): the first view of a page, from the preview's own components, as HTML
 * the preview hydrates. The store and the block window are the preview's own module state, seeded and read
 * within one synchronous render, so renders of several documents cannot mix.
 */
export const renderPreviewPage: PreviewServerRenderer['renderPreviewPage'] = async ({ components, webpSupported }) => {
  const heldBack = rawMarkupBlocks(components);
  const firstView = firstViewBlocks(components.filter((c) => !c.hidden).map((c) => c._identifier)).filter(
    (id) => !heldBack.includes(id),
  );
  const shown = new Set(firstView);
  await loadImplementations(components.filter((c) => shown.has(c._identifier)).map((c) => c._component));
  previewStore.seed(components, webpSupported);
  blockWindow.seed(firstView, heldBack);
  const rootHtml = renderToString(
    <StrictMode>
      <PreviewRoot />
    </StrictMode>,
  );
  const shownModules = [
    ...new Set(components.filter((c) => shown.has(c._identifier)).map((c) => implementationModule(c._component))),
  ];
  return { rootHtml, data: { components, webpSupported, firstView }, shownModules };
};
