import { createElement, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { PREVIEW_PAGE_DATA_ID, PreviewPageDataSchema, type PreviewPageData } from '../../../core/previewDocument';
import { blockWindow } from './blockWindow';
import { PreviewRoot } from './Page';
import { loadImplementations, rawMarkupBlocks } from './registry';
import { previewStore } from './store';

/** The page this document arrived with, rendered by the host (issue 25), or null for a document without one. */
export function serverRenderedPage(): PreviewPageData | null {
  const script = document.getElementById(PREVIEW_PAGE_DATA_ID);
  if (!script) return null;
  try {
    const parsed = PreviewPageDataSchema.safeParse(JSON.parse(script.textContent ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Takes over the blocks the host rendered into the container: the page they were rendered from first, then
 * the implementations of the blocks with content (so none suspends), then hydration. Settles once the page
 * is hydrated and its effects have run, with the root (to unmount it).
 */
export async function hydratePage(container: HTMLElement, page: PreviewPageData): Promise<Root> {
  previewStore.seed(page.components, page.webpSupported);
  const heldBack = rawMarkupBlocks(page.components);
  blockWindow.seed(page.firstView, heldBack);
  // The blocks held back render as soon as the page is laid out: theirs too, so they do not suspend then.
  const soon = new Set([...page.firstView, ...heldBack]);
  await loadImplementations(page.components.filter((c) => soon.has(c._identifier)).map((c) => c._component));
  let root: Root | undefined;
  await new Promise<void>((hydrated) => {
    root = hydrateRoot(container, createElement(StrictMode, null, createElement(PreviewRoot, { onShown: hydrated })));
  });
  return root!;
}
