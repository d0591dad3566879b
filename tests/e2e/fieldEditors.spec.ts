import type { Page } from '@playwright/test';
import { test, expect, preview, createPage, addComponent, editorText, callApi } from './host';

/*
 * Issue 15, "Field editors worth the name": Custom HTML in an HTML code editor, TableView as a grid, the image
 * picker and the focal point from the thumbnail, a validated launch time, colours with a picker, numbers within
 * the catalogue's bounds.
 */

/** The open component's content, as its JSON editor shows it. */
async function content(page: Page): Promise<Record<string, unknown>> {
  await page.getByLabel('Edit as JSON').check();
  const json = JSON.parse(await editorText(page, 'Component JSON')) as { content: Record<string, unknown> };
  await page.getByLabel('Edit as JSON').uncheck();
  return json.content;
}

test('Custom HTML is edited in a highlighting HTML editor and the preview follows', async ({ page, host }) => {
  await createPage(page, host, 'custom html');
  await addComponent(page, 'Custom HTML');
  const editor = page.getByRole('textbox', { name: 'Markup', exact: true });
  await expect(editor).toBeVisible();
  await expect(editor).toHaveAttribute('contenteditable', 'true');

  // Highlighted: a tag name is drawn in another colour than the text between tags.
  const colourOf = (text: string) =>
    editor
      .locator('span', { hasText: new RegExp(`^${text}$`) })
      .first()
      .evaluate((span) => getComputedStyle(span).color);
  const textColour = await editor
    .locator('.cm-line')
    .nth(1)
    .evaluate((line) => getComputedStyle(line).color);
  expect(await colourOf('h2')).not.toBe(textColour);

  await editor.fill('<section class="promo">\n  <p class="promo__text">Hello from the HTML editor</p>\n</section>');
  const block = preview(page).locator('[data-component="CustomHTML"]');
  await expect(block.locator('p.promo__text')).toHaveText('Hello from the HTML editor');
  // The preview shows the first change the editor sent; the markup is read once the editor's changes settled
  // (CI once read it between two of them).
  await expect
    .poll(async () => (await content(page)).markup)
    .toBe('<section class="promo">\n  <p class="promo__text">Hello from the HTML editor</p>\n</section>');
});

