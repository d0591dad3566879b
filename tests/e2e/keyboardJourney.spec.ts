/**
 * A keyboard-only journey through the editor (issue 16): no mouse call at all. Create a page, add two components,
 * edit a title, reorder with the drag handle (Space, arrow, Space) and with Alt+Arrow, open Options, undo and
 * redo, save with a message. After every dialog, where the focus is; after each move, what was said.
 */
import type { Locator, Page } from '@playwright/test';
import type { Component } from '../../core/schemas';
import { expect, openFromDashboard, preview, rowTitles, seedDraft, test, titleField } from './host';

const button = (page: Page, name: string): Locator => page.getByRole('button', { name, exact: true });
const polite = (page: Page): Locator => page.getByTestId('polite-announcer');
/** Whether one of dnd-kit's live regions (one per sortable list) says exactly this. */
const dragSaid = (page: Page, text: string): Promise<void> =>
  expect(
    page.locator('[id^="DndLiveRegion"]').filter({ hasText: new RegExp(`^${text.replace(/[.()]/g, '\\$&')}$`) }),
  ).toHaveCount(1);

/** Focus is inside the dialog (Radix moves it there when the dialog opens). */
async function expectFocusIn(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

async function addByKeyboard(page: Page, name: string): Promise<void> {
  await button(page, 'Add Component').press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  await expectFocusIn(page, dialog);
  await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  // Focus goes on purpose to the new row.
  await expect(page.locator('.component-row .row-title').last()).toBeFocused();
  await expect(page.locator('.component-row .row-title').last()).toHaveText(name);
}

test('keyboard only: create, add, edit, reorder two ways, Options, undo and redo, save', async ({ page, host }) => {
  test.setTimeout(90_000);
  await page.goto(host.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Content Editor' })).toBeFocused();

  // Create a page.
  await button(page, 'New Page').press('Enter');
  const newPage = page.getByRole('dialog', { name: 'New Page' });
  await expectFocusIn(page, newPage);
  await newPage.getByLabel('Page', { exact: true }).pressSequentially('keyboard-journey');
  await newPage.getByRole('button', { name: 'Create' }).press('Enter');
  await expect(newPage).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'keyboard-journey' })).toBeFocused();

  // Add two components.
  await addByKeyboard(page, 'Main Banner');
  await addByKeyboard(page, 'Custom HTML');
  expect(await rowTitles(page)).toEqual(['Main Banner', 'Custom HTML']);

  // Edit the banner's title.
  const banner = page.locator('.component-row').filter({ hasText: 'Main Banner' }).locator('.row-title');
  await banner.press('Enter');
  await expect(banner).toHaveAttribute('aria-expanded', 'true');
  await titleField(page).press('ControlOrMeta+a');
  await titleField(page).pressSequentially('Spring Sale');
  await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('Spring Sale');

  // Reorder with the drag handle: pick Custom HTML up, one place up, drop. Said with names and positions.
  const handle = page.getByRole('button', { name: 'Reorder Custom HTML' });
  await handle.press('Space');
  await dragSaid(page, 'Picked up Custom HTML, position 2 of 2.');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Main Banner']);
  await dragSaid(page, 'Dropped Custom HTML at position 1 of 2.');
  await expect(handle).toBeFocused();

  // Reorder with Alt+Arrow: the open banner back up, from its row.
  await banner.press('Alt+ArrowUp');
  await expect.poll(() => rowTitles(page)).toEqual(['Main Banner', 'Custom HTML']);
  await expect(polite(page)).toHaveText('Moved Main Banner to position 1 of 2');
  await expect(banner).toBeFocused();

  // Open Options, and close it again: the focus stays on its button.
  const options = button(page, 'Options');
  await options.press('Enter');
  await expect(page.getByRole('region', { name: 'Page options' })).toBeVisible();
  await expect(options).toHaveAttribute('aria-expanded', 'true');
  await options.press('Enter');
  await expect(page.getByRole('region', { name: 'Page options' })).toHaveCount(0);
  await expect(options).toBeFocused();

  // Undo takes the Alt+Arrow move back, redo makes it again.
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Main Banner']);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect.poll(() => rowTitles(page)).toEqual(['Main Banner', 'Custom HTML']);

  // Save with a message: the dashboard comes back, its heading focused.
  await button(page, 'SAVE CONTENT').press('Enter');
  const save = page.getByRole('dialog', { name: 'Update Page' });
  await expectFocusIn(page, save);
  await save.getByLabel('Change message').pressSequentially('Spring banner, by keyboard');
  await save.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(save).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Editor' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Open keyboard-journey (' })).toBeVisible();
});

const banner = (index: number): Component => ({
  _component: 'MainBanner',
  _identifier: `MainBanner${String(index).padStart(10, '0')}`,
  name: `Banner ${index + 1}`,
  hidden: false,
  classes: [],
  content: { title: 'Title' },
});

/** The identifiers of the rows mounted now, in order (a big page mounts its rows as they come into view). */
const mountedIds = (page: Page): Promise<string[]> =>
  page.locator('.component-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row-id')!));

test('keyboard drags pressed without a pause all land where the arrows said, on a big page too', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000);
  await seedDraft(
    host,
    'many-rows',
    Array.from({ length: 300 }, (_, index) => banner(index)),
  );
  await openFromDashboard(page, host, 'many-rows');
  const idAt = async (index: number) => (await mountedIds(page))[index]!;

  // Space, arrow, Space as fast as keys go: before the fix, dnd-kit lost the early arrows (7 of 9 drags did nothing).
  for (let attempt = 0; attempt < 9; attempt++) {
    const from = 1 + (attempt % 7);
    const up = attempt % 2 === 0;
    const id = await idAt(from);
    await page.locator(`[data-row-id="${id}"] .drag-handle`).press('Space');
    await page.keyboard.press(up ? 'ArrowUp' : 'ArrowDown');
    await page.keyboard.press('Space');
    await expect(page.locator('.component-row.dragging')).toHaveCount(0);
    await expect.poll(async () => (await mountedIds(page)).indexOf(id), `drag ${attempt}`).toBe(from + (up ? -1 : 1));
  }

  // A long drag past the middle of the panel, where dnd-kit scrolls the list instead of moving the row.
  const id = await idAt(40);
  const handle = page.locator(`[data-row-id="${id}"] .drag-handle`);
  await handle.press('Space');
  for (let step = 0; step < 15; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.locator('.component-row.dragging')).toHaveCount(0);
  await expect.poll(async () => (await mountedIds(page)).indexOf(id)).toBe(55);
  // The handle keeps the focus, in view.
  await expect(handle).toBeFocused();
  await expect(handle).toBeInViewport();
});
