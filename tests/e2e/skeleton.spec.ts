import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE } from '../../core/catalogue';
import { componentFromTemplate } from '../../core/rules/components';
import {
  test,
  expect,
  preview,
  createPage,
  addComponent,
  openFromDashboard,
  dragAnnouncer,
  pickUpRow,
  rowTitles,
  seedDraft,
  E2E_USER,
} from './host';

const templateOf = (componentType: string) => CATALOGUE.find((template) => template.data._component === componentType)!;

test('an editor creates a page and edits it with a live preview: type, hide, rename, reorder', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'Summer Sale!! 2026');
  // The h1 names the page; the header still shows the brand by name (spec §2), beside the country.
  await expect(page.getByRole('heading', { name: 'summer-sale-2026', level: 1 })).toBeVisible();
  await expect(page.locator('.page-context .brand-badge')).toHaveText('JD');

  await addComponent(page, 'Main Banner');
  const frame = preview(page);
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('New Season Trainers');

  // Typing reaches the preview on every keystroke.
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('Big Summer Sale');
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('Big Summer Sale');
  await title.pressSequentially('!');
  await expect(frame.locator('[data-component="MainBanner"] h2')).toHaveText('Big Summer Sale!');

  // Hide: the block vanishes from the preview and the row says so.
  await page.getByLabel('Hide Component').check();
  await expect(frame.locator('[data-component="MainBanner"]')).toHaveCount(0);
  await expect(page.locator('.component-row .row-title').first()).toContainText('[HIDDEN]');
  await page.getByLabel('Hide Component').uncheck();
  await expect(frame.locator('[data-component="MainBanner"]')).toHaveCount(1);

  // Rename.
  await page.getByLabel('Name', { exact: true }).fill('Hero');
  await page.getByRole('button', { name: 'Update Name' }).click();
  await expect(page.locator('.component-row .row-title').first()).toHaveText('Hero');

  // Reorder by keyboard with dnd-kit: focus the handle, Space, ArrowUp, Space.
  await addComponent(page, 'Custom HTML');
  await expect.poll(() => rowTitles(page)).toEqual(['Hero', 'Custom HTML']);
  await pickUpRow(page, 'Custom HTML');
  await page.keyboard.press('ArrowUp');
  await expect(dragAnnouncer(page).getByText('Moved to position 1 of 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => rowTitles(page)).toEqual(['Custom HTML', 'Hero']);
  await expect(frame.locator('.block')).toHaveCount(2);
  await expect
    .poll(() => frame.locator('.block').evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-component'))))
    .toEqual(['CustomHTML', 'MainBanner']);

  // The dragged row stayed open through the drag; Alt+ArrowDown moves it back.
  await expect(page.locator('.component-row.open .row-title')).toHaveText('Custom HTML');
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => rowTitles(page)).toEqual(['Hero', 'Custom HTML']);
});

