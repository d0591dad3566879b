import type { Locator, Page } from '@playwright/test';
import type { CountryCode } from '../../core/countries';
import { bookmarkFor } from '../../core/rules/page';
import { test, expect, createPage } from './host';

const COUNTRIES_ROUTE = /#\/services\/content-editor\/countries\//;
const LIMIT_HINT = 'Up to 2 other countries: review and save handle at most 3 pages.';

/** The draft bookmarks of the countries route in the address, in order (the primary's first). */
async function routeBookmarks(page: Page): Promise<string[]> {
  await expect(page).toHaveURL(COUNTRIES_ROUTE);
  const hash = new URL(page.url()).hash;
  return hash
    .slice(hash.indexOf('/countries/') + '/countries/'.length)
    .split('/')
    .map((part) => decodeURIComponent(part));
}

const bookmarksOf = (page: string, countries: CountryCode[]): string[] =>
  countries.map((country) =>
    bookmarkFor({ fascia: 'site_jd', country, page, platform: 'web', source: 'content-editor' }),
  );

/** The image really loaded and decoded under the editor's CSP, not just an <img> with a broken source. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('Open in countries opens a page in a primary country and two others', async ({ page, host }) => {
  await createPage(page, host, 'summer-sale');
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open in countries: summer-sale (JD GB)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open in countries' });

  const primary = dialog.getByLabel('Primary country');
  await expect(primary).toHaveValue('gb');
  await primary.selectOption('de');
  // The primary is never among the others.
  await expect(dialog.getByRole('checkbox', { name: 'Germany', exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: 'United Kingdom', exact: true })).toBeEnabled();

  await expect(dialog.getByText(LIMIT_HINT)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'France', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Wales', exact: true }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Spain', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'Global', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: 'France', exact: true })).toBeEnabled();
  await expect(dialog.getByText(LIMIT_HINT)).toContainText('The limit is reached: untick a country to pick another.');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Small flags are inlined as data: URLs, large ones are files of the bundle, Global is the app's own globe:
  // each kind loads under the CSP.
  await expectLoaded(dialog.getByAltText('France flag'));
  await expectLoaded(dialog.getByAltText('Spain flag'));
  await expectLoaded(dialog.getByAltText('Global flag'));

  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  expect(await routeBookmarks(page)).toEqual(bookmarksOf('summer-sale', ['de', 'fr', 'ws']));
});

test('Open in countries with no other country opens the page on its own', async ({ page, host }) => {
  await createPage(page, host, 'solo');
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open in countries: solo (JD GB)' }).click();
  await page
    .getByRole('dialog', { name: 'Open in countries' })
    .getByRole('button', { name: 'Open', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).hash)).toBe(
    `#/services/content-editor/page/${bookmarksOf('solo', ['gb'])[0]}`,
  );
});

test('New Page with two other countries opens the new page in all three', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await dialog.getByLabel('Country').selectOption('it');
  await dialog.getByLabel('Page', { exact: true }).fill('winter-launch');
  await dialog.getByRole('checkbox', { name: 'Spain', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'Portugal', exact: true }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Ireland', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Create' }).click();

  // The others in the order of the country list, whatever the order of ticking.
  expect(await routeBookmarks(page)).toEqual(bookmarksOf('winter-launch', ['it', 'pt', 'es']));
  await page.goto(host.url);
  for (const country of ['Italy', 'Portugal', 'Spain']) {
    await expect(page.getByRole('row', { name: new RegExp(`${country}.*winter-launch`) })).toBeVisible();
  }
});
