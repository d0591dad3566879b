// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import type { Component } from '../../core/schemas';
import { jsonForScriptElement, PreviewPageDataSchema } from '../../core/previewDocument';
import { renderPreviewPage } from '../../renderer/preview/src/server';
import { hydratePage } from '../../renderer/preview/src/hydrate';

/*
 * Issue 25 §3: every catalogue template rendered by the host's server renderer hydrates in the preview without
 * a mismatch. React reports a mismatch as a recoverable error (console.error, or an error event where the
 * browser has reportError) and re-renders on the client; any console error or warning fails the test.
 */

const componentOf = (template: (typeof CATALOGUE)[number], index: number): Component => ({
  ...structuredClone(template.data),
  _identifier: `${template.data._component}Ssr${index}`,
  name: template.name,
  hidden: false,
  classes: [],
});

let reported: unknown[][];
let container: HTMLElement;
const onError = (event: ErrorEvent) => reported.push(['error event', event.message, event.error]);
beforeEach(() => {
  reported = [];
  for (const level of ['error', 'warn'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void reported.push([level, ...args]));
  window.addEventListener('error', onError);
  // The preview's bridge (its preload or the browser host's script): blocks ask for feeds through it.
  Object.assign(window, { preview: { onCommand: () => undefined, emit: () => undefined, navigate: () => undefined } });
  container = document.createElement('div');
  document.body.append(container);
});
afterEach(() => {
  window.removeEventListener('error', onError);
  vi.restoreAllMocks();
  container.remove();
});

/** Renders the page as the host does, puts it in the document, and hydrates it as the preview does. */
async function renderAndHydrate(components: Component[], tamper?: (root: HTMLElement) => void) {
  const { rootHtml, data } = await renderPreviewPage({ components, webpSupported: false });
  container.innerHTML = rootHtml;
  tamper?.(container);
  const serverHtml = container.innerHTML;
  // The data goes through the document's JSON script and the preview's schema, as in a served document.
  const page = PreviewPageDataSchema.parse(JSON.parse(jsonForScriptElement(data)));
  // As in the preview: React's own scheduler, not act(), so the promise settles once hydrated.
  await hydratePage(container, page);
  return serverHtml;
}

describe('the preview rendered on the host hydrates without a mismatch', () => {
  it('has all 44 component types to try', () => {
    expect(new Set(CATALOGUE.map((template) => template.data._component)).size).toBe(44);
  });

  it.each(CATALOGUE.map((template, index) => [template.name, componentOf(template, index)] as const))(
    '%s',
    async (_name, component) => {
      const serverHtml = await renderAndHydrate([component]);
      const block = container.querySelector(`[data-identifier="${component._identifier}"]`);
      // Rendered with its content on the host, not as a placeholder, and not as an error or a suspended block.
      expect(serverHtml).toContain(`data-identifier="${component._identifier}"`);
      expect(block?.classList.contains('block-placeholder')).toBe(false);
      expect(block?.querySelector('.block-error, .block-loading, .block-unknown')).toBeNull();
      expect(reported).toEqual([]);
    },
  );

  it('renders a whole page: the first view with content, the rest as placeholders, hydrated alike', async () => {
    const components = CATALOGUE.map(componentOf);
    const serverHtml = await renderAndHydrate(components);
    const served = document.createElement('div');
    served.innerHTML = serverHtml;
    expect(served.querySelectorAll('section.block')).toHaveLength(44);
    expect(served.querySelectorAll('section.block:not(.block-placeholder)')).toHaveLength(6);
    expect(served.querySelector('section.block-placeholder')?.getAttribute('style')).toMatch(/^height:var\(/);
    expect(container.querySelectorAll('section.block')).toHaveLength(44);
    expect(reported).toEqual([]);
  });

  it('fails on a mismatch (the check above can fail)', async () => {
    const [component] = CATALOGUE.map(componentOf);
    await renderAndHydrate([component!], (root) =>
      root.querySelector('section.block')!.setAttribute('data-index', 'X'),
    );
    expect(reported).not.toEqual([]);
  });
});