test('the page JSON refuses broken input, and the page is saved to UAT with every field of the spec', async ({
  page,
  host,
}) => {
  // The page the editing test above ends with, seeded through the API.
  const hero = componentFromTemplate(templateOf('MainBanner'), []);
  const html = componentFromTemplate(templateOf('CustomHTML'), ['Hero']);
  await seedDraft(host, 'summer-sale-2026', [
    { ...hero, name: 'Hero', content: { ...hero.content, title: 'Big Summer Sale!' } },
    html,
  ]);
  await openFromDashboard(page, host, 'summer-sale-2026');
  await expect.poll(() => rowTitles(page)).toEqual(['Hero', 'Custom HTML']);

  // Broken JSON shows the parse error and changes nothing.
  await page.getByRole('button', { name: 'Options' }).click();
  const json = page.getByLabel('Components JSON');
  // CodeMirror renders only the lines near the view, so innerText may be partial: select all and copy instead.
  await json.focus();
  await page.keyboard.press('ControlOrMeta+A');
  const before = await json.evaluate((content) => {
    const clipboardData = new DataTransfer();
    content.dispatchEvent(new ClipboardEvent('copy', { clipboardData, bubbles: true, cancelable: true }));
    return clipboardData.getData('text/plain');
  });
  expect(JSON.parse(before)).toHaveLength(2);
  // As a user replaces it: CodeMirror's own select-all takes the whole text, not only the lines it has drawn
  // (fill selects the drawn DOM, which missed the end of the list once in CI).
  const replaceJson = async (text: string) => {
    await json.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(text);
  };
  await replaceJson(before.replace('"Hero"', '"Broken"').slice(0, -3));
  await expect(page.getByRole('alert')).toContainText('Invalid JSON');
  await expect(page.getByRole('alert')).toContainText('Nothing was changed.');
  await expect.poll(() => rowTitles(page)).toEqual(['Hero', 'Custom HTML']);
  // Valid JSON that is not a component list is refused with its path.
  await replaceJson('[{"content": {}}]');
  await expect(page.getByRole('alert')).toContainText('0._component');
  await expect.poll(() => rowTitles(page)).toEqual(['Hero', 'Custom HTML']);
  // Valid JSON is re-emitted.
  await replaceJson(before.replace('"Hero"', '"Hero Banner"'));
  await expect.poll(() => rowTitles(page)).toEqual(['Hero Banner', 'Custom HTML']);
  await page.getByLabel('Subcategory').fill('Summer');
  await page.getByLabel('UAT Desktop').fill('https://uat.example.com/summer-sale-2026');

  // Save: an empty message is refused, then the page is saved.
  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await expect(dialog).toContainText('You are about to update the content for:');
  await expect(dialog).toContainText('GB');
  await expect(dialog).toContainText('Do you want to continue?');
  // Continue waits for a message (as the review save does); a single space is refused with the warning.
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await dialog.getByLabel('Change message').fill(' ');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a message for the changes.');
  await dialog.getByLabel('Change message').fill('Summer sale hero');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Updated content for 'site_jd gb summer-sale-2026'.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

  // The saved file has every field of the spec.
  const folder = join(host.dataDir, 'content', 'site_jd', 'web', 'content-editor', 'summer-sale-2026', 'uat', 'gb');
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  expect(files).toHaveLength(1);
  const saved = JSON.parse(readFileSync(join(folder, files[0]!), 'utf8')).content;
  expect(saved).toMatchObject({
    fascia: 'site_jd',
    page: 'summer-sale-2026',
    author: E2E_USER.toLowerCase(),
    country: 'gb',
    status: 'uat',
    subcategory: 'Summer',
    commitMessage: 'Summer sale hero',
    platform: 'web',
    source: 'content-editor',
    s3JsonUrl: 'web/content-editor/summer-sale-2026/uat/gb.json',
    pageLinks: { uat: { desktop: 'https://uat.example.com/summer-sale-2026' } },
  });
  expect(saved.hash).toMatch(/^[0-9a-f]{16}$/);
  expect(new Date(saved.timestamp).toISOString()).toBe(saved.timestamp);
  expect(saved.content.map((c: { name: string }) => c.name)).toEqual(['Hero Banner', 'Custom HTML']);
  expect(saved.content[0].content.title).toBe('Big Summer Sale!');

  // Reopen from the dashboard.
  const row = page.getByRole('row', { name: /summer-sale-2026/ });
  await expect(row).toContainText(E2E_USER.toLowerCase());
  await row.getByRole('button', { name: /^Open \S+ \(/ }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Hero Banner', 'Custom HTML']);
  await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('Big Summer Sale!');
});

test('a failed save keeps the draft and stays in the editor; the draft survives a restart', async ({ page, host }) => {
  await createPage(page, host, 'offline page');
  await addComponent(page, 'Spot Carousel');
  await expect(preview(page).locator('[data-component="SpotCarousel"]')).toBeVisible();

  // Point the app at a content service that is not there.
  await page.evaluate(() => window.studio.updateSettings({ serviceUrls: { content: 'http://127.0.0.1:9/' } }));
  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await dialog.getByLabel('Change message').fill('first try');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText(/The page was not saved: .*not reachable.*Your changes are kept as a draft\./),
  ).toBeVisible();
  // The dialog stays open with the message, ready to try again; closing it returns to the editor.
  await expect(dialog.getByLabel('Change message')).toHaveValue('first try');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'SAVE CONTENT' })).toBeVisible();
  await expect.poll(() => rowTitles(page)).toEqual(['Spot Carousel']);

  // Reopening the app restores the draft.
  await host.restart();
  await page.goto(host.url);
  const row = page.getByRole('row', { name: /offline-page/ });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: /^Open \S+ \(/ }).click();
  await expect.poll(() => rowTitles(page)).toEqual(['Spot Carousel']);
});

test('leaving with unsaved changes asks first', async ({ page, host }) => {
  await createPage(page, host, 'leave me');
  await addComponent(page, 'Main Banner');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you really want to leave? Your changes are not saved to UAT yet.');
  await expect(dialog).toContainText('the draft stays on the dashboard');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
});

test('the editor route without content points back to the dashboard', async ({ page, host }) => {
  await page.goto(`${host.url}/editor/index.html#/services/content-editor/page/nothing-here`);
  await expect(page.getByText('Please access this page via the Content Editor dashboard.')).toBeVisible();
  await page.getByRole('link', { name: 'Content Editor dashboard' }).click();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
});

test('first run asks for the email, which becomes the author', async ({ page, signedOutHost }) => {
  await page.goto(signedOutHost.url);
  await page.getByLabel('Email').fill('New.Person@Example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('new.person@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
});

test('clicking a block in the preview opens its row; nothing in the preview can reach window.studio', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'isolation');
  await addComponent(page, 'Main Banner');
  await addComponent(page, 'Custom HTML');
  await preview(page).locator('[data-component="MainBanner"]').click();
  await expect(page.locator('.component-row.open .row-title')).toHaveText('Main Banner');
  await expect(page).toHaveURL(/isolation/);

  const frame = page.frames().find((f) => f.url().includes('/preview/'))!;
  const reach = await frame.evaluate(async () => {
    const results: string[] = [];
    try {
      results.push(typeof (window.parent as unknown as { studio?: unknown }).studio);
    } catch (error) {
      results.push(`blocked: ${(error as Error).name}`);
    }
    results.push(typeof (window as unknown as { studio?: unknown }).studio);
    const response = await fetch('/api/listPages', { method: 'POST', body: '{}' }).catch((error: Error) => error);
    results.push(response instanceof Error ? `fetch failed` : String(response.status));
    return results;
  });
  expect(reach[0]).toMatch(/^blocked/);
  expect(reach[1]).toBe('undefined');
  expect(['403', 'fetch failed']).toContain(reach[2]);
});
