import type { Locator, Page } from '@playwright/test';
import { CATALOGUE } from '../../core/catalogue';
import { test, expect, createPage, rowTitles } from './host';

const SCREENSHOTS = 'reports/screenshots';

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  await expect(dialog).toBeVisible();
  return dialog;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('Add a Component: tiles and their stars never overlap, and every target is at least 24 x 24', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createPage(page, host, 'tiles');
  const dialog = await openDialog(page);
  await dialog.getByRole('button', { name: 'Add Countdown Banner to favourites' }).click();
  await expect(dialog.getByRole('list', { name: 'Favourite components' })).toBeVisible();
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    const all = dialog.getByRole('list', { name: 'All components' });
    const tiles = await all.locator('.add-tile').evaluateAll((items) =>
      items.map((item) => {
        const box = (element: Element | null): Box => {
          const rect = element!.getBoundingClientRect();
          return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
        };
        return {
          tile: box(item),
          add: box(item.querySelector('.add-tile-main')),
          star: box(item.querySelector('.add-tile-star')),
        };
      }),
    );
    const dialogBox = (await dialog.boundingBox())!;
    expect(tiles).toHaveLength(CATALOGUE.length);
    for (const [index, { tile, add, star }] of tiles.entries()) {
      const name = CATALOGUE[index]!.name;
      // The star sits inside its own tile, beside the add button, never over it; the tile sits inside the dialog.
      expect(overlaps(add, star), `${name}: star over its add button`).toBe(false);
      expect(star.x + star.width, `${name}: star out of its tile`).toBeLessThanOrEqual(tile.x + tile.width + 0.5);
      expect(tile.x + tile.width, `${name}: tile out of the dialog`).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      expect(Math.min(star.width, star.height), `${name}: star target`).toBeGreaterThanOrEqual(24);
      expect(Math.min(add.width, add.height), `${name}: add target`).toBeGreaterThanOrEqual(24);
      for (const other of tiles.slice(index + 1)) expect(overlaps(tile, other.tile), `${name} overlaps`).toBe(false);
    }
    // Nothing scrolls sideways in the dialog.
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/add-component-${width}.png` });
  }
});

test('Add a Component: the grid answers the arrow keys, Home and End, with one tab stop', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createPage(page, host, 'arrows');
  const dialog = await openDialog(page);
  const all = dialog.getByRole('list', { name: 'All components' });
  const adds = all.locator('.add-tile-main');
  // One tab stop per grid: Tab from the search field lands on the first tile.
  await dialog.getByLabel('Search all components').focus();
  await page.keyboard.press('Tab');
  await expect(adds.nth(0)).toBeFocused();
  await expect(all.locator('.add-tile-main[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('ArrowRight');
  await expect(adds.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(adds.nth(0)).toBeFocused();
  const columns = await all.evaluate((list) => {
    const tops = [...list.children].map((tile) => (tile as HTMLElement).offsetTop);
    return tops.filter((top) => top === tops[0]).length;
  });
  expect(columns).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(adds.nth(columns)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(adds.nth(0)).toBeFocused();
  await page.keyboard.press('End');
  await expect(adds.nth(CATALOGUE.length - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(adds.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // The tile's star is the next Tab; Enter on the tile adds it.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: `Add ${CATALOGUE[2]!.name} to favourites` })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(() => rowTitles(page)).toEqual([CATALOGUE[2]!.name]);
});

test('Add a Component: the recently used come first, most recent first, and stay first after a restart', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'recent');
  const names = ['Video Spot', 'Table View'];
  for (const name of names) {
    const dialog = await openDialog(page);
    await dialog.getByLabel('Search all components').fill(name);
    await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  // A new component takes the name in words; its type stays as it was.
  await expect.poll(() => rowTitles(page)).toEqual(names);

  await host.restart();
  await page.goto(host.url);
  await page
    .getByRole('row', { name: /recent/ })
    .getByRole('button', { name: /^Open \S+ \(/ })
    .click();
  const dialog = await openDialog(page);
  const all = dialog.getByRole('list', { name: 'All components' });
  await expect(all.locator('.add-tile-name').first()).toHaveText('Table View');
  await expect(all.locator('.add-tile-name').nth(1)).toHaveText('Video Spot');
  await expect(all.locator('.add-tile-name').nth(2)).toHaveText(CATALOGUE[0]!.name);
  await expect(all.locator('.add-tile').first()).toContainText('Recently used');
  // The old type names still find their entry.
  await dialog.getByLabel('Search all components').fill('VideoSpot');
  await expect(all.locator('.add-tile-name')).toHaveText(['Video Spot']);
});
