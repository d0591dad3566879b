import { DEFAULT_LIST_LIMIT } from '../../core/teamProtocol';
import { emptyPageMeta } from '../../core/schemas';
import { test, expect, callApi, createPage, addComponent, saveContent, seedDraft } from './host';

const SCREENSHOTS = 'reports/screenshots';

test('the dashboard names fascias by brand, dates in the user’s words with UTC on hover, and heads its actions', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'summer-sale');
  await addComponent(page, 'Main Banner');
  const dialog = await saveContent(page, 'First version');
  await expect(dialog).toBeHidden();
  await seedDraft(host, 'winter-sale', []);

  await page.goto(host.url);
  const saved = page.getByRole('row', { name: /summer-sale/ });
  // The brand as people say it; the code stays in the tooltip.
  await expect(saved.getByRole('cell', { name: 'JD', exact: true })).toHaveAttribute('title', 'site_jd');
  await expect(saved.locator('time')).toHaveText(/^(now|\d+ seconds? ago)$/);
  await expect(saved.locator('time')).toHaveAttribute('title', /\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  await expect(page.getByRole('row', { name: /winter-sale/ })).toContainText('Never');
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  // Each action names its page the way the row reads it.
  await expect(saved.getByRole('button', { name: 'Open summer-sale (JD GB)', exact: true })).toBeVisible();
  await expect(
    saved.getByRole('button', { name: 'Open in countries: summer-sale (JD GB)', exact: true }),
  ).toBeVisible();
  // The fascia filter lists brands, site and app apart.
  const filter = page.getByLabel('Filter by fascia');
  await expect(filter.locator('option[value="site_jd"]')).toHaveText('JD');
  await expect(filter.locator('option[value="app_jd"]')).toHaveText('JD App');
  await filter.selectOption('app_jd');
  await expect(page.getByText('No page matches these filters.')).toBeVisible();
  await filter.selectOption('');

  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-${width}.png` });
  }
});

test('New Page with an existing name warns, and offers to open that page', async ({ page, host }) => {
  await seedDraft(host, 'summer-sale', []);
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  const name = dialog.getByLabel('Page', { exact: true });
  await name.fill('Summer Sale');
  const warning = dialog.getByRole('status').filter({ hasText: 'already exists' });
  await expect(warning).toContainText(
    'This page already exists: summer-sale for JD · United Kingdom (web, content-editor).',
  );
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/new-page-namesake-1280.png` });

  // The same name on another platform is another page: it may be created, with the warning still shown.
  await dialog.getByLabel('Platform').selectOption('app');
  await expect(warning).toContainText('A page with this name already exists: summer-sale');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
  // Another name is free: no warning.
  await name.fill('autumn-sale');
  await expect(warning).toBeHidden();
  await dialog.getByLabel('Platform').selectOption('web');
  await name.fill('summer-sale');

  await dialog.getByRole('button', { name: 'Open summer-sale' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'summer-sale', level: 1 })).toBeVisible();
  // Nothing was created: the one page stays the one page.
  const listing = await callApi(host, 'listPages', {});
  expect(listing.drafts.filter((draft) => draft.key.page === 'summer-sale')).toHaveLength(1);
});

test('pages through a listing longer than the server answers at once, and filters on the server', async ({
  page,
  host,
}) => {
  // More saved pages than one listing holds: the oldest is on the second page of it.
  const count = DEFAULT_LIST_LIMIT + 5;
  for (let i = 0; i < count; i++) {
    const key = {
      fascia: 'site_jd',
      country: i === 0 ? 'fr' : 'gb',
      page: `bulk-${String(i).padStart(3, '0')}`,
      source: 'content-editor',
      platform: 'web',
    } as const;
    await callApi(host, 'saveContent', {
      key,
      meta: { ...emptyPageMeta(), category: 'Trainers' },
      components: [],
      baseHash: null,
      commitMessage: `Seed ${i}`,
    });
  }

  await page.goto(host.url);
  const rows = page.getByRole('table').getByRole('row');
  // The header row and one listing's worth of pages.
  await expect(rows).toHaveCount(DEFAULT_LIST_LIMIT + 1);
  await expect(page.getByText(`${DEFAULT_LIST_LIMIT} of ${count} saved pages`)).toBeVisible();
  await expect(page.getByRole('row', { name: /bulk-000/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page.getByRole('row', { name: /bulk-000/ })).toBeVisible();
  await expect(rows).toHaveCount(count + 1);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // A filter is answered by the server: the page on the second listing page is found at once.
  await page.getByLabel('Filter by country').selectOption('fr');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('row', { name: /bulk-000/ })).toBeVisible();
});
