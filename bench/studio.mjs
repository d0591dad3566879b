// The Studio measured as ../shared/bench/puck-bench measures Puck (see its README): Chromium through the
// browser host, a fresh browser context per repetition, pages cycling Main Banner, Custom HTML and Product
// Spotlight (the catalogue's own templates), a burst of keys with no delay, heap after a forced GC, Delete by
// the app's own shortcut. Clocks: each document stamps performance.timeOrigin + now(), one epoch clock.
import { runnerImport } from 'vite';
import { changedAt, firstDrawnAt } from './firstFrames.mjs';
import { burstLatencies, median, percentile } from './stats.mjs';

export const TYPES = ['MainBanner', 'CustomHTML', 'ProductSpotlight'];
/** Deterministic identifiers: the type and a 10-character suffix, as the app makes them. */
export const idOf = (i) => `${TYPES[i % TYPES.length]}${String(i).padStart(10, '0')}`;
/** At most this many rows are mounted when a page opens (ComponentList mounts the rest as they come into view). */
const FIRST_ROWS = 64;
/** Keys of the short burst whose autosave is traced. */
const AUTOSAVE_KEYS = 10;
/**
 * Tasks this long after the last key of that burst are the autosave's: the keys' own work is done well within
 * it, and the autosave waits longer than this after the last change.
 */
export const AUTOSAVE_AFTER_MS = 150;
const MB = 2 ** 20;
/** A main-thread task in a trace, by the name older and newer Chromiums give it. */
export const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** The catalogue's templates of the bench's three types, read from core through Vite's module runner. */
export async function benchTemplates() {
  const { module } = await runnerImport('./core/catalogue/index.ts', { configFile: false, logLevel: 'error' });
  return TYPES.map((type) => module.CATALOGUE.find((template) => template.data._component === type));
}

/**
 * Saves, from `page` (already at the app), a draft of `size` components cycling the bench's templates as the
 * page `pageName`; answers its bookmark.
 */
export async function seedDraftFrom(page, templates, size, pageName) {
  return page.evaluate(
    async ({ pageName, templates, ids }) => {
      const key = { fascia: 'site_jd', country: 'gb', page: pageName, source: 'content-editor', platform: 'web' };
      const opened = await window.studio.openPage({ key });
      if (!opened.ok) throw new Error(opened.error.message);
      const components = ids.map((id, i) => {
        const template = templates[i % templates.length];
        return {
          _component: template.data._component,
          _identifier: id,
          name: `${template.name} ${i + 1}`,
          hidden: false,
          classes: [],
          content: structuredClone(template.data.content),
        };
      });
      const saved = await window.studio.saveDraft({ draft: { ...opened.value.draft, components } });
      if (!saved.ok) throw new Error(saved.error.message);
      return opened.value.draft.bookmark;
    },
    { pageName, templates, ids: Array.from({ length: size }, (_, i) => idOf(i)) },
  );
}

/**
 * Saves a draft of `size` components as the page bench-{size}, from a context of its own so the measured one
 * starts with a cold cache, as the Puck harness's does; answers the page's bookmark.
 */
export async function seedPage(browser, host, templates, size) {
  const page = await browser.newPage();
  await page.goto(host.url);
  const bookmark = await seedDraftFrom(page, templates, size, `bench-${size}`);
  await page.close();
  return bookmark;
}

/**
 * Installed in every document before its scripts: stamps, a frame at a time, when the editor first draws a row
 * and the preview a block with its content (not a windowing placeholder, nor a loading one), then when the
 * editor shows its rows in view and the preview holds every block with its content.
 */
function watchOpen({ size, rows }) {
  const inPreview = location.pathname.startsWith('/preview/');
  const firstDrawn = () =>
    inPreview
      ? [...document.querySelectorAll('.block[data-identifier]:not(.block-placeholder)')].some(
          (block) => !block.querySelector('.block-loading'),
        )
      : document.querySelector('.component-row') !== null;
  const shown = () =>
    inPreview
      ? document.querySelectorAll('[data-identifier]').length === size && !document.querySelector('.block-loading')
      : document.querySelectorAll('.component-row').length >= rows;
  const check = () => {
    const now = performance.timeOrigin + performance.now();
    if (window.__firstDrawnAt === undefined && firstDrawn()) window.__firstDrawnAt = now;
    if (shown()) window.__shownAt = now;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const previewFrameOf = async (page) => {
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().includes('/preview/'));
    if (frame) return frame;
    await page.waitForTimeout(20);
  }
};

/** JS heap after a forced GC, of a page or of the preview frame (its own process: a CDP session of its own). */
async function heapAfterGc(context, target) {
  const session = await context.newCDPSession(target);
  await session.send('HeapProfiler.collectGarbage');
  await session.detach();
  return target.evaluate(() => performance.memory.usedJSHeapSize);
}

