import type { Locator, Page } from '@playwright/test';
import { findTemplate } from '../../core/catalogue';
import { componentFromTemplate } from '../../core/rules/components';
import type { Component } from '../../core/schemas';
import {
  addComponent,
  createPage,
  createThreeCountryPage,
  expect,
  openFromDashboard,
  preview,
  seedDraft,
  switchCountry,
  test,
  titleField,
} from './host';
import { chooseMoreAction } from './toolbar';

/** The behaviours of issue 15 ("Behaviour"): what the editor does, checked as a user meets it. */

const SCREENSHOTS = 'reports/screenshots';

async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}/behaviour-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Components of the catalogue's types, each with its template's content, named "<type> <n>". */
function components(types: readonly string[]): Component[] {
  const made: Component[] = [];
  for (const type of types) {
    const template = findTemplate(type);
    if (!template) throw new Error(`The catalogue has no ${type}`);
    made.push(
      componentFromTemplate(
        template,
        made.map((component) => component.name),
      ),
    );
  }
  return made;
}

const frame = (page: Page): Locator => page.locator('iframe[title="Live preview"]');

/** Whether a block shows in the preview's viewport (any part of it). */
const inPreviewViewport = (block: Locator): Promise<boolean> =>
  block.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight;
  });

const BANNERS = ['MainBanner', 'MainBanner', 'MainBanner', 'MainBanner', 'MainBanner', 'MainBanner'];

test('the preview stays in view behind a dialog, dimmed and taking no input; adding a component scrolls the preview to it', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seedDraft(host, 'long-preview', components(BANNERS));
  await openFromDashboard(page, host, 'long-preview');
  const blocks = preview(page).locator('.block');
  await expect(blocks).toHaveCount(BANNERS.length);
  await expect.poll(() => inPreviewViewport(blocks.last())).toBe(false);

  await page.getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  await expect(dialog).toBeVisible();
  // Still there, and still showing the page...
  await expect(frame(page)).toBeVisible();
  await expect(blocks.first()).toBeVisible();
  // ...under the dialog's overlay, which dims it and takes any pointer; nor can focus reach it.
  const box = await frame(page).boundingBox();
  if (!box) throw new Error('The preview frame has no box');
  // A point of the preview beside the dialog: its top right corner.
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.className ?? null, {
    x: box.x + box.width - 8,
    y: box.y + 8,
  });
  expect(onTop).toContain('modal-overlay');
  await expect(frame(page)).toHaveJSProperty('inert', true);
  await screenshots(page, 'preview-behind-dialog');

  // The new component goes last, far below the fold: the preview scrolls down to it.
  await dialog.getByRole('button', { name: 'Add Custom HTML', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(frame(page)).toHaveJSProperty('inert', false);
  const added = preview(page).locator('[data-component="CustomHTML"]');
  await expect.poll(() => inPreviewViewport(added)).toBe(true);
  await expect.poll(() => inPreviewViewport(blocks.first())).toBe(false);

  // Opening a row brings its block into view again.
  await page.locator('.component-row .row-title').first().click();
  await expect.poll(() => inPreviewViewport(blocks.first())).toBe(true);
});

test('Insert into component is disabled, saying why, with no component open or one without a link field', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'no link target');
  await chooseMoreAction(page, 'Link Generators');
  const dialog = page.getByRole('dialog', { name: 'Link Generator' });
  await dialog.getByLabel('Target').fill('sale');
  await expect(dialog.getByLabel('Generated link')).toHaveValue('applink://jd?type=CUSTOM&target=sale');
  const insert = dialog.getByRole('button', { name: 'Insert into component' });
  await expect(insert).toBeDisabled();
  await expect(dialog.getByText('Open a component in the panel to insert the link into it.')).toBeVisible();
  await expect(dialog.getByLabel('Insert into')).toBeDisabled();
  await screenshots(page, 'link-no-target');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Custom HTML has no link field: nothing is offered, nothing is added.
  await addComponent(page, 'Custom HTML');
  await chooseMoreAction(page, 'Link Generators');
  await expect(dialog.getByLabel('Generated link')).toHaveValue('applink://jd?type=CUSTOM&target=sale');
  await expect(insert).toBeDisabled();
  await expect(dialog.getByText('Custom HTML has no link field to insert into.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Open a component first' })).toHaveCount(0);
});

