import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { contentHash } from '../../core/rules/hash';
import { bookmarkFor, documentHash } from '../../core/rules/page';
import { emptyPageMeta, type PageKey } from '../../core/schemas';
import { test, expect, type Host } from './host';

const HOME: PageKey = { fascia: 'jd', country: 'gb', page: 'home', source: 'ios', platform: 'app' };
const SALE: PageKey = { ...HOME, page: 'sale' };

function draftText(key: PageKey, title: string): string {
  const meta = { ...emptyPageMeta(), category: 'Home' };
  const components = [
    { _component: 'Banner', _identifier: 'Banner1', name: title, hidden: false, classes: [], content: {} },
  ];
  return JSON.stringify({
    bookmark: bookmarkFor(key),
    key,
    meta,
    components,
    baseHash: null,
    cleanHash: documentHash(meta, components),
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
}

const draftPath = (host: Host, key: PageKey) => join(host.dataDir, 'drafts', `${contentHash(bookmarkFor(key))}.json`);

/** Damage as a crash and a bad tool leave it, written while no host runs on the folder. */
function damageDataFolder(host: Host) {
  mkdirSync(join(host.dataDir, 'drafts'), { recursive: true });
  // About 62 KB of work cut off mid-write.
  const truncatedDraft = draftText(HOME, 'w'.repeat(62_000)).slice(0, -25);
  const deepDraft = `{"bookmark":"deep","meta":${'['.repeat(3500)}${']'.repeat(3500)}}`;
  writeFileSync(draftPath(host, HOME), truncatedDraft);
  writeFileSync(join(host.dataDir, 'drafts', `${contentHash('deep')}.json`), deepDraft);
  writeFileSync(draftPath(host, SALE), draftText(SALE, 'Intact'));
  const truncatedSettings = readFileSync(join(host.dataDir, 'settings.json'), 'utf8').slice(0, 20);
  writeFileSync(join(host.dataDir, 'settings.json'), truncatedSettings);
  const strayTemp = join(host.dataDir, 'drafts', `.${contentHash(bookmarkFor(SALE))}.json.a1b2c3d4e5f6.tmp`);
  writeFileSync(strayTemp, '{"half');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  utimesSync(strayTemp, twoHoursAgo, twoHoursAgo);
  return { truncatedDraft, deepDraft, truncatedSettings };
}

async function openDashboard(page: Page, host: Host) {
  await page.goto(`${host.url}/editor/index.html`);
  await expect(page.getByRole('heading', { name: 'Content Editor' })).toBeVisible();
}

test('damaged drafts and a truncated settings.json: the app starts, says where each was kept, and nothing is overwritten', async ({
  page,
  host,
}) => {
  const damage = damageDataFolder(host);
  await host.restart();
  await openDashboard(page, host);

  const notice = page.locator('.damaged-files');
  const keptDrafts = join(host.dataDir, 'drafts', 'damaged');
  await expect(notice).toContainText(`2 drafts could not be read and were kept at ${keptDrafts}/`);
  await expect(notice).toContainText(
    `The settings file ${join(host.dataDir, 'settings.json')} could not be read (Unterminated string in JSON`,
  );
  await expect(notice).toContainText('the last backup of the settings is used');
  // The intact draft still lists, and the backup kept the signed-in user.
  await expect(page.getByRole('button', { name: 'Open sale (JD GB)' })).toBeVisible();

  const keptFiles = readdirSync(keptDrafts);
  expect(keptFiles).toHaveLength(2);
  expect(keptFiles.every((name) => /^[0-9a-f]{16}\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/.test(name))).toBe(true);
  expect(keptFiles.map((name) => readFileSync(join(keptDrafts, name), 'utf8')).sort()).toEqual(
    [damage.truncatedDraft, damage.deepDraft].sort(),
  );
  const keptSettings = readdirSync(host.dataDir).filter((name) => name.startsWith('settings.damaged-'));
  expect(keptSettings.map((name) => readFileSync(join(host.dataDir, name), 'utf8'))).toEqual([
    damage.truncatedSettings,
  ]);
  // The crash's leftover temporary file is gone, the intact draft is not.
  expect(readdirSync(join(host.dataDir, 'drafts')).sort()).toEqual(
    ['damaged', `${contentHash(bookmarkFor(SALE))}.json`].sort(),
  );

  // Opening the page whose draft was damaged starts afresh; the damaged copy stays as it was.
  const opened = await page.evaluate(
    (key) =>
      fetch('/api/openPage', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      }).then((response) => response.json()),
    HOME,
  );
  expect(opened, JSON.stringify(opened).slice(0, 300)).toMatchObject({ ok: true, value: { origin: 'new' } });
  expect(readFileSync(draftPath(host, HOME), 'utf8')).not.toBe(damage.truncatedDraft);
  expect(
    readdirSync(keptDrafts)
      .map((name) => readFileSync(join(keptDrafts, name), 'utf8'))
      .sort(),
  ).toEqual([damage.truncatedDraft, damage.deepDraft].sort());

  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`damaged-files-${width}.png`) });
  }
});

test('a truncated settings.json without a backup: the app starts on the defaults and says so', async ({
  page,
  host,
}) => {
  writeFileSync(join(host.dataDir, 'settings.json'), '{"user":"editor.one@exa');
  rmSync(join(host.dataDir, 'settings.backup.json'), { force: true });
  await host.restart();
  // The defaults have no user: after signing in again, the dashboard says why it was asked.
  await page.goto(`${host.url}/editor/index.html`);
  await page.getByLabel('Email').fill('editor.one@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Content Editor' })).toBeVisible();

  await expect(page.locator('.damaged-files')).toContainText('and the default settings are used');
  const kept = readdirSync(host.dataDir).filter((name) => name.startsWith('settings.damaged-'));
  expect(kept.map((name) => readFileSync(join(host.dataDir, name), 'utf8'))).toEqual(['{"user":"editor.one@exa']);
});
