import { test, expect, createPage, addComponent } from './host';

/*
 * Issue 11, point 17: the editor's CSP allows https images, so an image field's thumbnail of a real CDN
 * image shows (it said "Image not found" while img-src was 'self' only). The CDN is a Playwright route.
 */

const CDN = 'https://cdn.example.test';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c00"/></svg>';

test('an image field shows the thumbnail of an https CDN image', async ({ page, host }) => {
  await page.context().route(`${CDN}/**`, (route) => route.fulfill({ contentType: 'image/svg+xml', body: SVG }));
  await createPage(page, host, 'cdn thumbnails');
  await addComponent(page, 'Main Banner');

  const images = page.getByRole('group', { name: 'Images', exact: true }).first();
  await images.getByLabel('Desktop image URL').fill(`${CDN}/banners/summer.svg`);
  const thumbnail = images.locator(`img[src="${CDN}/banners/summer.svg"]`);
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(40);
  await expect(images.getByText('Image not found')).toHaveCount(0);
});
