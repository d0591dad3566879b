// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import type { Component } from '../../core/schemas';
import { jsonForScriptElement, PreviewPageDataSchema } from '../../core/previewDocument';
import { renderPreviewPage } from '../../renderer/preview/src/server';
import type { Root } from 'react-dom/client';
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
let hydrated: Root[] = [];
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
// Each root is unmounted, and React's scheduler given a turn, while this file's window exists: work left
// scheduled ran in the next test file of the worker, without a window ("window is not defined").
afterEach(async () => {
  for (const root of hydrated) root.unmount();
  hydrated = [];
  await new Promise((resolve) => setTimeout(resolve, 0));
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
  hydrated.push(await hydratePage(container, page));
  return serverHtml;
}

const parse = (html: string): HTMLElement => {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
};

describe('the preview rendered on the host hydrates without a mismatch', () => {
  it('has all 44 component types to try', () => {
    expect(new Set(CATALOGUE.map((template) => template.data._component)).size).toBe(44);
  });

  it.each(CATALOGUE.map((template, index) => [template.name, componentOf(template, index)] as const))(
    '%s',
    async (_name, component) => {
      const served = parse(await renderAndHydrate([component]));
      const block = served.querySelector(`[data-identifier="${component._identifier}"]`);
      // Rendered with its content on the host (Custom HTML excepted, below), not as an error or a suspended block.
      expect(block?.classList.contains('block-placeholder')).toBe(component._component === 'CustomHTML');
      expect(served.querySelector('.block-error, .block-loading, .block-unknown')).toBeNull();
      expect(container.querySelector('.block-error, .block-loading, .block-unknown')).toBeNull();
      expect(reported).toEqual([]);
    },
  );

  it('renders a whole page: the first view with content, the rest as placeholders, hydrated alike', async () => {
    const components = CATALOGUE.map(componentOf);
    const served = parse(await renderAndHydrate(components));
    expect(served.querySelectorAll('section.block')).toHaveLength(44);
    expect(served.querySelectorAll('section.block:not(.block-placeholder)')).toHaveLength(6);
    expect(served.querySelector('section.block-placeholder')?.getAttribute('style')).toMatch(/^height:var\(/);
    expect(container.querySelectorAll('section.block')).toHaveLength(44);
    expect(reported).toEqual([]);
  });

  it('leaves Custom HTML to the preview: its markup is never parsed with the document, where scripts would run', async () => {
    const [template] = CATALOGUE.filter((entry) => entry.data._component === 'CustomHTML');
    const component = componentOf(template!, 0);
    component.content = { ...component.content, markup: '<p>Custom</p><script>window.ran = 1</script></main><!--' };
    const served = await renderAndHydrate([component]);
    expect(served).not.toContain('<script');
    expect(served).not.toContain('<p>Custom');
    expect(parse(served).querySelector('section.block')?.classList.contains('block-placeholder')).toBe(true);
    // Once laid out, the preview renders it itself (happy-dom has no layout: every block is near).
    await expect.poll(() => container.querySelector('.custom-html p')?.textContent).toBe('Custom');
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
