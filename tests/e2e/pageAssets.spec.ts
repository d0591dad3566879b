import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, preview, createPage, addComponent } from './host';
import { chooseMoreAction } from './toolbar';

/*
 * Styles manager and Script manager: custom styles and scripts are saved with the page and applied to the
 * preview only, where scripts run sandboxed (no way to the editor or main's API) and their errors show in
 * the preview console strip. External URLs are served by Playwright routes under cdn.example.test.
 */

const CDN = 'https://cdn.example.test';

/** Serves a few external stylesheets and scripts to every frame, the sandboxed preview included. */
async function serveCdn(page: Page): Promise<void> {
  await page.context().route(`${CDN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/sale.css') {
      return route.fulfill({ contentType: 'text/css', body: '.main-banner { outline: 5px solid rgb(0, 0, 255); }' });
    }
    if (path === '/sale-lib.js') {
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.saleLib = { mark: (value) => { document.body.dataset.lib = value; } };',
      });
    }
    return route.abort('connectionrefused');
  });
}

type Manager = 'Styles manager' | 'Script manager';
const LABELS = {
  'Styles manager': { url: 'Stylesheet URL', text: 'Custom styles' },
  'Script manager': { url: 'Script URL', text: 'Custom scripts' },
} as const;

/** Opens a manager, adds the URLs, replaces the custom text (when given) and applies. */
async function applyAssets(
  page: Page,
  manager: Manager,
  { urls = [], text }: { urls?: string[]; text?: string },
): Promise<void> {
  await chooseMoreAction(page, manager);
  const dialog = page.getByRole('dialog', { name: manager });
  for (const url of urls) {
    await dialog.getByLabel(LABELS[manager].url).fill(url);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByRole('button', { name: `Remove ${url}` })).toBeVisible();
  }
  if (text !== undefined) await dialog.getByLabel(LABELS[manager].text).fill(text);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(manager === 'Styles manager' ? 'Custom styles applied.' : 'Custom scripts applied.').last(),
  ).toBeVisible();
}

const previewConsole = (page: Page) => preview(page).getByRole('log', { name: 'Preview console' });

test('custom styles and stylesheets restyle the preview only', async ({ page, host }) => {
  await serveCdn(page);
  await createPage(page, host, 'styled page');
  await addComponent(page, 'Main Banner');
  const frame = preview(page);
  const heading = frame.locator('.main-banner h2');
  await expect(heading).toHaveText('New Season Trainers');
  const colourBefore = await heading.evaluate((element) => getComputedStyle(element).color);
  expect(colourBefore).not.toBe('rgb(255, 0, 0)');

  // Only https URLs join the list.
  await chooseMoreAction(page, 'Styles manager');
  const dialog = page.getByRole('dialog', { name: 'Styles manager' });
  await dialog.getByLabel('Stylesheet URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Enter a full https:// URL');
  await dialog.getByLabel('Stylesheet URL').fill('http://cdn.example.test/sale.css');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Use https://: a stylesheet over plain http:// is blocked');
  await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await applyAssets(page, 'Styles manager', {
    urls: [`${CDN}/sale.css`],
    text: '.main-banner h2 { color: rgb(255, 0, 0) }\nbody { background-color: rgb(1, 2, 3) }',
  });
  await expect(heading).toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(frame.locator('.main-banner')).toHaveCSS('outline-color', 'rgb(0, 0, 255)');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(1, 2, 3)');
  // The editor is untouched.
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(1, 2, 3)');

  // Reopening shows what is applied; removing the stylesheet and the styles undoes them.
  await chooseMoreAction(page, 'Styles manager');
  await expect(dialog.getByText(`${CDN}/sale.css`)).toBeVisible();
  await dialog.getByRole('button', { name: `Remove ${CDN}/sale.css` }).click();
  await expect(dialog.getByText(`${CDN}/sale.css`)).toHaveCount(0);
  await dialog.getByLabel('Custom styles').fill('');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(heading).toHaveCSS('color', colourBefore);
  await expect(frame.locator('.main-banner')).not.toHaveCSS('outline-color', 'rgb(0, 0, 255)');
});

test('external and custom scripts run in the preview, in order, and again on every Apply', async ({ page, host }) => {
  await serveCdn(page);
  await createPage(page, host, 'scripted page');
  await addComponent(page, 'Main Banner');
  const frame = preview(page);
  await expect(frame.locator('.main-banner h2')).toBeVisible();

  // A top-level const, so a second run would fail if the text were not scoped.
  const script = [
    'const runs = Number(document.body.dataset.runs || 0) + 1;',
    'document.body.dataset.runs = String(runs);',
    "saleLib.mark('from custom script');",
    "document.body.dataset.ran = 'yes';",
    "document.body.dataset.heading = document.querySelector('.main-banner h2')?.textContent ?? 'none';",
  ].join('\n');
  await applyAssets(page, 'Script manager', { urls: [`${CDN}/sale-lib.js`, `${CDN}/missing.js`], text: script });
  const body = frame.locator('body');
  await expect(body).toHaveAttribute('data-ran', 'yes');
  // The external script ran first, and the blocks were there for the custom one.
  await expect(body).toHaveAttribute('data-lib', 'from custom script');
  await expect(body).toHaveAttribute('data-heading', 'New Season Trainers');
  await expect(body).toHaveAttribute('data-runs', '1');
  // A script that does not load is reported, and the others still run.
  await expect(previewConsole(page)).toContainText(`Could not load script ${CDN}/missing.js`);
  // Nothing ran in the editor.
  expect(await page.evaluate(() => document.body.dataset.ran ?? null)).toBeNull();

  // Applying the same text again runs it again.
  await chooseMoreAction(page, 'Script manager');
  const dialog = page.getByRole('dialog', { name: 'Script manager' });
  await dialog.getByRole('button', { name: `Remove ${CDN}/missing.js` }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(body).toHaveAttribute('data-runs', '2');
  await expect(previewConsole(page)).toHaveCount(0);
});

test('custom scripts cannot reach the editor or the API', async ({ page, host }) => {
  await createPage(page, host, 'isolated scripts');
  await addComponent(page, 'Main Banner');
  const probe = `
const record = (key, value) => { document.body.dataset[key] = value; };
try { record('parentStudio', typeof window.parent.studio); } catch (error) { record('parentStudio', 'blocked: ' + error.name); }
try { record('topStudio', typeof window.top.studio); } catch (error) { record('topStudio', 'blocked: ' + error.name); }
try { record('parentDocument', typeof window.parent.document.body); } catch (error) { record('parentDocument', 'blocked: ' + error.name); }
record('ownStudio', typeof window.studio);
fetch('/api/listPages', { method: 'POST', body: '{}' }).then(
  (response) => record('api', String(response.status)),
  () => record('api', 'fetch failed'),
);`;
  await applyAssets(page, 'Script manager', { text: probe });
  const body = preview(page).locator('body');
  await expect(body).toHaveAttribute('data-parent-studio', /^blocked: SecurityError$/);
  await expect(body).toHaveAttribute('data-top-studio', /^blocked: SecurityError$/);
  await expect(body).toHaveAttribute('data-parent-document', /^blocked: SecurityError$/);
  await expect(body).toHaveAttribute('data-own-studio', 'undefined');
  await expect(body).toHaveAttribute('data-api', /^(403|fetch failed)$/);
  await expect(previewConsole(page)).toHaveCount(0);
});

test('a throwing script shows its error in the preview console and breaks nothing else', async ({ page, host }) => {
  await createPage(page, host, 'throwing script');
  await addComponent(page, 'Main Banner');
  const frame = preview(page);
  await applyAssets(page, 'Script manager', {
    text: [
      "document.body.dataset.before = 'yes';",
      "setTimeout(() => { throw new TypeError('Later failure'); }, 0);",
      "Promise.reject(new Error('Nobody caught this'));",
      "throw new Error('Boom from the custom script');",
      "document.body.dataset.after = 'yes';",
    ].join('\n'),
  });
  const strip = previewConsole(page);
  await expect(strip).toContainText('Custom script, line 4: Error: Boom from the custom script');
  await expect(strip).toContainText('Custom script, line 2: TypeError: Later failure');
  await expect(strip).toContainText('Unhandled promise rejection: Error: Nobody caught this');
  const body = frame.locator('body');
  await expect(body).toHaveAttribute('data-before', 'yes');
  await expect(body).not.toHaveAttribute('data-after', 'yes');

  // The blocks still render and still follow the editor.
  await expect(frame.locator('.main-banner h2')).toHaveText('New Season Trainers');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Still Live');
  await expect(frame.locator('.main-banner h2')).toHaveText('Still Live');
  await addComponent(page, 'Custom HTML');
  await expect(frame.locator('.block')).toHaveCount(2);

  // A syntax error is reported too; Clear empties the strip.
  await applyAssets(page, 'Script manager', { text: "document.body.dataset.syntax = 'ran';\nthis is not javascript" });
  await expect(strip).toContainText("Custom script, line 2: SyntaxError: Unexpected identifier 'is'");
  await expect(frame.locator('body')).not.toHaveAttribute('data-syntax', 'ran');
  await expect(strip).not.toContainText('Boom from the custom script');
  await strip.getByRole('button', { name: 'Clear' }).click();
  await expect(strip).toHaveCount(0);
  await expect(frame.locator('.block')).toHaveCount(2);
});

test('saving keeps the custom styles and scripts, and reopening applies them again', async ({ page, host }) => {
  await serveCdn(page);
  await createPage(page, host, 'saved assets');
  await addComponent(page, 'Main Banner');
  const css = '.main-banner h2 { color: rgb(255, 0, 0) }';
  const js = "document.body.dataset.ran = 'yes';";
  await applyAssets(page, 'Styles manager', { urls: [`${CDN}/sale.css`], text: css });
  await applyAssets(page, 'Script manager', { text: js });

  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await dialog.getByLabel('Change message').fill('Custom styles and scripts');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText("Updated content for 'site_jd gb saved-assets'.")).toBeVisible();

  const folder = join(host.dataDir, 'content', 'site_jd', 'web', 'content-editor', 'saved-assets', 'uat', 'gb');
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  expect(files).toHaveLength(1);
  const saved = JSON.parse(readFileSync(join(folder, files[0]!), 'utf8')).content;
  expect(saved).toMatchObject({ customStyles: css, customScripts: js, stylesheets: [`${CDN}/sale.css`] });
  // Empty lists are left out (§3).
  expect(saved).not.toHaveProperty('scripts');

  const row = page.getByRole('row', { name: /saved-assets/ });
  await row.getByRole('button', { name: /^Open \S+ \(/ }).click();
  const frame = preview(page);
  await expect(frame.locator('.main-banner h2')).toHaveCSS('color', 'rgb(255, 0, 0)');
  await expect(frame.locator('body')).toHaveAttribute('data-ran', 'yes');
});
