import { test, expect, preview, callApi, titleField, type Host } from './host';

/*
 * Issue 17, point 3: opening a page is not serial. The preview document starts with the editor's, and the
 * page fetched once goes to the preview once. No timing is asserted (bench/ measures it).
 */

const KEY = { fascia: 'site_jd', country: 'gb', page: 'opening', source: 'content-editor', platform: 'web' } as const;
const BANNER = {
  _component: 'MainBanner',
  _identifier: 'MainBannerOpening001',
  name: 'Banner',
  hidden: false,
  classes: [],
  content: { title: 'Opened' },
};

/** A draft of one banner; answers the address of its editor. */
async function seedPage(host: Host): Promise<string> {
  const { draft } = await callApi(host, 'openPage', { key: KEY });
  await callApi(host, 'saveDraft', { draft: { ...draft, components: [BANNER] } });
  return `${host.url}/#/services/content-editor/page/${encodeURIComponent(draft.bookmark)}`;
}

test('the preview document starts while the editor’s own scripts load, not once the editor shows a page', async ({
  page,
  host,
}) => {
  const address = await seedPage(host);
  // Before any of the app's module scripts runs (they run after 'interactive'), and again once they all ran.
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const framed = () => document.querySelector('iframe[title="Live preview"]') !== null;
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.dataset.previewAtStart = String(framed());
    });
  });
  await page.goto(address);
  await expect(page.locator('html')).toHaveAttribute('data-preview-at-start', 'true');
  await expect(preview(page).locator('[data-identifier="MainBannerOpening001"] h2')).toHaveText('Opened');
});

test('a page opened at its address reaches the preview once', async ({ page, host }) => {
  const address = await seedPage(host);
  // Counts, in the preview, every whole page (reset) that reaches it, from its first message on: the bridge
  // takes its commands through its port's onmessage, set after this runs.
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/preview/')) return;
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!;
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      ...onmessage,
      set(handler: (event: MessageEvent) => void) {
        onmessage.set!.call(this, (event: MessageEvent) => {
          const data = event.data as { type?: unknown } | null;
          if (data?.type === 'reset') {
            const root = document.documentElement;
            root.dataset.resets = String(Number(root.dataset.resets ?? '0') + 1);
          }
          handler(event);
        });
      },
    });
  });
  await page.goto(address);
  const block = preview(page).locator('[data-identifier="MainBannerOpening001"]');
  await expect(block.locator('h2')).toHaveText('Opened');
  // An edit after the page is open: it reaches the preview after any copy of the page sent on its ready.
  await block.click();
  await titleField(page).fill('Edited');
  await expect(block.locator('h2')).toHaveText('Edited');
  await expect(preview(page).locator('html')).toHaveAttribute('data-resets', '1');
});

test('a page handed to the preview before its document could take it reaches it without the preview asking', async ({
  page,
  host,
}) => {
  const address = await seedPage(host);
  // The preview document comes late, so the editor hands it the page before it can confirm itself.
  let previewServed = false;
  await page.route('**/preview/index.html*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    previewServed = true;
    await route.continue();
  });
  // The editor answers a preview's ready with the whole page again, which reads the settings first
  // (linkPreview's sendPage): no such read once the preview document is there means it was not asked.
  const settingsReadsAfterPreview: string[] = [];
  page.on('request', (request) => {
    if (previewServed && request.url().endsWith('/api/getSettings')) settingsReadsAfterPreview.push(request.url());
  });
  await page.goto(address);
  await expect(preview(page).locator('[data-identifier="MainBannerOpening001"] h2')).toHaveText('Opened');
  expect(settingsReadsAfterPreview).toEqual([]);
});
