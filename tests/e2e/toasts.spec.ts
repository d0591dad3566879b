/**
 * Toasts (issues 15 and 16): errors are spoken by an assertive live region and everything else by a polite one,
 * both always in the page; undo and redo say what they did, and their tooltips name the next step; toasts move
 * rather than cover the focused element.
 */
import type { Locator, Page } from '@playwright/test';
import { addComponent, createPage, expect, mod, test } from './host';

const assertive = (page: Page): Locator => page.locator('.toast-list[aria-live="assertive"]');
const polite = (page: Page): Locator => page.locator('.toast-list[aria-live="polite"]');

test('an error toast is in the assertive live region, which is in the page before it', async ({ page, host }) => {
  await page.route('**/api/listPages', (route) => route.abort());
  await page.goto(host.url);
  await expect(assertive(page)).toHaveCount(1);
  await expect(assertive(page)).toContainText('Could not list pages:');
  await expect(polite(page).filter({ hasText: 'Could not list pages' })).toHaveCount(0);
});

test('undo says what it undid, and the undo and redo tooltips name the next step', async ({ page, host }) => {
  await createPage(page, host, 'undo words');
  await addComponent(page, 'Custom HTML');
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });

  await page.getByRole('button', { name: 'Remove Component' }).click();
  await expect(polite(page)).toContainText('Removed Custom HTML.');
  await undo.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Undo: remove Custom HTML');

  await undo.click();
  await expect(polite(page)).toContainText('Undid: remove Custom HTML');
  await expect(page.locator('.component-row .row-title')).toHaveText(['Custom HTML']);
  await redo.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Redo: remove Custom HTML');
  // Radix keeps a tooltip open while the pointer may be on its way to it: leave in several moves.
  await page.mouse.move(200, 600, { steps: 5 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await undo.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Undo: add Custom HTML');

  // Repeated steps show one toast, the last.
  await page.keyboard.press(`${mod}+z`);
  await expect(polite(page).locator('.toast')).toHaveCount(1);
  await expect(polite(page)).toContainText('Undid: add Custom HTML');
  await expect(undo).toBeDisabled();
});

test('a toast moves to another corner rather than cover the focused element', async ({ page, host }) => {
  await page.setViewportSize({ width: 1280, height: 520 });
  await createPage(page, host, 'toast corner');
  await addComponent(page, 'Main Banner');
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Hero');
  await page.getByRole('button', { name: 'Update Name' }).click();

  // The Name box at the bottom left of the window, where toasts usually stand.
  await name.evaluate((input) => input.scrollIntoView({ block: 'end' }));
  await name.focus();
  await page.keyboard.press(`${mod}+z`);
  const toast = page.locator('.toast', { hasText: 'Undid: rename Main Banner to Hero' });
  await expect(toast).toBeVisible();
  const [toastBox, nameBox] = [await toast.boundingBox(), await name.boundingBox()];
  const overlaps =
    toastBox!.x < nameBox!.x + nameBox!.width &&
    nameBox!.x < toastBox!.x + toastBox!.width &&
    toastBox!.y < nameBox!.y + nameBox!.height &&
    nameBox!.y < toastBox!.y + toastBox!.height;
  expect(overlaps, 'the toast covers the focused Name box').toBe(false);
  await expect(name).toBeFocused();
});
