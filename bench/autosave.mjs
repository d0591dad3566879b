// The editor's cost of one autosave (issue 17, point 1), in Chromium through the built browser host: a page
// of N components (the bench's three types), ten keys typed into a Title field, then the autosave traced as
// bench/studio.mjs traces it (the editor's main-thread tasks from 150 ms after the last key until the status
// says saved), with the requests it sent: saveDraftDelta with only what changed, or saveDraft with the whole
// draft (how every autosave went before, and still the fallback when main holds no base). Prints figures;
// asserts nothing. First, in Node, the editor's own synchronous work per autosave (reading the document,
// comparing, serialising the request as the browser host's bridge does), the whole draft against a delta,
// median and max over 50 edits: the part that grows with the page, without Chromium's or the machine's noise.
// With --whole, main's answer to every delta is replaced by 'no-base', so each pause sends the
// whole draft as every autosave did before: the two costs side by side from one build.
//
//   npx electron-vite build && node bench/autosave.mjs [--size 1000] [--pauses 4] [--whole]
import { launchBenchChromium } from './chromium.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { startBrowserHost } from './browserHost.mjs';
import { AUTOSAVE_AFTER_MS, TOP_LEVEL_TASKS, TYPES, benchTemplates, idOf, seedDraftFrom } from './studio.mjs';

const { values: options } = parseArgs({
  options: {
    size: { type: 'string', default: '1000' },
    pauses: { type: 'string', default: '4' },
    whole: { type: 'boolean', default: false },
  },
});
const SIZE = Number(options.size);
const PAUSES = Number(options.pauses);
const templates = await benchTemplates();

/** The editor's work for one autosave, whole draft against delta, in Node (the same modules the editor runs). */
async function measureEditorWork() {
  const load = async (path) => (await runnerImport(path, { configFile: false, logLevel: 'error' })).module;
  const { EditorDocument } = await load('./renderer/editor/src/state/document.ts');
  const { draftDelta, sentDraftOf } = await load('./core/rules/draftJournal.ts');
  const key = { fascia: 'site_jd', country: 'gb', page: 'autosave', source: 'content-editor', platform: 'web' };
  const components = Array.from({ length: SIZE }, (_, i) => {
    const template = templates[i % templates.length];
    const content = structuredClone(template.data.content);
    return {
      _component: template.data._component,
      _identifier: idOf(i),
      name: `${i}`,
      hidden: false,
      classes: [],
      content,
    };
  });
  const { emptyPageMeta } = await load('./core/schemas.ts');
  const doc = new EditorDocument({
    bookmark: 'autosave',
    key,
    meta: emptyPageMeta(),
    components,
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date().toISOString(),
  });
  let sent = sentDraftOf(doc.toDraft(new Date().toISOString()));
  const whole = [];
  const delta = [];
  const bytes = { whole: 0, delta: 0 };
  // Two runs, so the garbage of the whole drafts is not collected during the deltas.
  const edit = (round) => {
    const id = doc.order[(round * 37) % SIZE];
    doc.updateComponent(id, (c) => ({ ...c, name: `${c.name}${round}` }));
    return new Date().toISOString();
  };
  // Warmed up first: the first calls compile the functions.
  for (let round = 0; round < 60; round++) {
    const now = edit(round);
    const started = performance.now();
    const current = doc.toDraft(now);
    const body = JSON.stringify({ key, base: 'revision', delta: draftDelta(sent, current) });
    sent = sentDraftOf(current);
    if (round >= 10) delta.push(performance.now() - started);
    bytes.delta = body.length;
  }
  for (let round = 0; round < 60; round++) {
    const now = edit(round);
    const started = performance.now();
    const body = JSON.stringify({ draft: doc.toDraft(now) });
    if (round >= 10) whole.push(performance.now() - started);
    bytes.whole = body.length;
  }
  const at = (values, share) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) * share)];
  const line = (name, values, size) =>
    `  ${name}: median ${at(values, 0.5).toFixed(2)} ms, p90 ${at(values, 0.9).toFixed(2)} ms, ` +
    `max ${Math.max(...values).toFixed(2)} ms, ${(size / 1024).toFixed(1)} KB`;
  console.log(`N=${SIZE}: the editor's synchronous work per autosave, in Node (50 edits)`);
  console.log(line('whole draft (saveDraft)', whole, bytes.whole));
  console.log(line('delta (saveDraftDelta)', delta, bytes.delta));
}
await measureEditorWork();

const dataDir = mkdtempSync(join(tmpdir(), 'studio-autosave-'));
const host = await startBrowserHost(dataDir, { user: 'measure@example.com' });
const browser = await launchBenchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(host.url);
  const bookmark = await seedDraftFrom(page, templates, SIZE, 'autosave');

  // Every request the editor sends, by channel, with the size of its body.
  await page.addInitScript(() => {
    window.__requests = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      const channel = String(input).match(/\/api\/(\w+)/)?.[1];
      if (channel?.startsWith('saveDraft')) window.__requests.push({ channel, bytes: init?.body?.length ?? 0 });
      return original(input, init);
    };
  });
  if (options.whole) {
    await page.route('**/api/saveDraftDelta', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, value: { status: 'no-base' } }),
      }),
    );
  }
  await page.goto(`${host.url}/#/services/content-editor/page/${encodeURIComponent(bookmark)}`);
  const preview = await (async () => {
    for (;;) {
      const frame = page.frames().find((candidate) => candidate.url().includes('/preview/'));
      if (frame) return frame;
      await page.waitForTimeout(20);
    }
  })();
  const middle = Math.floor(SIZE / 2);
  const id = idOf(middle - (middle % TYPES.length));
  await preview.locator(`[data-identifier="${id}"]`).click({ timeout: 240_000 });
  const input = page.locator(`[data-row-id="${id}"].open`).getByRole('textbox', { name: 'Title', exact: true }).first();
  await input.click();
  await input.press('End');
  await page.waitForTimeout(1000);

  const settled = () => page.locator('.autosave-saved, .autosave-failed').waitFor({ timeout: 60_000 });
  console.log(`N=${SIZE}: the editor's main thread during each autosave (10 keys, then a pause)`);
  for (let pause = 0; pause < PAUSES; pause++) {
    await settled();
    await page.evaluate(() => (window.__requests.length = 0));
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    for (let i = 0; i < 10; i++) await page.keyboard.press(String.fromCharCode(97 + i));
    await page.evaluate(() => performance.mark('measure:last-key'));
    await page
      .locator('.autosave-pending, .autosave-saving')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await settled();
    await page.waitForTimeout(100);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    const events = trace.traceEvents ?? trace;
    const mark = events.find((event) => event.name === 'measure:last-key');
    const tasks = events
      .filter(
        (event) =>
          event.pid === mark.pid &&
          event.tid === mark.tid &&
          TOP_LEVEL_TASKS.has(event.name) &&
          event.ts >= mark.ts + AUTOSAVE_AFTER_MS * 1000,
      )
      .map((event) => (event.dur ?? 0) / 1000);
    const requests = await page.evaluate(() => window.__requests);
    const failed = await page.locator('.autosave-failed').count();
    const cpu = tasks.reduce((sum, duration) => sum + duration, 0);
    console.log(
      `  pause ${pause + 1}: ${requests.map((r) => `${r.channel} ${(r.bytes / 1024).toFixed(1)} KB`).join(', ')}` +
        ` | CPU ${cpu.toFixed(1)} ms, longest task ${Math.max(0, ...tasks).toFixed(1)} ms${failed ? ' | FAILED' : ''}`,
    );
  }
} finally {
  await browser.close();
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
