// Benchmarks in Chromium through the browser host (built first by `npm run bench`). Prints figures; it
// asserts nothing. For each page size: open time (dashboard click to every row and preview block shown) and
// keystroke-to-preview latency (keydown in the editor to the changed text in the preview document, both
// stamped on the shared epoch clock, performance.timeOrigin + performance.now()).
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SIZES = (process.env.BENCH_SIZES ?? '50,300').split(',').map(Number);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 100);
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

async function benchSize(browser, host, size) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  // Build the page through the same channels the editor uses.
  await page.evaluate(async (count) => {
    const key = { fascia: 'site_jd', country: 'gb', page: `bench-${count}`, source: 'content-editor', platform: 'web' };
    const opened = await window.studio.openPage({ key });
    const template = { _component: 'MainBanner', name: '', hidden: false, classes: [], content: { title: 'Title', subtitle: 'Subtitle', images: { desktop: '/sample/images/banner-trainers-desktop.svg', mobile: '/sample/images/banner-trainers-mobile.svg' } } };
    const components = Array.from({ length: count }, (_, i) => ({ ...template, _identifier: `MainBanner${String(i).padStart(10, '0')}`, name: `Banner ${i + 1}` }));
    await window.studio.saveDraft({ draft: { ...opened.value.draft, components } });
  }, size);
  await page.reload();
  const started = Date.now();
  await page.getByRole('row', { name: new RegExp(`bench-${size}`) }).getByRole('button', { name: /^Open/ }).click();
  await page.locator('.component-row').nth(size - 1).waitFor();
  const frame = page.frameLocator('iframe[title="Live preview"]');
  await frame.locator('.block').nth(size - 1).waitFor();
  const openMs = Date.now() - started;

  // Open the middle component and type into its title.
  const middle = Math.floor(size / 2);
  await page.locator('.component-row .row-title').nth(middle).click();
  const input = page.getByRole('textbox', { name: 'Title', exact: true });
  await input.click();
  await input.press('End');
  const previewFrame = page.frames().find((f) => f.url().includes('/preview/'));
  await previewFrame.evaluate((id) => {
    window.__changes = [];
    const target = document.querySelector(`[data-identifier="${id}"]`);
    new MutationObserver(() => window.__changes.push({ at: performance.timeOrigin + performance.now(), text: target.querySelector('h2')?.textContent ?? '' })).observe(target, { subtree: true, characterData: true, childList: true });
  }, `MainBanner${String(middle).padStart(10, '0')}`);
  await page.evaluate(() => {
    window.__keys = [];
    document.addEventListener('keydown', () => window.__keys.push(performance.timeOrigin + performance.now()), true);
  });
  let expected = 'Title';
  const latencies = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    const char = String.fromCharCode(97 + (i % 26));
    expected += char;
    await page.keyboard.press(char);
    await previewFrame.waitForFunction((text) => window.__changes.some((c) => c.text === text), expected, { timeout: 5000 }).catch(async (e) => { console.log(await previewFrame.evaluate(() => JSON.stringify(window.__changes.slice(-3))), await input.inputValue()); throw e; });
    const keyAt = await page.evaluate(() => window.__keys.at(-1));
    const change = await previewFrame.evaluate((text) => window.__changes.find((c) => c.text === text), expected);
    latencies.push(change.at - keyAt);
  }
  const heap = async (target) => target.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  const editorHeap = await heap(page);
  const previewHeap = await heap(previewFrame);
  await page.close();
  return { size, openMs, latencies, editorHeap, previewHeap };
}

const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const host = await startHost(dataDir);
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--enable-precise-memory-info'],
});
try {
  console.log(`Keystroke-to-preview over ${KEYSTROKES} keystrokes, Chromium via the browser host`);
  for (const size of SIZES) {
    const r = await benchSize(browser, host, size);
    console.log(
      `${String(r.size).padStart(5)} components: open ${r.openMs} ms; keystroke p50 ${ms(percentile(r.latencies, 50))}, p95 ${ms(percentile(r.latencies, 95))}, max ${ms(Math.max(...r.latencies))}; heap editor ${(r.editorHeap / 1e6).toFixed(1)} MB, preview ${(r.previewHeap / 1e6).toFixed(1)} MB`,
    );
  }
} finally {
  await browser.close();
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
