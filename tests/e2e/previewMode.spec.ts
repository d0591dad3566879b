import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, preview, createPage, addComponent } from './host';

/** A stand-in storefront on loopback, so following a link has somewhere real to go. */
async function startStorefront(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(
      `<!doctype html><title>Storefront</title><h1>Storefront test page</h1><p id="path">${request.url}</p>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test('links in the preview are inactive by default, followed when active, and the page comes back', async ({
  page,
  host,
}) => {
  const storefront = await startStorefront();
  try {
    await createPage(page, host, 'links page');
    await addComponent(page, 'Main Banner');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByLabel('UAT Desktop').fill(`${storefront.url}/uat/home`);
    await page.getByRole('button', { name: 'Options' }).click();
    await page.locator('.component-row.open .row-title').click(); // close the row
    const frameElement = page.locator('iframe[title="Live preview"]');
    const banner = preview(page).locator('[data-component="MainBanner"] .main-banner-art');

    // Inactive: a click selects the block and goes nowhere.
    await expect(page.getByRole('button', { name: 'Links in Preview: Inactive' })).toBeVisible();
    await banner.click();
    await expect(page.locator('.component-row.open .row-title')).toHaveText('Main Banner');
    await expect(preview(page).locator('[data-component="MainBanner"]')).toBeVisible();
    expect(page.frames().find((f) => f.url().includes('/preview/'))).toBeTruthy();

    // Active: the link is followed, relative links from the page's UAT address.
    await page.getByRole('button', { name: 'Links in Preview: Inactive' }).click();
    await expect(page.getByRole('button', { name: 'Links in Preview: Active' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await banner.click();
    await expect(preview(page).getByRole('heading', { name: 'Storefront test page' })).toBeVisible();
    await expect(preview(page).locator('#path')).toHaveText('/footwear/trainers/new-in/');

    // And back to the page.
    await page.getByRole('button', { name: 'Back to page' }).click();
    await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText('New Season Trainers');
    // Each load of the preview document carries a fresh token (renderer/host-bridge/editorBridge.ts).
    await expect(frameElement).toHaveAttribute('src', /^\/preview\/index\.html\?load=[\w-]+$/);
  } finally {
    storefront.server.close();
  }
});

test('preview mode closes the panel, shows the page links and keeps the width controls', async ({ page, host }) => {
  await createPage(page, host, 'preview mode');
  await addComponent(page, 'Main Banner');
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByLabel('UAT Desktop').fill('https://uat.example.com/preview-mode');
  await page.getByLabel('Live Mobile').fill('https://m.example.com/preview-mode');

  await page.getByRole('button', { name: 'Preview mode' }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeHidden();
  const links = page.getByRole('region', { name: 'Preview links' });
  await expect(links).toContainText('UAT Desktop');
  await expect(links).toContainText('https://uat.example.com/preview-mode');
  await expect(links).toContainText('https://m.example.com/preview-mode');
  await expect(links).toContainText('Live Desktop');

  await page.getByRole('radio', { name: /^Mobile/ }).click();
  const previewWindow = page.frames().find((frame) => frame.url().includes('/preview/'))!;
  await expect.poll(() => previewWindow.evaluate(() => window.innerWidth)).toBe(375);

  await page.getByRole('button', { name: 'Preview mode' }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
  await expect(links).toBeHidden();
});
