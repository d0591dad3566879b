import { TYPING_PAUSE_MS } from '../../renderer/editor/src/state/history';
import {
  test,
  expect,
  preview,
  createPage,
  addComponent,
  dragAnnouncer,
  pickUpRow,
  rowTitles,
  editorText,
  mod,
} from './host';

test('the rich-text toolbar inserts each kind of markup, refusing incomplete input, and the preview follows', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'rich text');
  await addComponent(page, 'Info Page');
  const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
  const block = preview(page).locator('[data-component="InfoPage"]');
  await expect(block).toContainText('Students save 10%');

  await toolbar.getByRole('button', { name: 'Heading' }).click();
  const headingForm = page.getByRole('form', { name: 'Insert heading' });
  await headingForm.getByLabel('Text').fill('Who can apply');
  await headingForm.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ensure all fields are filled in' })).toBeVisible();
  await headingForm.getByLabel('Type').selectOption('h2');
  await headingForm.getByLabel('Size').selectOption('large');
  await headingForm.getByRole('button', { name: 'Insert' }).click();
  await expect(block.locator('h2', { hasText: 'Who can apply' })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Paragraph' }).click();
  const paragraphForm = page.getByRole('form', { name: 'Insert paragraph' });
  await paragraphForm.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter some text' })).toBeVisible();
  await paragraphForm.getByLabel('Paragraph text').fill('Full-time students aged 16 and over.');
  await paragraphForm.getByRole('button', { name: 'Insert' }).click();
  await expect(block.getByText('Full-time students aged 16 and over.')).toBeVisible();

  await toolbar.getByRole('button', { name: 'Bold' }).click();
  const boldForm = page.getByRole('form', { name: 'Insert bold text' });
  await boldForm.getByLabel('Bold text').fill(' ');
  await boldForm.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter some text' })).toBeVisible();
  await boldForm.getByLabel('Bold text').fill('No code needed in store.');
  await boldForm.getByRole('button', { name: 'Insert' }).click();
  await expect(block.locator('strong, b', { hasText: 'No code needed in store.' })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Link' }).click();
  const linkForm = page.getByRole('form', { name: /link/i });
  await linkForm.getByLabel('URL').fill('/help/student-discount/');
  await linkForm.getByRole('button', { name: 'Insert' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ensure all fields are filled in' })).toBeVisible();
  await linkForm.getByLabel('Title').fill('Read the terms');
  // A link that would run code is refused with a clear message, however it is written.
  await linkForm.getByLabel('URL').fill('  JavaScript:alert(1)');
  await linkForm.getByRole('button', { name: 'Insert' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Links starting with "javascript:" are not allowed.' }),
  ).toBeVisible();
  await linkForm.getByLabel('URL').fill('/help/student-discount/');
  await linkForm.getByRole('button', { name: 'Insert' }).click();
  await expect(block.locator('a[href="/help/student-discount/"]')).toHaveText('Read the terms');
  await expect(block.locator('a[href*="script:" i]')).toHaveCount(0);

  // Lists and clear formatting act on the selection: the paragraph typed into becomes a list item.
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .getByText('Full-time students aged 16 and over.')
    .click();
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await expect(block.locator('ul li', { hasText: 'Full-time students aged 16 and over.' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Clear formatting' }).click();
  await expect(block.locator('ul li', { hasText: 'Full-time students aged 16 and over.' })).toHaveCount(0);
  await expect(block.getByText('Full-time students aged 16 and over.')).toBeVisible();
});

test('both JSON editors refuse broken input without changing anything, and apply fixed input', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'json editors');
  await addComponent(page, 'Main Banner');
  const frame = preview(page);

  // One component's own JSON, from its row.
  await page.getByLabel('Edit as JSON').check();
  const own = page.getByLabel('Component JSON', { exact: true });
  const original = await editorText(page, 'Component JSON');
  expect(JSON.parse(original).content.title).toBe('New Season Trainers');
  await own.fill(original.replace('"New Season Trainers"', '"Broken'));
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid JSON at line' })).toBeVisible();
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('New Season Trainers');
  await own.fill(original.replace('"New Season Trainers"', '"Fixed Title"'));
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('Fixed Title');
  await page.getByLabel('Edit as JSON').uncheck();

  // The whole list, from the options panel.
  await page.getByRole('button', { name: 'Options' }).click();
  const list = page.getByLabel('Components JSON', { exact: true });
  const whole = await editorText(page, 'Components JSON');
  await list.fill(whole.replace('"_component": "MainBanner"', '"_component": ""'));
  await expect(page.getByRole('alert').filter({ hasText: '0._component' })).toBeVisible();
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('Fixed Title');
  await list.fill(whole.replace('"Fixed Title"', '"From the list"'));
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('From the list');
});

test('undo and redo a sequence of edits, from the keyboard and the toolbar', async ({ page, host }) => {
  // The page's clock runs as usual, but the typing pause is made by moving it on rather than by waiting.
  await page.clock.install();
  await createPage(page, host, 'undo redo');
  await addComponent(page, 'Main Banner');
  await addComponent(page, 'Custom HTML');
  const frame = preview(page);
  const heading = frame.locator('[data-component="MainBanner"] h2');

  await page.locator('.row-title', { hasText: 'Main Banner' }).click();
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('First edit');
  await expect(heading).toHaveText('First edit');
  await page.clock.fastForward(TYPING_PAUSE_MS); // a pause ends the typing step
  await title.press('End');
  await title.pressSequentially(' and more');
  await expect(heading).toHaveText('First edit and more');
  await page.getByLabel('Hide Component').check();
  await expect(heading).toHaveCount(0);

  await page.keyboard.press(`${mod}+z`);
  await expect(heading).toHaveText('First edit and more');
  await page.keyboard.press(`${mod}+z`); // the burst of typing is one step
  await expect(heading).toHaveText('First edit');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(heading).toHaveText('New Season Trainers');
  await page.keyboard.press(`${mod}+Shift+z`);
  await expect(heading).toHaveText('First edit');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(heading).toHaveText('First edit and more');

  // Removing is undoable too.
  await page.locator('.row-title', { hasText: 'Custom HTML' }).focus();
  await page.keyboard.press('Delete');
  await expect.poll(() => rowTitles(page)).toEqual(['Main Banner']);
  await expect(page.locator('.row-title', { hasText: 'Main Banner' })).toBeFocused();
  await page.keyboard.press(`${mod}+z`);
  await expect.poll(() => rowTitles(page)).toEqual(['Main Banner', 'Custom HTML']);
});

test('an editor works the list with the keyboard only', async ({ page, host }) => {
  await createPage(page, host, 'keyboard only');
  for (const name of ['Main Banner', 'Custom HTML', 'Spot Carousel']) await addComponent(page, name);
  await page.locator('.component-row.open .row-title').press('Enter'); // close the open row
  await expect(page.locator('.component-row.open')).toHaveCount(0);

  // Arrow keys move between rows; Enter opens one.
  await page.locator('.row-title', { hasText: 'Main Banner' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.row-title', { hasText: 'Custom HTML' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.component-row.open .row-title')).toHaveText('Custom HTML');

  // Alt+arrows move the open row, Ctrl+D duplicates it.
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Main Banner', 'Spot Carousel']);
  await page.keyboard.press(`${mod}+d`);
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Custom HTML 2', 'Main Banner', 'Spot Carousel']);
  await expect(preview(page).locator('[data-component="CustomHTML"]')).toHaveCount(2);

  // The drag handle with Space, arrows, Space.
  await pickUpRow(page, 'Spot Carousel');
  await page.keyboard.press('ArrowUp');
  await expect(dragAnnouncer(page).getByText('Moved to position 3 of 4.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(dragAnnouncer(page).getByText('Moved to position 2 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Spot Carousel', 'Custom HTML 2', 'Main Banner']);

  // ? lists the shortcuts.
  await page.locator('.row-title', { hasText: 'Main Banner' }).focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Duplicate the open component');
});

test('a product looked up by PLU fills the spotlight, and bad lookups say why', async ({ page, host }) => {
  await createPage(page, host, 'spotlight');
  await addComponent(page, 'Product Spotlight');
  const spotlight = preview(page).locator('[data-component="ProductSpotlight"]');
  await expect(spotlight).toContainText('Stride Aero Runner');

  // The first tab's first product.
  await page
    .getByRole('button', { name: /Stride Aero Runner/ })
    .first()
    .click();
  const lookup = page.getByRole('form', { name: 'Product lookup' }).first();
  await lookup.getByLabel('PLU').fill(' ');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter Fascia, Country, Size and PLU.' }),
  ).toBeVisible();

  await lookup.getByLabel('Size').fill('9');
  await lookup.getByLabel('PLU').fill('00000000');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid PLU' })).toContainText('Product Code');

  await lookup.getByLabel('PLU').fill('357858');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(spotlight.getByText('Harbour Flux Hoodie').first()).toBeVisible();
  await expect(spotlight.locator('img[src*="product-hoodie-a"]').first()).toBeAttached();
});

test('undo back to the saved content: the Name box shows the undone name, and the page is unsaved no more', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'undo to clean');
  // The header's save status (not a live region: the announcer says what matters).
  const status = page.locator('.autosave');
  await expect(status).toHaveText('Draft saved');
  await addComponent(page, 'Main Banner');
  await expect(status).toHaveText('Draft saved (not yet saved to UAT)');

  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Hero');
  await page.getByRole('button', { name: 'Update Name' }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Hero']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Main Banner']);
  await expect(name).toHaveValue('Main Banner');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(name).toHaveValue('Hero');

  // Undoing the rename and the add comes back to the page as it was created: nothing is unsaved.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => rowTitles(page)).toEqual([]);
  await expect(status).toHaveText('Draft saved');
  // Redo goes away from it again, and Back asks.
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(status).toHaveText('Draft saved (not yet saved to UAT)');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toHaveText('Draft saved');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
});
