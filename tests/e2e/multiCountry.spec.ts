import type { Page } from '@playwright/test';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import { parseGlossary, translatorFor } from '../../main/services/sampleTranslation';
import type { CountryCode } from '../../core/countries';
import { contentHash } from '../../core/rules/hash';
import type { PageContent } from '../../core/schemas';
import {
  addComponent,
  createPage,
  createThreeCountryPage,
  expect,
  mod,
  preview,
  reviewAndOpenSave,
  rowTitles,
  setBannerTitle,
  switchCountry,
  test,
} from './host';

const openRow = async (page: Page, index: number): Promise<void> => {
  const title = page.locator('.component-row .row-title').nth(index);
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
};

test('multi-country: structural edits on the primary reach every country; a secondary edits only itself', async ({
  page,
  host,
}) => {
  await createThreeCountryPage(page, host, 'three country structure');
  await expect(page.getByRole('img', { name: 'United Kingdom flag' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Country')).toHaveValue('gb');
  await page.screenshot({ path: 'reports/screenshots/multi-country-editor.png' });

  for (const name of ['Main Banner', 'Custom HTML', 'Info Page', 'Product Spotlight']) await addComponent(page, name);
  const [banner, html, info, spotlight] = await rowTitles(page);

  // Rename and hide on the primary.
  await openRow(page, 1);
  await page.getByLabel('Name', { exact: true }).fill('Promo HTML');
  await page.getByRole('button', { name: 'Update Name' }).click();
  await openRow(page, 2);
  await page.getByLabel('Hide Component').check();
  // Reorder with the keyboard: the banner one place down.
  await openRow(page, 0);
  await page.locator('.component-row .row-title').nth(0).focus();
  await page.keyboard.press('Alt+ArrowDown');
  // Remove the last one.
  await openRow(page, 3);
  await page.getByRole('button', { name: 'Remove Component' }).click();

  const expected = ['Promo HTML', banner, `${info} [HIDDEN]`];
  await expect.poll(() => rowTitles(page)).toEqual(expected);
  expect(expected).not.toContain(spotlight);
  expect(html).not.toBe('Promo HTML');

  for (const code of ['de', 'fr'] as const) {
    await switchCountry(page, code);
    await expect(page.getByText('Secondary', { exact: true })).toBeVisible();
    await expect.poll(() => rowTitles(page)).toEqual(expected);
  }

  // France is selected: a secondary may not add, remove or reorder.
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Reorder ${banner}` })).toBeDisabled();
  await openRow(page, 1);
  await expect(page.getByRole('button', { name: 'Remove Component' })).toHaveCount(0);
  await page.locator('.component-row .row-title').nth(1).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(
    page.getByText('Components can only be reordered on the primary country', { exact: false }),
  ).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual(expected);

  // Its own name stays its own; its classes go to every country.
  await page.getByLabel('Name', { exact: true }).fill('Bannière');
  await page.getByRole('button', { name: 'Update Name' }).click();
  await page.getByLabel('Custom Classes').fill('wide, dark');
  await page.getByRole('button', { name: 'Apply Classes' }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Promo HTML', 'Bannière', `${info} [HIDDEN]`]);

  await switchCountry(page, 'gb');
  await expect.poll(() => rowTitles(page)).toEqual(expected);
  await openRow(page, 1);
  await expect(page.getByLabel('Custom Classes')).toHaveValue('wide, dark');

  // Undo on the primary takes a structural edit back in every country: the removed spotlight returns.
  await page.locator('.component-row .row-title').nth(1).focus();
  await page.keyboard.press(`${mod}+z`); // classes came from France: this undoes the primary's last edit, the removal
  await expect.poll(() => rowTitles(page)).toEqual([...expected, spotlight]);
  await switchCountry(page, 'de');
  await expect.poll(() => rowTitles(page)).toEqual([...expected, spotlight]);
});

test('multi-country: translate, review the three pages and save them to UAT', async ({ page, host }) => {
  await createThreeCountryPage(page, host, 'three country save');
  await addComponent(page, 'Main Banner');
  const englishTitle = 'New Season Trainers';
  await expect(preview(page).getByText(englishTitle)).toBeVisible();

  await page.getByRole('button', { name: 'Translate' }).click();
  await expect(page.getByText('Text has been translated for DE.')).toBeVisible();
  await expect(page.getByText('Text has been translated for FR.')).toBeVisible();

  const germanTitle = translateWithGlossary('de', englishTitle);
  expect(germanTitle).not.toBe(englishTitle);
  await switchCountry(page, 'de');
  await expect(preview(page).getByText(germanTitle)).toBeVisible();

  // Review: the three pages in turn, the primary first.
  await page.getByRole('button', { name: 'REVIEW PAGES' }).click();
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await expect(review.getByText(/^Reviewing: .+ United Kingdom$/)).toBeVisible();
  await expect(preview(page).getByText(englishTitle)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeHidden();
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await expect(review.getByText(/^Reviewing: .+ Germany$/)).toBeVisible();
  await expect(preview(page).getByText(germanTitle)).toBeVisible();
  // Back to Editor and in again: the review starts over.
  await review.getByRole('button', { name: 'Back to Editor' }).click();
  await expect(review).toBeHidden();
  await page.getByRole('button', { name: 'REVIEW PAGES' }).click();
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await expect(review.getByText(/^Reviewing: .+ France$/)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Confirm/Next' })).toHaveCount(0);
  await page.screenshot({ path: 'reports/screenshots/multi-country-review.png' });
  await review.getByRole('button', { name: 'SAVE CONTENT' }).click();

  const dialog = page.getByRole('dialog', { name: 'Save Revewed Pages to UAT' });
  await expect(dialog.getByText('Pages need to be synced manually after saving to UAT.')).toBeVisible();
  const rows = dialog.getByRole('list', { name: 'Pages to save' }).getByRole('listitem');
  await expect(rows).toHaveText([/United Kingdom\s*Pending/, /Germany\s*Pending/, /France\s*Pending/]);
  const message = dialog.getByLabel('Change message');
  await expect(message).toHaveAttribute('rows', '6');
  await expect(message).toHaveAttribute('maxlength', '150');
  await expect(dialog.getByRole('button', { name: 'SAVE' })).toBeDisabled();
  await message.fill(' ');
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await expect(dialog.getByText('Please enter a message for the changes.')).toBeVisible();
  await message.fill('Summer launch in three countries');
  await page.screenshot({ path: 'reports/screenshots/multi-country-save.png' });
  await dialog.getByRole('button', { name: 'SAVE' }).click();

  await expect(page.getByText('Multi-country saving complete.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  for (const country of ['gb', 'de', 'fr'] as const) {
    const saved = savedFile(host.dataDir, 'three-country-save', country, 1);
    expect(existsSync(saved), saved).toBe(true);
    const stored = JSON.parse(readFileSync(saved, 'utf8')) as {
      content: { commitMessage: string; content: { content: { title: string } }[] };
    };
    expect(stored.content.commitMessage).toBe('Summer launch in three countries');
    expect(stored.content.content[0]?.content.title).toBe(
      country === 'gb' ? englishTitle : translateWithGlossary(country, englishTitle),
    );
  }
});

/** The content service's file of one version (layout: content/{fascia}/{platform}/{source}/{page}/uat/{country}). */
function savedFile(dataDir: string, pageName: string, country: string, version: number): string {
  return join(
    dataDir,
    'content',
    'site_jd',
    'web',
    'content-editor',
    pageName,
    'uat',
    country,
    `v${String(version).padStart(6, '0')}.json`,
  );
}

/** What the embedded sample translation service answers, from the same shipped glossary. */
function translateWithGlossary(country: CountryCode, text: string): string {
  const glossary = parseGlossary(JSON.parse(readFileSync('resources/sample/glossary.json', 'utf8')));
  return translatorFor(glossary, country)(text);
}

/** A content service the test can stop and start again on the same address, in front of a real one. */
async function stoppableContentService(): Promise<{
  url: string;
  stopAfterSaves(count: number): void;
  start(): Promise<void>;
  close(): Promise<void>;
  dataDir: string;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-content-'));
  const backend: ContentServer = await startContentServer({ dataDir });
  let savesBeforeStop = Infinity;
  let proxy: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      proxy = createServer((incoming, outgoing) => {
        const isSave = incoming.url?.startsWith('/saveContent') ?? false;
        const forward = httpRequest(
          `${backend.url}${incoming.url ?? '/'}`,
          // A fresh connection each time: a pooled one the backend closed as idle was reset under a request.
          { method: incoming.method, headers: { ...incoming.headers, host: new URL(backend.url).host }, agent: false },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
            // The service stops right after the save it still answers: the next save finds nobody listening.
            if (isSave && --savesBeforeStop === 0) answer.once('end', () => void stop());
          },
        );
        // A connection cut by stop() (or by the app giving up) ends this one exchange, not the test run.
        forward.on('error', () => outgoing.destroy());
        incoming.on('error', () => forward.destroy());
        incoming.pipe(forward);
      });
      proxy.listen(port, '127.0.0.1', () => {
        port = (proxy.address() as { port: number }).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stopAfterSaves: (count) => {
      savesBeforeStop = count;
    },
    start: async () => {
      savesBeforeStop = Infinity;
      await listen();
    },
    close: async () => {
      if (proxy.listening) await stop();
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test('multi-country: a save that fails in the middle keeps the pages saved and retries only what is left', async ({
  page,
  host,
}) => {
  const service = await stoppableContentService();
  try {
    await page.goto(`${host.url}/editor/index.html#/settings`);
    await page.getByLabel('Content service').fill(service.url);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    await createThreeCountryPage(page, host, 'three country retry');
    await addComponent(page, 'Main Banner');
    const dialog = await reviewAndOpenSave(page, 'Retry after an outage');

    service.stopAfterSaves(1);
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Unable to save pages.')).toBeVisible();
    const rows = dialog.getByRole('list', { name: 'Pages to save' }).getByRole('listitem');
    await expect(rows.nth(0)).toContainText('DONE');
    await expect(rows.nth(1)).toContainText('Failed');
    await expect(rows.nth(1)).toContainText('not reachable');
    await expect(rows.nth(2)).toContainText('Pending');
    expect(existsSync(savedFile(service.dataDir, 'three-country-retry', 'gb', 1))).toBe(true);
    expect(existsSync(savedFile(service.dataDir, 'three-country-retry', 'de', 1))).toBe(false);

    await service.start();
    await dialog.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Multi-country saving complete.')).toBeVisible();
    for (const country of ['gb', 'de', 'fr'])
      expect(existsSync(savedFile(service.dataDir, 'three-country-retry', country, 1))).toBe(true);
    // The United Kingdom was saved once: the retry did not save it again.
    expect(existsSync(savedFile(service.dataDir, 'three-country-retry', 'gb', 2))).toBe(false);
  } finally {
    await service.close();
  }
});

test('multi-country: a secondary whose list differs is overwritten by the primary, with a modal; leaving is not blocked', async ({
  page,
  host,
}) => {
  // The same page edited on its own in two countries: different component lists.
  // Leaving by loading the dashboard anew, at once: the drafts are written as the page goes.
  await createPage(page, host, 'diverged', { country: 'gb' });
  await addComponent(page, 'Main Banner');
  await addComponent(page, 'Info Page');
  await page.goto(host.url);
  await createPage(page, host, 'diverged', { country: 'de' });
  await addComponent(page, 'Custom HTML');
  await page.goto(host.url);

  await page.getByRole('button', { name: 'Open in countries: diverged (JD GB)' }).click();
  const picker = page.getByRole('dialog', { name: 'Open in countries' });
  await picker.getByRole('checkbox', { name: 'Germany', exact: true }).check();
  await picker.getByRole('button', { name: 'Open', exact: true }).click();

  const modal = page.getByRole('dialog', { name: 'Component lists overwritten' });
  await expect(modal).toContainText('The component list of Germany did not match the primary country (United Kingdom)');
  await modal.getByRole('button', { name: 'I Understand' }).click();
  await expect(modal).toBeHidden();
  const primaryTitles = await rowTitles(page);
  await switchCountry(page, 'de');
  await expect.poll(() => rowTitles(page)).toEqual(primaryTitles);

  // Unsaved work in several countries: Back leaves at once, and the drafts are on the dashboard.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await expect(page.getByRole('row', { name: /diverged/ })).toHaveCount(2);
});

test('multi-country: a colleague changed the same title of one country meanwhile; its merge dialog says who, and Mine keeps every version', async ({
  page,
  host,
}) => {
  const service = await stoppableContentService();
  try {
    await page.goto(host.url);
    await page.evaluate((url) => window.studio.updateSettings({ serviceUrls: { content: url } }), service.url);
    await createThreeCountryPage(page, host, 'three country conflict');
    await addComponent(page, 'Main Banner');
    const first = await reviewAndOpenSave(page, 'First in three countries');
    await first.getByRole('button', { name: 'SAVE' }).click();
    await expect(page.getByText('Multi-country saving complete.')).toBeVisible();

    await page.getByRole('button', { name: 'Open in countries: three-country-conflict (JD GB)' }).click();
    const picker = page.getByRole('dialog', { name: 'Open in countries' });
    await picker.getByRole('checkbox', { name: 'Germany', exact: true }).check();
    await picker.getByRole('checkbox', { name: 'France', exact: true }).check();
    await picker.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByText('Primary', { exact: true })).toBeVisible();

    // A colleague saves the German page on top of the version this editor opened.
    const key = {
      fascia: 'site_jd',
      country: 'de',
      page: 'three-country-conflict',
      source: 'content-editor',
      platform: 'web',
    };
    const opened = (await (await fetch(`${service.url}/page?${new URLSearchParams(key)}`)).json()) as {
      content: PageContent;
    };
    const components = opened.content.content.map((c) => ({ ...c, content: { ...c.content, title: 'Neue Saison' } }));
    const theirs = {
      ...opened.content,
      content: components,
      hash: contentHash(components),
      author: 'colleague@example.com',
      commitMessage: 'Colleague: German copy',
    };
    const colleague = await fetch(`${service.url}/saveContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: theirs, baseHash: opened.content.hash }),
    });
    expect(colleague.status).toBe(201);

    // This editor changes the same German title: Germany's save meets the colleague's, and they clash.
    await switchCountry(page, 'de');
    await setBannerTitle(page, 'Neue Kollektion');
    const second = await reviewAndOpenSave(page, 'Second in three countries');
    await second.getByRole('button', { name: 'SAVE' }).click();
    // The run waits on Germany's merge dialog: the United Kingdom is saved, France not yet.
    const merge = page.getByRole('dialog', { name: 'Merge changes' });
    await expect(merge).toContainText('Germany');
    await expect(merge).toContainText('colleague@example.com saved version 2 while you were editing');
    const field = merge.getByRole('group', { name: 'Title in Main Banner' });
    await expect(field.getByRole('radio', { name: 'Mine' })).toHaveAccessibleDescription('"Neue Kollektion"');
    await expect(field.getByRole('radio', { name: 'Theirs' })).toHaveAccessibleDescription('"Neue Saison"');
    expect(existsSync(savedFile(service.dataDir, 'three-country-conflict', 'gb', 2))).toBe(true);
    expect(existsSync(savedFile(service.dataDir, 'three-country-conflict', 'fr', 2))).toBe(false);

    await field.getByRole('radio', { name: 'Mine' }).check();
    await merge.getByRole('button', { name: 'Save merged' }).click();
    // The first save's toast may still show: the dialog closing and the dashboard mark this one's end.
    await expect(second).toBeHidden();
    await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

    // Germany: ours, the colleague's, ours again; nothing lost. The others were saved twice, once each time.
    const stored = (country: string, version: number) =>
      JSON.parse(readFileSync(savedFile(service.dataDir, 'three-country-conflict', country, version), 'utf8')) as {
        content: { author: string; commitMessage: string; content: { content: { title: string } }[] };
      };
    expect(stored('de', 3).content.content[0]?.content.title).toBe('Neue Kollektion');
    expect([1, 2, 3].map((version) => stored('de', version).content.commitMessage)).toEqual([
      'First in three countries',
      'Colleague: German copy',
      'Second in three countries',
    ]);
    expect(stored('de', 2).content.author).toBe('colleague@example.com');
    for (const country of ['gb', 'fr']) {
      expect(stored(country, 2).content.commitMessage).toBe('Second in three countries');
      expect(existsSync(savedFile(service.dataDir, 'three-country-conflict', country, 3))).toBe(false);
    }
  } finally {
    await service.close();
  }
});
