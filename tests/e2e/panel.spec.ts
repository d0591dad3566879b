/**
 * The components panel (issue 15, Layout): resizable by keyboard and by the mouse both ways (issue 21), its
 * width remembered for the user across a reload, first opened at a width that grows with the window,
 * collapsible from the header, and nothing in the editor scrolls sideways at 1280 wide, even with the
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

test('the mouse widens the panel: the separator follows a drag to the right, over the preview', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createPage(page, host, 'panel drag');
  const before = await panelWidth(page);
  const box = await page.getByRole('separator', { name: 'Resize the components panel' }).boundingBox();
  if (!box) throw new Error('The separator is not laid out');

  // In 5 px steps, as a hand moves: after the first, the pointer is over the preview's frame.
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, y, { steps: 40 });
  await page.mouse.up();
  await expect.poll(async () => Math.abs((await panelWidth(page)) - (before + 200))).toBeLessThanOrEqual(3);

  // And back to the left, where it was.
  const widened = await page.getByRole('separator', { name: 'Resize the components panel' }).boundingBox();
  if (!widened) throw new Error('The separator is not laid out');
  await page.mouse.move(widened.x + widened.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(widened.x + widened.width / 2 - 200, y, { steps: 40 });
  await page.mouse.up();
  await expect.poll(async () => Math.abs((await panelWidth(page)) - before)).toBeLessThanOrEqual(3);
});

test('at 1920 wide the panel first opens at a third of the window (640 px), not the 420 px of a small one', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await createPage(page, host, 'panel first width');
  // Within a few pixels: the panels' library keeps its layout in percent.
  await expect.poll(async () => Math.abs((await panelWidth(page)) - 640)).toBeLessThanOrEqual(3);
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
