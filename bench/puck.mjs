// Runs the Puck reference harness (../shared/bench/puck-bench) unchanged, one page size at a time, so
// bench:compare can measure Puck right before the Studio at each size on the same machine state.
// The harness builds into and writes its report beside itself, and ../shared is read-only: it runs from a
// copy in node_modules/.cache/puck-bench, with its own locked dependencies (npm ci), refreshed when the
// source changes.
//
// The harness measures no first paint and no time to interactive: runPuckStart measures them here, on its
// built app served as the harness serves it, the way bench/studio.mjs measures the Studio's (bench/firstFrames.mjs).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { preview } from 'vite';
import { launchBenchChromium } from './chromium.mjs';
import { changedAt, firstDrawnAt } from './firstFrames.mjs';
import { median } from './stats.mjs';

export const PUCK_SOURCE = resolve('../shared/bench/puck-bench');
const STAGE = resolve('node_modules/.cache/puck-bench');
const STAGED_FILES = ['bench.mjs', 'index.html', 'package.json', 'package-lock.json', 'vite.config.js', 'src'];

function run(command, args, options) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output}`)),
    );
  });
}

/** The harness ready to run (copied, installed, built); null with the reason printed when it is missing. */
export async function preparePuck() {
  if (!existsSync(join(PUCK_SOURCE, 'bench.mjs'))) {
    console.log(`${PUCK_SOURCE} is missing: the Puck comparison is skipped.`);
    return null;
  }
  const stagedLock = join(STAGE, 'package-lock.json');
  const lockChanged =
    !existsSync(stagedLock) || !readFileSync(stagedLock).equals(readFileSync(join(PUCK_SOURCE, 'package-lock.json')));
  for (const file of STAGED_FILES) cpSync(join(PUCK_SOURCE, file), join(STAGE, file), { recursive: true });
  if (lockChanged || !existsSync(join(STAGE, 'node_modules'))) {
    console.error('Installing the Puck harness dependencies (npm ci)…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: STAGE });
  }
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: STAGE });
  return { dir: STAGE };
}

/**
 * Puck at one page size: the harness's own summary (load, heap after GC, key percentiles, delete), its
 * progress lines going to stderr.
 */
export async function runPuck(puck, size, { reps, keys }) {
  await run(process.execPath, ['bench.mjs'], {
    cwd: puck.dir,
    env: { ...process.env, BENCH_NS: String(size), BENCH_REPS: String(reps), BENCH_KEYS: String(keys) },
  });
  const report = JSON.parse(readFileSync(join(puck.dir, 'reports', 'puck-bench.json'), 'utf8'));
  const result = report.results.find((entry) => entry.n === size);
  if (!result || result.skipped) return { skipped: result?.skipped ?? 'no result' };
  return { ...result.summary, chromium: report.meta.versions.chromium, puck: report.meta.versions.puck };
}

/** As the harness's app names its blocks (block-00042) and its preview iframe. */
const puckBlockId = (i) => `block-${String(i).padStart(5, '0')}`;
const PUCK_FRAME = 'iframe#preview-frame';

/**
 * Installed before Puck's scripts: stamps the first frame where Puck's side panel and its preview iframe hold a
 * rendered block. Puck's first view lists no rows of the page (its outline is a tab not shown): the panel's
 * first entry, a block type to drag in, stands for them.
 */
function watchPuckFirstFrame(frameSelector) {
  const check = () => {
    const frame = document.querySelector(frameSelector)?.contentDocument;
    if (document.querySelector('[class*="_DrawerItem"]') && frame?.querySelector('[data-bench-block]'))
      window.__firstDrawnAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * One fresh browser context on Puck at `size` blocks: the first paint of its panel and preview, then time to
 * interactive: as soon as the first block is in the preview it is clicked (Puck selects a block so), and as soon
 * as the fields panel shows that block's title a key goes in, until the preview shows it.
 */
async function puckStartRepetition(browser, url, size) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(watchPuckFirstFrame, PUCK_FRAME);
    const page = await context.newPage();
    await page.goto(`${url}?n=${size}`, { waitUntil: 'commit' });
    const id = puckBlockId(0);
    const frame = page.frameLocator(PUCK_FRAME);
    const selector = `[data-bench-block="${id}"] [data-bench-title]`;
    await frame.locator(`[data-puck-component="${id}"]`).click();
    const base = await frame.locator(selector).textContent();
    // The page root has a title field too: the panel shows the block's once it holds the block's value.
    await page.waitForFunction(
      (value) => [...document.querySelectorAll('input[name="title"]')].some((input) => input.value === value),
      base,
    );
    await page.locator('input[name="title"]').filter({ visible: true }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('q');
    const reachedAt = await changedAt(page, { selector, base, frameSelector: PUCK_FRAME });
    const navigatedAt = await page.evaluate(() => performance.timeOrigin);
    return { firstPaintMs: (await firstDrawnAt(page)) - navigatedAt, interactiveMs: reachedAt - navigatedAt };
  } finally {
    await context.close();
  }
}

/**
 * Puck's first paint and time to interactive at one page size, medians over `reps` fresh contexts, in a
 * Chromium of the bench's flags plus the harness's rule that resolves every host but 127.0.0.1 to nothing (Puck's
 * CSS imports a web font from the internet: that request fails at once, every time).
 */
export async function runPuckStart(puck, size, { reps }) {
  const server = await preview({
    root: puck.dir,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const browser = await launchBenchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
  try {
    const runs = [];
    for (let rep = 0; rep < reps; rep++) {
      const run = await puckStartRepetition(browser, server.resolvedUrls.local[0], size);
      console.error(
        `Puck N=${size} rep ${rep}: first paint ${run.firstPaintMs.toFixed(0)} ms, interactive ${run.interactiveMs.toFixed(0)} ms`,
      );
      runs.push(run);
    }
    return {
      firstPaintMs: median(runs.map((run) => run.firstPaintMs)),
      interactiveMs: median(runs.map((run) => run.interactiveMs)),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
