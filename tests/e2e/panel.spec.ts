/**
 * The components panel (issue 15, Layout): resizable by keyboard, its width remembered for the user across a
 * reload, collapsible from the header, and nothing in the editor scrolls sideways at 1280 wide, even with the
 * toolbar's last button focused.
 */
import type { Page } from '@playwright/test';
import { addComponent, createPage, expect, test } from './host';

const panelWidth = (page: Page): Promise<number> =>
  page.locator('.panel').evaluate((panel) => Math.round(panel.getBoundingClientRect().width));

test('the panel resizes from the keyboard, keeps its width after a reload, and collapses', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createPage(page, host, 'panel width');
  const before = await panelWidth(page);

  const resizer = page.getByRole('separator', { name: 'Resize the components panel' });
  await resizer.focus();
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => panelWidth(page)).toBeGreaterThan(before + 40);
  const widened = await panelWidth(page);

  // Within a few pixels: the panels' library keeps its layout in percent, the width is kept in pixels.
  const nearWidened = async () => Math.abs((await panelWidth(page)) - widened) <= 3;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
  await expect.poll(nearWidened).toBe(true);

  await page.getByRole('button', { name: 'Collapse panel' }).click();
  await expect(page.getByRole('complementary', { name: 'Page components' })).toBeHidden();
  await page.getByRole('button', { name: 'Expand panel' }).click();
  await expect(page.getByRole('complementary', { name: 'Page components' })).toBeVisible();
  await expect.poll(nearWidened).toBe(true);
});

test('nothing scrolls sideways at 1280 wide, with the toolbar and a row focused', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createPage(page, host, 'no sideways scroll');
  await addComponent(page, 'Product Spotlight');

  const scrolledSideways = () =>
    page.evaluate(() =>
      [document.documentElement, document.querySelector('.panel')!].some(
        (element) => element.scrollLeft > 0 || element.scrollWidth > element.clientWidth,
      ),
    );
  // Each component row is a heading, so heading navigation reaches every component.
  await expect(page.getByRole('heading', { level: 2, name: 'Product Spotlight' })).toBeVisible();
  for (const name of ['More actions', 'Options', 'Product Spotlight']) {
    await page.getByRole('button', { name, exact: true }).focus();
    expect(await scrolledSideways(), `scrolled sideways with ${name} focused`).toBe(false);
  }
});
