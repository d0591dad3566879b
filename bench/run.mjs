// Benchmarks in Chromium through the browser host (built first by `npm run bench`). Prints figures; it
// asserts nothing. First the start:
// - the editor's initial JavaScript (its entry chunk and the chunks that imports statically), raw and gzipped,
//   and what each part loaded on demand adds;
// - launch to an interactive dashboard: from starting the browser host to the dashboard's page list shown
//   (Chromium already running, as Electron's own start is not the app's); then the same from a reload.
// Then, for each page size, the Studio measured as ../shared/bench/puck-bench measures Puck (bench/studio.mjs):
// open, keystroke-to-preview p50/p95/max, delete, the autosave's editor CPU and longest task, heap after GC;
// and the first paint of rows and preview and time to interactive (bench/firstFrames.mjs).
// With --compare, the Puck harness runs right before the Studio at each size, then Puck's first paint and time
// to interactive (bench/puck.mjs), and the ratios are printed (Puck / Studio: above 1 the Studio is faster or
// smaller).
//
//   node bench/run.mjs [--sizes 50,300,1000,3000] [--reps 3] [--keys 200] [--compare]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { initialChunks, sizeOf } from './initialChunks.mjs';
import { startBrowserHost } from './browserHost.mjs';
import { launchBenchChromium } from './chromium.mjs';
import { benchStudio, benchTemplates } from './studio.mjs';
import { preparePuck, runPuck, runPuckStart } from './puck.mjs';
import { median, ratio, table } from './stats.mjs';

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: process.env.BENCH_SIZES ?? '50,300,1000,3000' },
    reps: { type: 'string', default: '3' },
    keys: { type: 'string', default: process.env.BENCH_KEYSTROKES ?? '200' },
    compare: { type: 'boolean', default: false },
  },
});
const SIZES = options.sizes.split(',').map(Number);
const REPS = Number(options.reps);
const KEYS = Number(options.keys);
const RENDERER = 'out/renderer';
const EDITOR_ENTRY = 'editor/index.html';
const RELOADS = 5;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(1)} ms`;
const fixed = (digits) => (value) => (value == null ? null : value.toFixed(digits));
const load = () => `load average ${loadavg().map(fixed(2)).join(', ')} on ${cpus().length} cores`;

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

/** Waits, a frame at a time, for the dashboard's page list (or its designed empty state); returns when, in epoch ms. */
const dashboardShown = (page) =>
  page
    .waitForFunction(
      () => document.querySelector('table.pages, .state-empty') && performance.timeOrigin + performance.now(),
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

const dataDir = mkdtempSync(join(tmpdir(), 'studio-bench-'));
const puck = options.compare ? await preparePuck() : null;
const browser = await launchBenchChromium();
const launched = Date.now();
const host = await startBrowserHost(dataDir, { user: 'bench@example.com' });
const hostUp = Date.now();
const started = Date.now();
try {
  console.log(`Start: ${load()}`);
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
  const templates = await benchTemplates();
  const studio = [];
  const pucks = [];
  for (const size of SIZES) {
    if (puck) {
      const harness = await runPuck(puck, size, { reps: REPS, keys: KEYS });
      pucks.push({ size, ...harness, ...(harness.skipped ? {} : await runPuckStart(puck, size, { reps: REPS })) });
    }
    studio.push(await benchStudio(browser, host, templates, size, { reps: REPS, keys: KEYS }));
    console.error(`after N=${size}: ${load()}`);
  }
  console.log(`\nStudio, ${REPS} repetitions x ${KEYS} keys (medians; key percentiles pooled):`);
  console.log(
    table(
      [
        'N',
        'first paint ms',
        'open ms',
        'interactive ms',
        'key p50',
        'key p95',
        'key max',
        'delete ms',
        'autosave CPU ms',
        'autosave longest task ms',
        'heap editor MB',
        'heap preview MB',
        'heap (GC) MB',
        'valid',
      ],
      studio.map((r) => [
        r.size,
        fixed(0)(r.firstPaintMs),
        fixed(0)(r.openMs),
        fixed(0)(r.interactiveMs),
        fixed(1)(r.keyP50),
        fixed(1)(r.keyP95),
        fixed(1)(r.keyMax),
        fixed(1)(r.deleteMs),
        fixed(1)(r.autosaveCpuMs),
        fixed(1)(r.autosaveLongestTaskMs),
        fixed(1)(r.editorHeapMB),
        fixed(1)(r.previewHeapMB),
        fixed(1)(r.heapAfterGcMB),
        r.valid ? 'yes' : 'NO',
      ]),
    ),
  );
  if (puck) {
    console.log(`\nPuck (${pucks[0]?.puck ?? '@puckeditor/core'}), same run, right before the Studio at each size:`);
    console.log(
      table(
        [
          'N',
          'first paint ms',
          'load ms',
          'interactive ms',
          'key p50',
          'key p95',
          'key max',
          'delete ms',
          'heap (GC) MB',
          'valid',
        ],
        pucks.map((p) =>
          p.skipped
            ? [p.size, null, `skipped: ${p.skipped}`, null, null, null, null, null, null, null]
            : [
                p.size,
                fixed(0)(p.firstPaintMs),
                fixed(0)(p.loadMsMedian),
                fixed(0)(p.interactiveMs),
                fixed(1)(p.keyP50),
                fixed(1)(p.keyP95),
                fixed(1)(p.keyMax),
                fixed(1)(p.deleteMsMedian),
                fixed(1)(p.heapAfterGcMBMedian),
                p.allValid ? 'yes' : 'NO',
              ],
        ),
      ),
    );
    console.log('\nPuck / Studio (above 1: the Studio is faster, or smaller):');
    const x = (value) => (value == null ? null : `${value.toFixed(2)}x`);
    console.log(
      table(
        ['N', 'first paint', 'open', 'interactive', 'key p50', 'key p95', 'key max', 'delete', 'heap (GC)'],
        SIZES.map((size, i) => {
          const s = studio[i];
          const p = pucks[i];
          return [
            size,
            x(ratio(p.firstPaintMs, s.firstPaintMs)),
            x(ratio(p.loadMsMedian, s.openMs)),
            x(ratio(p.interactiveMs, s.interactiveMs)),
            x(ratio(p.keyP50, s.keyP50)),
            x(ratio(p.keyP95, s.keyP95)),
            x(ratio(p.keyMax, s.keyMax)),
            x(ratio(p.deleteMsMedian, s.deleteMs)),
            x(ratio(p.heapAfterGcMBMedian, s.heapAfterGcMB)),
          ];
        }),
      ),
    );
  }
  console.log(`\nWall ${((Date.now() - started) / 1000).toFixed(0)} s; at the end: ${load()}`);
} finally {
  await browser.close();
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
