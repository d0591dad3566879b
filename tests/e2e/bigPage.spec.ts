import { test, expect, preview, seedDraft, openFromDashboard } from './host';

const SIZE = 200;
const idOf = (i: number) => `MainBanner${String(i).padStart(10, '0')}`;

test('a big page mounts its rows as they come into view; a block far down opens its row', async ({ page, host }) => {
  // A saved draft of SIZE banners, as a long page would come from the content service.
  const components = Array.from({ length: SIZE }, (_, i) => ({
    _component: 'MainBanner',
    _identifier: idOf(i),
    name: `Banner ${i + 1}`,
    hidden: false,
    classes: [],
    content: { title: `Title ${i + 1}` },
  }));
  await seedDraft(host, 'long-page', components);
  await openFromDashboard(page, host, 'long-page');

  // Every block is in the preview; the list starts with the rows in view, the rest stand in by height.
  await expect(preview(page).locator('.block')).toHaveCount(SIZE);
  const rows = page.locator('.component-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(SIZE);
  const pendingHeight = await page
    .locator('.row-group-pending')
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(pendingHeight).toBeGreaterThan(1000);

  // A click on the last block opens the last row, mounted for it, and focuses it.
  await preview(page)
    .locator(`[data-identifier="${idOf(SIZE - 1)}"]`)
    .click();
  const last = page.locator(`[data-row-id="${idOf(SIZE - 1)}"]`);
  await expect(last).toHaveClass(/open/);
  await expect(last.locator('.row-title')).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`Title ${SIZE}`);

  // Scrolling the panel to the end mounts everything on the way.
  await page.locator('.panel').evaluate((panel) => panel.scrollTo(0, panel.scrollHeight));
  await expect(rows).toHaveCount(SIZE);
  await expect(page.locator('.row-group-pending')).toHaveCount(0);
  // textContent: rows out of view skip rendering (content-visibility), which innerText would read as empty.
  const titles = await page.locator('.component-row .row-title').allTextContents();
  expect(titles).toEqual(Array.from({ length: SIZE }, (_, i) => `Banner ${i + 1}`));
});
