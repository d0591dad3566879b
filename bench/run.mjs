// Benchmarks in Chromium through the browser host (built first by `npm run bench`). Prints figures; it
// asserts nothing. First the start:
// - the editor's initial JavaScript (its entry chunk and the chunks that imports statically), raw and gzipped,
//   and what each part loaded on demand adds;
// - launch to an interactive dashboard: from starting the browser host to the dashboard's page list shown
//   (Chromium already running, as Electron's own start is not the app's); then the same from a reload;
// - Open to an interactive editor with a 50-component page (as `open` below, the median of OPEN_RUNS).
// Then for each page size:
// - open: from the dashboard's Open click to the rows in view (the list mounts the others as they come into
//   view) and every preview block rendered (its content, not a loading placeholder);
// - keystroke-to-preview: from the keydown in the editor to the changed text in the preview document, over
//   KEYSTROKES keystrokes (p50/p95/max), both stamped on the shared clock performance.timeOrigin + now();
// - move (Alt+ArrowDown), delete (Delete on the row) and undo (Ctrl+Z): keydown to the preview's page changed;
// - JS heap of the editor and of the preview.
import { chromium } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initialChunks, sizeOf } from './initialChunks.mjs';
import { startBrowserHost } from './browserHost.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '50,300,1000').split(',').map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 200);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const idOf = (i) => `MainBanner${String(i).padStart(10, '0')}`;
/** The rows mounted when a page opens (ComponentList's first groups). */
const FIRST_ROWS = 64;
const RENDERER = 'out/renderer';
const EDITOR_ENTRY = 'editor/index.html';
const RELOADS = 5;
const OPEN_RUNS = 5;
const median = (values) => percentile(values, 50);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const ms = (value) => `${value.toFixed(1)} ms`;

/** Stamps every keydown in the editor; the preview stamps every change of the watched element. */
async function installClocks(page, previewFrame) {
  await page.evaluate(() => {
    window.__keys = [];
    document.addEventListener('keydown', () => window.__keys.push(performance.timeOrigin + performance.now()), true);
  });
  await previewFrame.evaluate(() => {
    window.__changes = [];
    window.__watch = (selector, read) => {
      window.__observer?.disconnect();
      const target = document.querySelector(selector);
      const reader = new Function('target', `return (${read})(target)`);
      window.__observer = new MutationObserver(() =>
        window.__changes.push({ at: performance.timeOrigin + performance.now(), value: reader(target) }),
      );
      window.__observer.observe(target, { subtree: true, characterData: true, childList: true });
    };
  });
}

/** Presses a key and returns the time from its keydown to the preview showing `expected`. */
async function timeKey(page, previewFrame, key, expected) {
  await page.keyboard.press(key);
  await previewFrame.waitForFunction((value) => window.__changes.some((c) => c.value === value), expected);
  const keyAt = await page.evaluate(() => window.__keys.at(-1));
  const change = await previewFrame.evaluate((value) => window.__changes.find((c) => c.value === value), expected);
  await previewFrame.evaluate(() => (window.__changes = []));
  return change.at - keyAt;
}

/** Saves a draft of `size` Main Banners as the page bench-{size}. */
async function seedPage(page, size) {
  await page.evaluate(
    async ({ count, ids }) => {
      const key = {
        fascia: 'site_jd',
        country: 'gb',
        page: `bench-${count}`,
        source: 'content-editor',
        platform: 'web',
      };
      const opened = await window.studio.openPage({ key });
      const images = {
        desktop: '/sample/images/banner-trainers-desktop.svg',
        mobile: '/sample/images/banner-trainers-mobile.svg',
      };
      const components = ids.map((id, i) => ({
        _component: 'MainBanner',
        _identifier: id,
        name: `Banner ${i + 1}`,
        hidden: false,
        classes: [],
        content: { title: 'Title', subtitle: 'Subtitle', images },
      }));
      await window.studio.saveDraft({ draft: { ...opened.value.draft, components } });
    },
    { count: size, ids: Array.from({ length: size }, (_, i) => idOf(i)) },
  );
}