/** Types a burst of `count` letters with no delay; answers the latencies and whether the text arrived whole. */
async function typeBurst(page, preview, id, input, count) {
  await page.evaluate(() => {
    window.__keys = [];
    document.addEventListener(
      'keydown',
      (event) => event.key.length === 1 && window.__keys.push(performance.timeOrigin + performance.now()),
      true,
    );
  });
  const base = await preview.evaluate((blockId) => {
    const title = () => document.querySelector(`[data-identifier="${blockId}"] h2`);
    const base = title().textContent;
    window.__changes = [];
    window.__observer = new MutationObserver(() => {
      const text = title()?.textContent ?? '';
      const last = window.__changes.at(-1)?.length ?? base.length;
      if (text.startsWith(base) && text.length > last)
        window.__changes.push({ at: performance.timeOrigin + performance.now(), length: text.length });
    });
    window.__observer.observe(document.querySelector(`[data-identifier="${blockId}"]`), {
      subtree: true,
      childList: true,
      characterData: true,
    });
    return base;
  }, id);
  const typed = Array.from({ length: count }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
  for (const char of typed) await page.keyboard.press(char);
  await preview.waitForFunction((length) => (window.__changes.at(-1)?.length ?? 0) >= length, base.length + count, {
    timeout: 120_000,
  });
  const keyTimes = await page.evaluate(() => window.__keys);
  const changes = await preview.evaluate(() => {
    window.__observer.disconnect();
    return window.__changes;
  });
  const previewText = await preview.evaluate(
    (blockId) => document.querySelector(`[data-identifier="${blockId}"] h2`).textContent,
    id,
  );
  return {
    latencies: burstLatencies(keyTimes, changes, base.length),
    valid: previewText === base + typed && (await input.inputValue()) === base + typed && keyTimes.length === count,
  };
}

const autosaveSettled = (page) => page.locator('.autosave-saved, .autosave-failed').waitFor({ timeout: 60_000 });

/**
 * The autosave after a short burst of keys, traced: the editor's main-thread work from AUTOSAVE_AFTER_MS
 * after the last key until the draft is saved, in total and its longest task (no frame can be shorter).
 */
async function traceAutosave(browser, page) {
  await autosaveSettled(page);
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  for (let i = 0; i < AUTOSAVE_KEYS; i++) await page.keyboard.press(String.fromCharCode(97 + i));
  await page.evaluate(() => performance.mark('bench:last-key'));
  await page
    .locator('.autosave-pending, .autosave-saving')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await autosaveSettled(page);
  const failed = await page.locator('.autosave-failed').count();
  await page.waitForTimeout(100);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = trace.traceEvents ?? trace;
  const mark = events.find((event) => event.name === 'bench:last-key');
  const from = mark.ts + AUTOSAVE_AFTER_MS * 1000;
  const tasks = events
    .filter(
      (event) =>
        event.pid === mark.pid && event.tid === mark.tid && TOP_LEVEL_TASKS.has(event.name) && event.ts >= from,
    )
    .map((event) => (event.dur ?? 0) / 1000);
  return {
    cpuMs: tasks.reduce((sum, duration) => sum + duration, 0),
    longestTaskMs: tasks.length ? Math.max(...tasks) : 0,
    saved: failed === 0,
  };
}

/** Delete by the row's own shortcut: keydown to the preview holding one block fewer, without the deleted one. */
async function timeDelete(page, preview, size, id) {
  await preview.locator(`[data-identifier="${id}"]`).click();
  await page.locator(`[data-row-id="${id}"].open`).waitFor();
  await page.locator(`[data-row-id="${id}"] .row-title`).focus();
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.__deleteAt = null;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Delete') window.__deleteAt ??= performance.timeOrigin + performance.now();
      },
      true,
    );
  });
  await preview.evaluate(
    ({ count, deleted }) => {
      window.__deletedAt = null;
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('[data-identifier]').length !== count) return;
        if (document.querySelector(`[data-identifier="${deleted}"]`)) return;
        window.__deletedAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true });
    },
    { count: size - 1, deleted: id },
  );
  await page.keyboard.press('Delete');
  await preview.waitForFunction(() => window.__deletedAt !== null, null, { timeout: 60_000 });
  return (await preview.evaluate(() => window.__deletedAt)) - (await page.evaluate(() => window.__deleteAt));
}

/**
 * Opens the seeded page `bookmark` (of `size` components) in a fresh browser context, as the Puck harness
 * opens Puck: answers the time from navigation until the editor shows its first rows and the preview every
 * block, and until both first drew a row and a block (bench/firstFrames.mjs), with the context (the caller
 * closes it), the page and the preview frame.
 */
