import type { Locator, Page } from '@playwright/test';
import { addComponent, createPage, createThreeCountryPage, expect, saveContent, seedDraft, test } from './host';

/**
 * Opens a dialog from its button with Enter (and, for a toolbar menu, then its item with Enter), closes it
 * (Escape unless told), and checks focus is back on the button.
 */
async function roundTrip(
  page: Page,
  opener: Locator,
  dialogName: string,
  close?: (dialog: Locator) => Promise<void>,
  menuItem?: string,
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  if (menuItem) await page.getByRole('menuitem', { name: menuItem, exact: true }).press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // Radix moved focus into the dialog (the page behind is hidden from the accessibility tree meanwhile).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  if (close) await close(dialog);
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `focus after closing ${dialogName}`).toBeFocused();
}

const heading = (page: Page, name: string): Locator => page.getByRole('heading', { level: 1, name, exact: true });

test('focus: every dialog closed returns focus to the button that opened it', async ({ page, host }) => {
  await createPage(page, host, 'focus-dialogs');
  await addComponent(page, 'Main Banner');

  const button = (name: string): Locator => page.getByRole('button', { name, exact: true });
  await roundTrip(page, button('Add Component'), 'Add a Component');
  await roundTrip(page, button('More actions'), 'Keyboard shortcuts', undefined, 'Keyboard shortcuts');
  await roundTrip(page, button('History'), 'Version history');
  await roundTrip(page, button('History'), 'Version history', (dialog) =>
    dialog.getByRole('button', { name: 'Close' }).press('Enter'),
  );
  await roundTrip(page, button('More actions'), 'Styles manager', undefined, 'Styles manager');
  await roundTrip(page, button('More actions'), 'Script manager', undefined, 'Script manager');
  await roundTrip(page, button('More actions'), 'Link Generator', undefined, 'Link Generators');
  await roundTrip(page, button('More actions'), 'FH Query Builder', undefined, 'Query Builder');
  await roundTrip(page, button('SAVE CONTENT'), 'Update Page', (dialog) =>
    dialog.getByRole('button', { name: 'Cancel' }).press('Enter'),
  );

  // A component added from the dialog: focus goes on purpose to the new row, and closing does not take it back.
  await button('Add Component').focus();
  await page.keyboard.press('Enter');
  const add = page.getByRole('dialog', { name: 'Add a Component' });
  await add.getByRole('button', { name: 'Add Custom HTML', exact: true }).press('Enter');
  await expect(add).toBeHidden();
  await expect(page.locator('.component-row .row-title').last()).toBeFocused();
  await expect(page.locator('.component-row .row-title').last()).toHaveText('Custom HTML');

  // Saved through the dialog: the editor gives way to the dashboard, whose heading takes focus.
  await saveContent(page, 'first save');
  await expect(page.getByRole('dialog', { name: 'Update Page' })).toBeHidden();
  await expect(heading(page, 'Content Editor')).toBeFocused();
});

test('focus: each screen has a main landmark, a window title naming it, and focus on its heading when it appears', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(heading(page, 'Content Editor')).toBeFocused();
  await expect(page).toHaveTitle('Content Editor — Storefront Studio');
  await expect(page.getByRole('main')).toHaveCount(1);

  // Creating a page (from the dialog, by keyboard): the editor's h1 names the page, and takes focus.
  await page.getByRole('button', { name: 'New Page' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await dialog.getByLabel('Page', { exact: true }).fill('summer-sale');
  await dialog.getByRole('button', { name: 'Create' }).press('Enter');
  await expect(heading(page, 'summer-sale')).toBeFocused();
  await expect(page).toHaveTitle('Editing summer-sale · JD GB — Storefront Studio');
  await expect(page.getByRole('main')).toHaveCount(1);

  // Back to the dashboard and opening another page from it.
  await seedDraft(host, 'winter-sale', []);
  await page.getByRole('button', { name: 'Back', exact: true }).press('Enter');
  await expect(heading(page, 'Content Editor')).toBeFocused();
  await page.getByRole('button', { name: 'Open winter-sale (' }).press('Enter');
  await expect(heading(page, 'winter-sale')).toBeFocused();
  await expect(page).toHaveTitle('Editing winter-sale · JD GB — Storefront Studio');

  for (const [path, name] of [
    ['#/settings', 'Settings'],
    ['#/focal-point', 'Focal Point'],
  ] as const) {
    await page.goto(`${host.url}/editor/index.html${path}`);
    await expect(heading(page, name)).toBeFocused();
    await expect(page).toHaveTitle(`${name} — Storefront Studio`);
    await expect(page.getByRole('main')).toHaveCount(1);
  }
});

test('focus: a page opened from a dialog whose opener is gone puts focus on the new screen heading', async ({
  page,
  host,
}) => {
  await seedDraft(host, 'missing-opener', []);
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open in countries: missing-opener (' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Open in countries' });
  await dialog.getByRole('group', { name: 'Other countries' }).getByLabel('Germany').check();
  await dialog.getByRole('button', { name: 'Open', exact: true }).press('Enter');
  await expect(page).toHaveURL(/#\/services\/content-editor\/countries\//);
  await expect(heading(page, 'missing-opener')).toBeFocused();
});

test('focus: review mode announces each page and puts focus on the way on', async ({ page, host }) => {
  await createThreeCountryPage(page, host, 'review-focus');
  const announcer = page.getByTestId('screen-announcer');
  const review = page.getByRole('region', { name: 'Review', exact: true });

  await page.getByRole('button', { name: 'REVIEW PAGES' }).press('Enter');
  await expect(announcer).toHaveText('Reviewing page 1 of 3: United Kingdom');
  await expect(review.getByRole('button', { name: 'Confirm/Next' })).toBeFocused();
  // Every step by keyboard alone: Enter on the focused button.
  await page.keyboard.press('Enter');
  await expect(announcer).toHaveText('Reviewing page 2 of 3: Germany');
  await expect(review.getByRole('button', { name: 'Confirm/Next' })).toBeFocused();
  await expect(page).toHaveTitle('Editing review-focus · JD DE — Storefront Studio');
  await page.keyboard.press('Enter');
  await expect(announcer).toHaveText('Reviewing page 3 of 3: France');
  await expect(review.getByRole('button', { name: 'SAVE CONTENT' })).toBeFocused();

  await review.getByRole('button', { name: 'Back to Editor' }).press('Enter');
  await expect(review).toBeHidden();
  await expect(heading(page, 'review-focus')).toBeFocused();
});

test('focus: the Country select switches country when the choice is committed, not on every arrow key', async ({
  page,
  host,
}) => {
  await createThreeCountryPage(page, host, 'country-keys');
  const select = page.getByRole('banner').getByLabel('Country');
  const flag = (name: string): Locator => page.getByRole('img', { name: `${name} flag` }).first();
  await expect(select).toHaveValue('gb');

  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('de');
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('fr');
  // Browsing switched nothing: still the primary, and focus is where it was.
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
  await expect(flag('United Kingdom')).toBeVisible();
  await expect(select).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Secondary', { exact: true })).toBeVisible();
  await expect(flag('Germany')).toBeVisible();
  await expect(select).toHaveValue('de');
  await expect(select).toBeFocused();

  // Escape puts the shown choice back; leaving the select commits what it shows.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(select).toHaveValue('de');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
  await expect(flag('United Kingdom')).toBeVisible();
});
