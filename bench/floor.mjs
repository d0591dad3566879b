// What opening costs before any of the Studio's own work, measured as bench/studio.mjs measures opening
// (Chromium through Playwright, a fresh browser context per repetition, navigation until shown):
// - one document in which React renders one element (bench/floor/single.html: the least any React editor does);
// - editor.html: the same with an iframe of that document in its markup, sandboxed without same-origin: the
//   least an editor whose preview is isolated does, the preview's opaque origin putting it in its own
//   renderer process, which loads and compiles React again;
// - the Studio (the built browser host) opening a page of one component.
// The three alternate, repetition by repetition, so each sees the same machine. Prints figures; asserts nothing.
//
//   npx electron-vite build && node bench/floor.mjs [--reps 9]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startBrowserHost } from './browserHost.mjs';
import { launchBenchChromium } from './chromium.mjs';
import { median } from './stats.mjs';
import { benchTemplates, openSeededPage, seedPage } from './studio.mjs';

const { values: options } = parseArgs({ options: { reps: { type: 'string', default: '9' } } });
const REPS = Number(options.reps);
const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };

/** The floor pages built into `outDir`. */
async function buildFloor(outDir) {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'floor'),
    base: './',
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, rollupOptions: { input: ['single.html', 'editor.html'] } },
  });
}

/** Serves `dir` on 127.0.0.1; the sandboxed preview's origin is opaque, so its module scripts need CORS. */
async function serve(dir) {
  const server = createServer(async (request, response) => {
    const path = join(dir, normalize(new URL(request.url, 'http://floor').pathname));
    try {
      const body = await readFile(path);
      response.writeHead(200, {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'access-control-allow-origin': '*',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

/** Stamps, a frame at a time, when the document shows its element. */
function watchShown() {
  const check = () => {
    if (document.querySelector('.shown')) window.__shownAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Navigation until every document shows its element, in a fresh context: one document, or with its preview. */
async function openFloor(browser, url, withPreview) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(watchShown);
    const page = await context.newPage();
    await page.goto(`${url}/${withPreview ? 'editor' : 'single'}.html`, { waitUntil: 'commit' });
    const documents = [page];
    while (withPreview && documents.length === 1) {
      const preview = page.frames().find((frame) => frame !== page.mainFrame());
      if (preview) documents.push(preview);
      else await page.waitForTimeout(10);
    }
    const shown = await Promise.all(
      documents.map(async (target) =>
        (await target.waitForFunction(() => window.__shownAt, null, { polling: 50 })).jsonValue(),
      ),
    );
    return Math.max(...shown) - (await page.evaluate(() => performance.timeOrigin));
  } finally {
    await context.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'studio-floor-'));
await buildFloor(join(work, 'floor'));
const floor = await serve(join(work, 'floor'));
const host = await startBrowserHost(join(work, 'data'), { user: 'bench@example.com' });
const browser = await launchBenchChromium();
try {
  const bookmark = await seedPage(browser, host, [(await benchTemplates())[0]], 1);
  const runs = { single: [], isolated: [], studio: [] };
  for (let rep = 0; rep < REPS; rep++) {
    runs.single.push(await openFloor(browser, floor.url, false));
    runs.isolated.push(await openFloor(browser, floor.url, true));
    const opened = await openSeededPage(browser, host, bookmark, 1);
    await opened.context.close();
    runs.studio.push(opened.openMs);
  }
  const line = (label, values) =>
    `${label}: median ${median(values).toFixed(0)} ms (${values.map((value) => value.toFixed(0)).join(', ')})`;
  console.log(`Opening, ${REPS} repetitions each, alternating:`);
  console.log(line('React, one document', runs.single));
  console.log(line('React, a document and its isolated preview', runs.isolated));
  console.log(line('The Studio, a page of one component', runs.studio));
} finally {
  await browser.close();
  host.stop();
  floor.stop();
  rmSync(work, { recursive: true, force: true });
}