/** Opens bench-{size} from a freshly loaded dashboard; the time from the Open click to an interactive editor. */
async function openFromDashboard(page, size) {
  await page.evaluate(() => (window.location.hash = '#/services/content-editor'));
  await page.reload();
  const started = Date.now();
  await page
    .getByRole('row', { name: new RegExp(`bench-${size}`) })
    .getByRole('button', { name: /^Open \S+ \(/ })
    .click();
  // The rows in view (the list mounts the others as they come into view) and every block of the preview.
  await page
    .locator('.component-row')
    .nth(Math.min(size, FIRST_ROWS) - 1)
    .waitFor();
  const frame = page.frameLocator('iframe[title="Live preview"]');
  // The last block's own content, not a loading placeholder: the page is really there.
  await frame
    .locator('.block .main-banner')
    .nth(size - 1)
    .waitFor({ state: 'attached' });
  return Date.now() - started;
}

async function benchSize(browser, host, size) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  await seedPage(page, size);
  const openMs = await openFromDashboard(page, size);
  const frame = page.frameLocator('iframe[title="Live preview"]');

  const previewFrame = page.frames().find((f) => f.url().includes('/preview/'));
  await installClocks(page, previewFrame);
  const middle = Math.floor(size / 2);
  // As an editor reaches a component far down the page: a click on its block opens its row.
  await frame.locator(`[data-identifier="${idOf(middle)}"]`).click();
  await page.locator(`[data-row-id="${idOf(middle)}"].open`).waitFor();
  const input = page.getByRole('textbox', { name: 'Title', exact: true });
  await input.click();
  await input.press('End');
  await previewFrame.evaluate(
    (id) => window.__watch(`[data-identifier="${id}"]`, '(t) => t.querySelector("h2")?.textContent ?? ""'),
    idOf(middle),
  );
  let expected = 'Title';
  const latencies = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const char = String.fromCharCode(97 + (i % 26));
    expected += char;
    latencies.push(await timeKey(page, previewFrame, char, expected));
  }

  // Structural changes: watch the order of the blocks on the page.
  await previewFrame.evaluate(() =>
    window.__watch('main.page', '(t) => [...t.querySelectorAll(".block")].map((b) => b.dataset.identifier).join(",")'),
  );
  const orderNow = () =>
    previewFrame.evaluate(() => [...document.querySelectorAll('main.page .block')].map((b) => b.dataset.identifier));
  const order = await orderNow();
  const moved = [...order];
  [moved[middle], moved[middle + 1]] = [moved[middle + 1], moved[middle]];
  const moveMs = await timeKey(page, previewFrame, 'Alt+ArrowDown', moved.join(','));
  await page.locator(`[data-row-id="${idOf(middle)}"] .row-title`).focus();
  const deleteMs = await timeKey(page, previewFrame, 'Delete', moved.filter((id) => id !== idOf(middle)).join(','));
  const undoMs = await timeKey(page, previewFrame, 'Control+z', moved.join(','));

  const heap = (target) => target.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  const editorHeap = await heap(page);
  const previewHeap = await heap(previewFrame);
  await page.close();
  return { size, openMs, latencies, moveMs, deleteMs, undoMs, editorHeap, previewHeap };
}

/** The editor's initial JavaScript, and what each part loaded on demand adds to it. */
function bundleFigures() {
  const start = initialChunks(RENDERER, EDITOR_ENTRY);
  const initial = new Set(start.files);
  const parts = Object.entries(start.manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('editor/'))
    .map(([key]) => ({
      key,
      ...sizeOf(
        RENDERER,
        initialChunks(RENDERER, key).files.filter((file) => !initial.has(file)),
      ),
    }))
    .sort((a, b) => b.gzipped - a.gzipped);
  return { files: start.files, ...sizeOf(RENDERER, start.files), parts };
}

/** Waits, a frame at a time, for the dashboard's page list (or its empty message); returns when, in epoch ms. */
const dashboardShown = (page) =>
  page
    .waitForFunction(
      () => document.querySelector('table.pages, p.empty') && performance.timeOrigin + performance.now(),
      null,
      { polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());

/**
 * Launch (at `launched`, epoch ms) to an interactive dashboard, and the part of it after the host was up (at
 * `hostUp`): the renderer's own start; then reload to an interactive dashboard.
 */
async function dashboardFigures(browser, host, launched, hostUp) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  const shownAt = await dashboardShown(page);
  const launchMs = shownAt - launched;
  const rendererMs = shownAt - hostUp;
  const reloadMs = [];
  for (let i = 0; i < RELOADS; i++) {
    await page.reload();
    const shownAt = await dashboardShown(page);
    reloadMs.push(shownAt - (await page.evaluate(() => performance.timeOrigin)));
  }
  await page.close();
  return { launchMs, rendererMs, reloadMs };
}

/** Open to an interactive editor with a 50-component page, OPEN_RUNS times. */
async function openFigures(browser, host) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  await seedPage(page, 50);
  const runs = [];
  for (let i = 0; i < OPEN_RUNS; i++) runs.push(await openFromDashboard(page, 50));
  await page.close();
  return runs;
}

const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--enable-precise-memory-info',
  ],
});
const launched = Date.now();
const host = await startBrowserHost(dataDir, { user: 'bench@example.com' });
const hostUp = Date.now();
try {
  const { launchMs, rendererMs, reloadMs } = await dashboardFigures(browser, host, launched, hostUp);
  const bundle = bundleFigures();
  console.log(
    `Editor's initial JavaScript: ${kb(bundle.raw)}, ${kb(bundle.gzipped)} gzipped, in ${bundle.files.join(', ')}`,
  );
  console.log(
    `Loaded on demand (what each adds, gzipped): ${bundle.parts.map((part) => `${part.key.replace(/^editor\/src\//, '')} ${kb(part.gzipped)}`).join(', ')}`,
  );
  console.log(
    `Launch to an interactive dashboard: ${ms(launchMs)}, ${ms(rendererMs)} of it after the host was up; reload to an interactive dashboard: median ${ms(median(reloadMs))} of ${RELOADS}`,
  );
  const openRuns = await openFigures(browser, host);
  console.log(
    `Open to an interactive editor, 50 components: median ${ms(median(openRuns))} of ${OPEN_RUNS} (${openRuns.join(', ')} ms)`,
  );
  console.log(`Chromium via the browser host; keystroke-to-preview over ${KEYSTROKES} keystrokes`);
  for (const size of SIZES) {
    const r = await benchSize(browser, host, size);
    console.log(
      `${String(r.size).padStart(5)} components: open ${r.openMs} ms; keystroke p50 ${ms(percentile(r.latencies, 50))}, p95 ${ms(percentile(r.latencies, 95))}, max ${ms(Math.max(...r.latencies))}; ` +
        `move ${ms(r.moveMs)}, delete ${ms(r.deleteMs)}, undo ${ms(r.undoMs)}; heap editor ${(r.editorHeap / 1e6).toFixed(1)} MB, preview ${(r.previewHeap / 1e6).toFixed(1)} MB`,
    );
  }
} finally {
  await browser.close();
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