test('a Table View is edited as a grid: cells, keyboard, rows and columns', async ({ page, host }) => {
  await createPage(page, host, 'table grid');
  await addComponent(page, 'Table View');
  const grid = page.getByRole('table', { name: 'Table rows' });
  const table = preview(page).locator('[data-component="TableView"] table');
  await expect(grid.getByRole('textbox', { name: 'Range, row 11', exact: true })).toHaveValue('Adult');

  // A number cell stores a number; text in a Number column is refused and changes nothing.
  await grid.getByRole('textbox', { name: 'UK, row 1', exact: true }).fill('2.5');
  await expect(table.locator('tbody tr').first()).toContainText('2.5');
  await grid.getByRole('textbox', { name: 'EU, row 1', exact: true }).fill('big');
  await expect(grid.getByRole('alert')).toHaveText('EU holds numbers. Not saved.');
  const afterRefusal = await content(page);
  expect((afterRefusal.rows as Record<string, unknown>[])[0]).toEqual({
    range: 'Junior',
    uk: 2.5,
    eu: 35.5,
    us: 3.5,
    footLengthCm: 22,
  });

  // Arrow keys and Enter move between cells.
  await grid.getByRole('textbox', { name: 'Range, row 2', exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('textbox', { name: 'Range, row 3', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('textbox', { name: 'UK, row 3', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('textbox', { name: 'UK, row 4', exact: true })).toBeFocused();

  // Columns: a new one takes a heading and a cell in every row; a removed one takes its cells.
  await page.getByRole('button', { name: 'Add column' }).click();
  await grid.getByRole('textbox', { name: 'Column 6 heading' }).fill('Width');
  await grid.getByRole('textbox', { name: 'Width, row 1', exact: true }).fill('Narrow');
  await expect(table.locator('thead')).toContainText('Width');
  await grid.getByRole('button', { name: 'Remove column Foot length (cm)' }).click();
  await expect(table.locator('thead')).not.toContainText('Foot length');

  // Rows: added at the end, removed by their own button.
  await page.getByRole('button', { name: 'Add row' }).click();
  await grid.getByRole('textbox', { name: 'Range, row 12', exact: true }).fill('Giant');
  await grid.getByRole('button', { name: 'Remove row 1', exact: true }).click();
  const after = await content(page);
  const rows = after.rows as Record<string, unknown>[];
  expect(rows).toHaveLength(11);
  expect(rows[0]).toEqual({ range: 'Junior', uk: 4, eu: 36.5, us: 4.5, column6: '' });
  expect(rows.at(-1)).toEqual({ range: 'Giant', uk: '', eu: '', us: '', column6: '' });
  expect((after.headers as { label: string; field: string }[]).map((header) => header.label)).toEqual([
    'Range',
    'UK',
    'EU',
    'US',
    'Width',
  ]);

  // The large view is the same grid, wide: an edit there is in the panel's grid when it closes.
  await page.getByRole('button', { name: 'Edit in a large view' }).click();
  const large = page.getByRole('dialog', { name: 'Table' });
  await large.getByRole('textbox', { name: 'Range, row 11', exact: true }).fill('Huge');
  await large.getByRole('button', { name: 'Done' }).click();
  await expect(large).toBeHidden();
  await expect(grid.getByRole('textbox', { name: 'Range, row 11', exact: true })).toHaveValue('Huge');
});

test('the image picker offers the sample library, recent images and a pasted or dropped address; the thumbnail opens the focal point', async ({
  page,
  host,
}) => {
  const CDN = 'https://cdn.example.test';
  await page.context().route(`${CDN}/**`, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a0"/></svg>',
    }),
  );
  await createPage(page, host, 'image picker');
  await addComponent(page, 'Main Banner');
  const images = page.getByRole('group', { name: 'Images', exact: true }).first();
  const desktopUrl = images.getByLabel('Desktop image URL');

  // The sample library.
  await images.getByRole('button', { name: 'Choose image, desktop' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the desktop image' });
  await expect(picker.getByText('Images you put in image fields appear here.')).toBeVisible();
  await picker
    .getByRole('list', { name: 'Sample images' })
    .getByRole('button', { name: 'Running banner, desktop' })
    .click();
  await expect(picker).toBeHidden();
  await expect(desktopUrl).toHaveValue('/sample/images/banner-running-desktop.svg');
  await expect(images.locator('img[src="/sample/images/banner-running-desktop.svg"]')).toBeVisible();

  // A pasted address: refused with why when it cannot show, taken when it can.
  await images.getByRole('button', { name: 'Choose image, mobile' }).click();
  const mobilePicker = page.getByRole('dialog', { name: 'Choose the mobile image' });
  await expect(
    mobilePicker
      .getByRole('list', { name: 'Recent images' })
      .getByRole('button', { name: 'banner-running-desktop.svg' }),
  ).toBeVisible();
  await mobilePicker.getByLabel('Image address').fill('http://cdn.example.test/plain.svg');
  await mobilePicker.getByRole('button', { name: 'Use address' }).click();
  await expect(mobilePicker.getByRole('alert')).toContainText('Use an https:// address');
  await mobilePicker.getByLabel('Image address').fill(`${CDN}/pasted.svg`);
  await mobilePicker.getByRole('button', { name: 'Use address' }).click();
  await expect(mobilePicker).toBeHidden();
  await expect(images.getByLabel('Mobile image URL')).toHaveValue(`${CDN}/pasted.svg`);
  await expect
    .poll(() =>
      images.locator(`img[src="${CDN}/pasted.svg"]`).evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(40);

  // A dropped address goes into the variant it is dropped on.
  const dropped = await page.evaluateHandle((url) => {
    const data = new DataTransfer();
    data.setData('text/uri-list', `# a comment\n${url}`);
    return data;
  }, `${CDN}/dropped.svg`);
  await desktopUrl.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(desktopUrl).toHaveValue(`${CDN}/dropped.svg`);

  // Recent images survive a reload, most recent first. The drop is in the draft first: this test is about the
  // recent images, and a reload at once lost the drop's draft write in Chromium's headless shell.
  const bookmark = decodeURIComponent(new URL(page.url()).hash.split('/').pop()!);
  await expect
    .poll(async () => JSON.stringify((await callApi(host, 'getDraft', { bookmark })).draft?.components))
    .toContain(`${CDN}/dropped.svg`);
  await page.reload();
  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await page
    .getByRole('group', { name: 'Images', exact: true })
    .first()
    .getByRole('button', { name: 'Choose image, desktop' })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: 'Choose the desktop image' })
      .getByRole('list', { name: 'Recent images' })
      .getByRole('button'),
  ).toHaveText(['dropped.svg', 'pasted.svg', 'banner-running-desktop.svg']);
  await page.keyboard.press('Escape');

  // The focal point opens from the image.
  await page
    .getByRole('group', { name: 'Images', exact: true })
    .first()
    .getByRole('button', { name: 'Set focal point for Desktop image' })
    .click();
  const focal = page.getByRole('dialog', { name: 'Focal point' });
  await expect(focal).toBeVisible();
  await expect(focal.getByLabel('Image URL', { exact: true })).toHaveValue(`${CDN}/dropped.svg`);
});

test('a launch time that is not valid shows a warning and changes nothing', async ({ page, host }) => {
  await createPage(page, host, 'countdown time');
  await addComponent(page, 'Countdown Banner');
  const time = page.getByRole('textbox', { name: 'Launch time', exact: true });
  await expect(time).toHaveValue('09:00');
  await expect(time).toHaveAccessibleDescription('24-hour time, HH:mm');

  await time.fill('25:99');
  await expect(page.getByRole('alert').filter({ hasText: 'Hours go from 00 to 23.' })).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveValue('25:99');
  expect((await content(page)).launchTime).toBe('09:00');

  await time.fill('18:7');
  await expect(page.getByRole('alert').filter({ hasText: 'Use a 24-hour time as HH:mm' })).toBeVisible();
  await time.fill('18:30');
  await expect(time).toHaveAttribute('aria-invalid', 'false');
  expect((await content(page)).launchTime).toBe('18:30');
});

test('a colour has a picker beside its exact value', async ({ page, host }) => {
  await createPage(page, host, 'colours');
  await addComponent(page, 'Sale Banner');
  const text = page.getByRole('textbox', { name: 'Background color', exact: true });
  const picker = page.getByLabel('Pick background color');
  await expect(picker).toHaveValue('#d7182a');

  await picker.fill('#1a2b3c');
  await expect(text).toHaveValue('#1a2b3c');
  expect((await content(page)).backgroundColor).toBe('#1a2b3c');

  // A short hex colour shows in the picker as its long form.
  await text.fill('#abc');
  await expect(picker).toHaveValue('#aabbcc');
  await text.fill('#abcx');
  await expect(page.getByRole('alert').filter({ hasText: 'Use a hex colour' })).toBeVisible();
  expect((await content(page)).backgroundColor).toBe('#abc');
});

test('a number shows the bounds the catalogue sets and refuses one outside them', async ({ page, host }) => {
  await createPage(page, host, 'number bounds');
  await addComponent(page, 'Main Banner');
  const overlay = page.getByRole('group', { name: 'Overlay', exact: true });
  const width = overlay.getByRole('textbox', { name: 'Width', exact: true });
  await expect(width).toHaveValue('40');
  await expect(width).toHaveAccessibleDescription('From 10 to 100');

  await width.fill('150');
  await expect(overlay.getByRole('alert')).toHaveText('Enter a number from 10 to 100. Not saved until valid.');
  expect(((await content(page)).overlay as { width: number }).width).toBe(40);
  await width.fill('');
  await expect(overlay.getByRole('alert')).toHaveText('Enter a number. Not saved until valid.');
  await width.fill('65');
  await expect(overlay.getByRole('alert')).toHaveCount(0);
  expect(((await content(page)).overlay as { width: number }).width).toBe(65);
});