test('closing Options with broken JSON in it asks first; Keep editing keeps the text', async ({ page, host }) => {
  await createPage(page, host, 'broken options');
  await addComponent(page, 'Custom HTML');
  const options = page.getByRole('button', { name: 'Options' });
  await options.click();
  const json = page.getByLabel('Components JSON', { exact: true });
  await json.fill('[{"_component": "CustomHTML",');
  await expect(page.getByRole('region', { name: 'Page options' })).toBeVisible();

  await options.click();
  const ask = page.getByRole('dialog', { name: 'Close Options?' });
  await expect(ask).toContainText('Closing Options drops what you typed.');
  await screenshots(page, 'options-broken-json');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(json).toContainText('[{"_component": "CustomHTML",');

  await options.click();
  await ask.getByRole('button', { name: 'Discard and close' }).click();
  await expect(page.getByRole('region', { name: 'Page options' })).toHaveCount(0);
  // Nothing of it reached the page; open again, Options shows the page's list.
  await options.click();
  await expect(json).toContainText('"_component": "CustomHTML"');
  await expect(json).not.toContainText('[{"_component": "CustomHTML",\n');
  // Valid JSON closes at once.
  await options.click();
  await expect(page.getByRole('region', { name: 'Page options' })).toHaveCount(0);
});

test('Update Page waits for a message, with 6 rows and a counter; the leave dialog says the draft stays', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'honest dialogs');
  await addComponent(page, 'Main Banner');
  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const save = page.getByRole('dialog', { name: 'Update Page' });
  const message = save.getByLabel('Change message');
  await expect(message).toHaveAttribute('rows', '6');
  await expect(save.getByText('0/150')).toBeVisible();
  await expect(save.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await message.fill('Spring hero');
  await expect(save.getByText('11/150')).toBeVisible();
  await expect(save.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await screenshots(page, 'update-page');
  await save.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toContainText('the draft stays on the dashboard');
  await expect(leave).not.toContainText('will be lost');
  await leave.getByRole('button', { name: 'Leave' }).click();
  // As it said: the draft is on the dashboard.
  await expect(page.getByRole('button', { name: 'Open honest-dialogs (' })).toBeVisible();
});

test('custom classes are trimmed and named once', async ({ page, host }) => {
  await createPage(page, host, 'custom classes');
  await addComponent(page, 'Custom HTML');
  const classes = page.getByLabel('Custom Classes');
  await classes.fill('  hero , dark,, hero  wide ');
  await page.getByRole('button', { name: 'Apply Classes' }).click();
  await expect(classes).toHaveValue('hero, dark, wide');
  await expect(preview(page).locator('[data-component="CustomHTML"]')).toHaveClass(
    'block block-selected hero dark wide',
  );
});

test('Translate asks before it replaces text a secondary country edited', async ({ page, host }) => {
  await createThreeCountryPage(page, host, 'translate asks');
  await addComponent(page, 'Main Banner');
  await switchCountry(page, 'de');
  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await titleField(page).fill('Neue Saison');
  await switchCountry(page, 'gb');

  await page.getByRole('button', { name: 'Translate' }).click();
  const ask = page.getByRole('dialog', { name: 'Replace edited text?' });
  await expect(ask.getByRole('list', { name: 'Text that would be replaced' })).toHaveText('Germany: 1 text');
  await screenshots(page, 'translate-asks');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Text has been translated for DE.')).toHaveCount(0);
  await switchCountry(page, 'de');
  await expect(titleField(page)).toHaveValue('Neue Saison');

  await switchCountry(page, 'gb');
  await page.getByRole('button', { name: 'Translate' }).click();
  await ask.getByRole('button', { name: 'Translate and replace' }).click();
  await expect(page.getByText('Text has been translated for DE.')).toBeVisible();
  await switchCountry(page, 'de');
  await expect(titleField(page)).not.toHaveValue('Neue Saison');
});

test('opening a row brings its header into view, though the long row open above it closes', async ({ page, host }) => {
  await seedDraft(host, 'row-follows', components(['MainBanner', 'MainBanner', 'UspBar', 'UspBar', 'UspBar']));
  await openFromDashboard(page, host, 'row-follows');
  const header = (name: string) => page.getByRole('button', { name, exact: true });
  await header('Main Banner').click();
  // Scrolled to the end of the first row's long form, the second row's header is in view below it.
  await header('Main Banner 2').scrollIntoViewIfNeeded();
  await header('Main Banner 2').click();
  // The first row closed above it, which moved it up: it is brought back into view, and keeps the focus.
  await expect(header('Main Banner 2')).toHaveAttribute('aria-expanded', 'true');
  await expect(header('Main Banner 2')).toBeInViewport();
  await expect(header('Main Banner 2')).toBeFocused();
});
