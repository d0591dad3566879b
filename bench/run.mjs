// Benchmarks in Chromium through the browser host (built first by `npm run bench`). Prints figures; it
// asserts nothing. For each page size:
// - open: from the dashboard's Open click to the rows in view (the list mounts the others as they come into
//   view) and every preview block rendered (its content, not a loading placeholder);
// - keystroke-to-preview: from the keydown in the editor to the changed text in the preview document, over
//   KEYSTROKES keystrokes (p50/p95/max), both stamped on the shared clock performance.timeOrigin + now();
// - move (Alt+ArrowDown), delete (Delete on the row) and undo (Ctrl+Z): keydown to the preview's page changed;
// - JS heap of the editor and of the preview.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = (process.env.BENCH_SIZES ?? '50,300,1000').split(',').map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 200);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const idOf = (i) => `MainBanner${String(i).padStart(10, '0')}`;
/** The rows mounted when a page opens (ComponentList's first groups). */
const FIRST_ROWS = 64;

async function startHost(dataDir) {
  const child = spawn(process.execPath, ['out/main/browser-host.js', '--port', '0', '--data-dir', dataDir, '--user', 'bench@example.com', '--no-open']);
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`host exited ${code}: ${output}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
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
      window.__observer = new MutationObserver(() => window.__changes.push({ at: performance.timeOrigin + performance.now(), value: reader(target) }));
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

async function benchSize(browser, host, size) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  await page.evaluate(
    async ({ count, ids }) => {
      const key = { fascia: 'site_jd', country: 'gb', page: `bench-${count}`, source: 'content-editor', platform: 'web' };
      const opened = await window.studio.openPage({ key });
      const images = { desktop: '/sample/images/banner-trainers-desktop.svg', mobile: '/sample/images/banner-trainers-mobile.svg' };
      const components = ids.map((id, i) => ({ _component: 'MainBanner', _identifier: id, name: `Banner ${i + 1}`, hidden: false, classes: [], content: { title: 'Title', subtitle: 'Subtitle', images } }));
      await window.studio.saveDraft({ draft: { ...opened.value.draft, components } });
    },
    { count: size, ids: Array.from({ length: size }, (_, i) => idOf(i)) },
  );
  await page.reload();
  const started = Date.now();
  await page.getByRole('row', { name: new RegExp(`bench-${size}`) }).getByRole('button', { name: /^Open \S+ \(/ }).click();
  // The rows in view (the list mounts the others as they come into view) and every block of the preview.
  await page.locator('.component-row').nth(Math.min(size, FIRST_ROWS) - 1).waitFor();
  const frame = page.frameLocator('iframe[title="Live preview"]');
  // The last block's own content, not a loading placeholder: the page is really there.
  await frame.locator('.block .main-banner').nth(size - 1).waitFor({ state: 'attached' });
  const openMs = Date.now() - started;

  const previewFrame = page.frames().find((f) => f.url().includes('/preview/'));
  await installClocks(page, previewFrame);
  const middle = Math.floor(size / 2);
  // As an editor reaches a component far down the page: a click on its block opens its row.
  await frame.locator(`[data-identifier="${idOf(middle)}"]`).click();
  await page.locator(`[data-row-id="${idOf(middle)}"].open`).waitFor();
  const input = page.getByRole('textbox', { name: 'Title', exact: true });
  await input.click();
  await input.press('End');
  await previewFrame.evaluate((id) => window.__watch(`[data-identifier="${id}"]`, '(t) => t.querySelector("h2")?.textContent ?? ""'), idOf(middle));
  let expected = 'Title';
  const latencies = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const char = String.fromCharCode(97 + (i % 26));
    expected += char;
    latencies.push(await timeKey(page, previewFrame, char, expected));
  }

  // Structural changes: watch the order of the blocks on the page.
  await previewFrame.evaluate(() => window.__watch('main.page', '(t) => [...t.querySelectorAll(".block")].map((b) => b.dataset.identifier).join(",")'));
  const orderNow = () => previewFrame.evaluate(() => [...document.querySelectorAll('main.page .block')].map((b) => b.dataset.identifier));
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

const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const host = await startHost(dataDir);
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--enable-precise-memory-info'],
});
try {
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
