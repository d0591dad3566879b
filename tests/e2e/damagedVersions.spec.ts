import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, preview, createPage, addComponent, setBannerTitle } from './host';

/**
 * Issue 11, point 7: a damaged newest version of a page. The page still lists and opens at the newest good
 * version, History leaves the damaged one out, both say which was skipped, and the next save takes the number
 * after it without touching the damaged file.
 */

const bannerTitle = (page: Page) => preview(page).locator('[data-component="MainBanner"] h2');

async function saveContent(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await dialog.getByLabel('Change message').fill(message);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
}

function versionFile(dataDir: string, name: string): string {
  const found = readdirSync(join(dataDir, 'content'), { recursive: true, encoding: 'utf8' }).find((path) =>
    path.endsWith(name),
  );
  if (!found) throw new Error(`No ${name} under ${dataDir}`);
  return join(dataDir, 'content', found);
}

test('a damaged newest version: the page opens at the newest good one, History and the countries picker say which was skipped, the next save numbers after it', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'damaged page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Good title');
  await saveContent(page, 'Good version');
  await page.getByRole('button', { name: 'Open damaged-page (' }).click();
  await setBannerTitle(page, 'Lost title');
  await saveContent(page, 'Version that gets damaged');

  const damagedPath = versionFile(host.dataDir, 'v000002.json');
  const damagedText = readFileSync(damagedPath, 'utf8').slice(0, 120);
  writeFileSync(damagedPath, damagedText);
  await page.reload();

  await page.getByRole('button', { name: 'Open damaged-page (' }).click();
  await expect(
    page.getByText('Version 2 of damaged-page is damaged and was skipped; the newest readable version is used.'),
  ).toBeVisible();
  await expect(bannerTitle(page)).toHaveText('Good title');

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  await expect(history.getByRole('note')).toHaveText(
    'Version 2 of damaged-page is damaged and was skipped; the newest readable version is used.',
  );
  const versions = history.getByRole('list', { name: 'Saved versions' }).getByRole('button');
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText('Version 1');
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screenshots/history-skipped-${width}.png` });
  }
  await history.getByRole('button', { name: 'Close' }).click();

  await setBannerTitle(page, 'New title');
  await saveContent(page, 'After the damage');
  expect(readFileSync(damagedPath, 'utf8')).toBe(damagedText);
  const newestPath = versionFile(host.dataDir, 'v000003.json');
  expect(readFileSync(newestPath, 'utf8')).toContain('New title');

  // Opening in several countries says it too, naming the country.
  writeFileSync(newestPath, 'not json');
  await page.getByRole('button', { name: 'Open in countries: damaged-page (' }).click();
  const picker = page.getByRole('dialog', { name: 'Open in countries' });
  await picker.getByRole('checkbox', { name: 'Germany', exact: true }).check();
  await picker.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(
    page.getByText(
      'Versions 2 and 3 of damaged-page (United Kingdom) are damaged and were skipped; the newest readable version is used.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
});