export async function openSeededPage(browser, host, bookmark, size) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript(watchOpen, { size, rows: Math.min(size, FIRST_ROWS) });
    const page = await context.newPage();
    await page.goto(`${host.url}/#/services/content-editor/page/${encodeURIComponent(bookmark)}`, {
      waitUntil: 'commit',
    });
    const preview = await previewFrameOf(page);
    const shownAt = async (target) =>
      (await target.waitForFunction(() => window.__shownAt, null, { timeout: 240_000, polling: 50 })).jsonValue();
    const [editorShown, previewShown] = await Promise.all([shownAt(page), shownAt(preview)]);
    const [editorDrawn, previewDrawn] = await Promise.all([firstDrawnAt(page), firstDrawnAt(preview)]);
    const navigatedAt = await page.evaluate(() => performance.timeOrigin);
    const openMs = Math.max(editorShown, previewShown) - navigatedAt;
    const firstPaintMs = Math.max(editorDrawn, previewDrawn) - navigatedAt;
    return { context, page, preview, openMs, firstPaintMs };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Time to interactive (bench/firstFrames.mjs) on a fresh browser context: from navigation to the seeded page
 * `bookmark` until a key typed into the first component's Title reaches the preview. As soon as the first row
 * is there it is opened (the click an editor gives it), and as soon as its Title is there the key goes in.
 */
async function timeToInteractive(browser, host, bookmark) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${host.url}/#/services/content-editor/page/${encodeURIComponent(bookmark)}`, {
      waitUntil: 'commit',
    });
    const id = idOf(0);
    await page.locator(`[data-row-id="${id}"] .row-title`).click();
    const input = page
      .locator(`[data-row-id="${id}"].open`)
      .getByRole('textbox', { name: 'Title', exact: true })
      .first();
    await input.focus();
    const preview = await previewFrameOf(page);
    const selector = `[data-identifier="${id}"] h2`;
    const base = await preview.locator(selector).textContent();
    await page.keyboard.press('End');
    await page.keyboard.press('q');
    const reachedAt = await changedAt(preview, { selector, base });
    return reachedAt - (await page.evaluate(() => performance.timeOrigin));
  } finally {
    await context.close();
  }
}

/** One repetition on a fresh browser context and a freshly seeded page: open, heap, keys, autosave, delete. */
async function repetition(browser, host, templates, size, keys) {
  const bookmark = await seedPage(browser, host, templates, size);
  const { context, page, preview, openMs, firstPaintMs } = await openSeededPage(browser, host, bookmark, size);
  try {
    await page.waitForTimeout(1000);
    const editorHeap = await heapAfterGc(context, page);
    const previewHeap = await heapAfterGc(context, preview);

    // The Main Banner nearest the middle, reached as an editor would: a click on its block opens its row.
    const middle = Math.floor(size / 2);
    const typedIndex = middle - (middle % TYPES.length);
    const id = idOf(typedIndex);
    await preview.locator(`[data-identifier="${id}"]`).click();
    const row = page.locator(`[data-row-id="${id}"].open`);
    await row.waitFor();
    const input = row.getByRole('textbox', { name: 'Title', exact: true }).first();
    await input.click();
    await input.press('End');
    await page.waitForTimeout(300);
    const burst = await typeBurst(page, preview, id, input, keys);
    const autosave = await traceAutosave(browser, page);
    const deleteMs = await timeDelete(page, preview, size, idOf(Math.min(typedIndex + 1, size - 1)));
    return { openMs, firstPaintMs, editorHeap, previewHeap, ...burst, autosave, deleteMs };
  } finally {
    await context.close();
  }
}

/** The Studio at one page size: medians over the repetitions, key percentiles pooled over them. */
export async function benchStudio(browser, host, templates, size, { reps, keys }) {
  const runs = [];
  for (let rep = 0; rep < reps; rep++) {
    const run = await repetition(browser, host, templates, size, keys);
    // On a page seeded afresh, as the keys above changed this one.
    run.interactiveMs = await timeToInteractive(browser, host, await seedPage(browser, host, templates, size));
    console.error(
      `Studio N=${size} rep ${rep}: first paint ${run.firstPaintMs.toFixed(0)} ms, open ${run.openMs.toFixed(0)} ms, ` +
        `interactive ${run.interactiveMs.toFixed(0)} ms, key p50 ${percentile(run.latencies, 0.5)?.toFixed(1)} ms, ` +
        `delete ${run.deleteMs.toFixed(0)} ms, autosave ${run.autosave.cpuMs.toFixed(0)} ms CPU, valid=${run.valid && run.autosave.saved}`,
    );
    runs.push(run);
  }
  const latencies = runs.flatMap((run) => run.latencies);
  const of = (read) => median(runs.map(read));
  return {
    size,
    openMs: of((run) => run.openMs),
    firstPaintMs: of((run) => run.firstPaintMs),
    interactiveMs: of((run) => run.interactiveMs),
    keyP50: percentile(latencies, 0.5),
    keyP95: percentile(latencies, 0.95),
    keyMax: latencies.length ? Math.max(...latencies) : null,
    deleteMs: of((run) => run.deleteMs),
    autosaveCpuMs: of((run) => run.autosave.cpuMs),
    autosaveLongestTaskMs: of((run) => run.autosave.longestTaskMs),
    editorHeapMB: of((run) => run.editorHeap) / MB,
    previewHeapMB: of((run) => run.previewHeap) / MB,
    heapAfterGcMB: of((run) => run.editorHeap + run.previewHeap) / MB,
    valid: runs.every((run) => run.valid && run.autosave.saved && run.latencies.length === keys),
  };
}
