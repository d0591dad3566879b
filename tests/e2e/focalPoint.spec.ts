import type { Locator, Page } from '@playwright/test';
import { test, expect, createPage, addComponent, editorText } from './host';
import { expectTooltip } from './tooltip';

const RATIOS = ['2:1', '1:1', '1:2', '3:4', '4:3'];
const POI_URL =
  /^\/sample\/images\/banner-running-desktop\.svg\?poi=[\d.]+,[\d.]+,[\d.]+,[\d.]+&scaleFit=poi&sm=aspect&aspect=(\d+):(\d+)&w=(\d+)$/;

/** The readout's x, y, w, h as shown. */
const readout = (page: Page | Locator) =>
  page.getByLabel('Focal point as fractions of the image').locator('dd').allInnerTexts();
/** How far the readout is from the expected x, y, w, h: the largest difference (a mouse lands on whole pixels). */
const offBy = async (page: Page | Locator, expected: number[]) =>
  Math.max(...(await readout(page)).map((text, index) => Math.abs(Number(text) - expected[index]!)));

/** Presses the mouse at `from`, moves by (dx, dy) pixels in steps, and releases. */
async function drag(page: Page, from: { x: number; y: number }, dx: number, dy: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.mouse.up();
}

test('the focal-point screen shows an existing point, adds one, moves and resizes it, and previews real crops', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await page.getByRole('link', { name: 'Focal Point' }).click();
  await expect(page).toHaveURL(/#\/focal-point$/);
  await expect(page.getByRole('heading', { name: 'Focal Point', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Previews width')).toHaveValue('500');
  await expect(page.getByRole('tabpanel', { name: 'Custom' })).toHaveText('No focal points selected');

  // An image whose metadata has a pointOfInterest: Generate shows it, and no second point may be added.
  const url = page.getByLabel('Image URL');
  await url.fill('/sample/images/athlete-okafor.svg');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect.poll(() => readout(page)).toEqual(['0.5', '0.46', '0.35', '0.34']);
  await expect(page.getByRole('group', { name: 'Focal point' })).toBeVisible();
  const add = page.getByRole('button', { name: '+ Focal Point' });
  await expect(add).toBeDisabled();
  await expectTooltip(page, add, 'Focal point already added');

  // A banner without one: nothing to preview until `+ Focal Point` adds the default 12.5% x 28.169% point.
  await url.fill('/sample/images/banner-running-desktop.svg');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect.poll(() => readout(page)).toEqual(['–', '–', '–', '–']);
  await expect(page.getByRole('tabpanel', { name: 'Custom' })).toHaveText('No focal points selected');
  await expect(add).toBeEnabled();
  await expectTooltip(page, add, 'Add a Focal Point');
  await add.click();
  await expect.poll(() => readout(page)).toEqual(['0.5', '0.5', '0.125', '0.28169']);
  await expect(add).toBeDisabled();
  await expectTooltip(page, add, 'Focal point already added');

  // Keyboard: the arrows move the point by 1%, Shift with the arrows resizes it by 1% (from its bottom-right
  // corner, as the handle does: the top-left corner stays, so the centre moves by half).
  const box = page.getByRole('group', { name: 'Focal point' });
  await box.focus();
  await box.press('ArrowRight');
  await box.press('ArrowRight');
  await box.press('ArrowUp');
  await expect.poll(() => readout(page)).toEqual(['0.52', '0.49', '0.125', '0.28169']);
  await box.press('Shift+ArrowRight');
  await box.press('Shift+ArrowDown');
  await box.press('Shift+ArrowDown');
  await expect.poll(() => readout(page)).toEqual(['0.525', '0.5', '0.135', '0.30169']);
  await box.press('Shift+ArrowLeft');
  await expect.poll(() => readout(page)).toEqual(['0.52', '0.5', '0.125', '0.30169']);

  // Mouse: drag the box to move it by a tenth of the image, its corner to shrink it by a twentieth.
  const stage = await page.locator('.focal-stage').boundingBox();
  const boxArea = await box.boundingBox();
  if (!stage || !boxArea) throw new Error('The image and the point must be on screen');
  await drag(
    page,
    { x: boxArea.x + boxArea.width / 2, y: boxArea.y + boxArea.height / 2 },
    stage.width * 0.1,
    -stage.height * 0.1,
  );
  await expect.poll(() => offBy(page, [0.62, 0.4, 0.125, 0.30169])).toBeLessThan(0.005);
  const handle = await box.locator('.focal-handle').boundingBox();
  if (!handle) throw new Error('The resize handle must be on screen');
  await drag(
    page,
    { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
    -stage.width * 0.05,
    stage.height * 0.05,
  );
  await expect.poll(() => offBy(page, [0.595, 0.425, 0.075, 0.35169])).toBeLessThan(0.005);
  const dragged = await readout(page);

  // Custom: five ratio previews cropped in the app.
  const custom = page.getByRole('tabpanel', { name: 'Custom' });
  await expect(custom.getByRole('img')).toHaveCount(5);
  for (const ratio of RATIOS) await expect(custom.getByRole('img', { name: `${ratio} preview` })).toBeVisible();
  await expect(custom.getByRole('heading')).toHaveText(RATIOS);

  // Amplience: five images from the image service's point-of-interest crop, which the sample service renders.
  await page.getByRole('tab', { name: 'Amplience' }).click();
  const amplience = page.getByRole('tabpanel', { name: 'Amplience' });
  const images = amplience.getByRole('img');
  await expect(images).toHaveCount(5);
  const checkCrops = async (width: number) => {
    for (const [index, ratio] of RATIOS.entries()) {
      const image = images.nth(index);
      await expect(image).toHaveAccessibleName(`${ratio} preview`);
      const src = (await image.getAttribute('src')) ?? '';
      const match = POI_URL.exec(src);
      expect(match, src).not.toBeNull();
      expect(`${match![1]}:${match![2]}`).toBe(ratio);
      expect(Number(match![3])).toBe(width);
      // The crop itself, not the file: the service answers an SVG of the asked width and ratio.
      const [w, h] = ratio.split(':').map(Number) as [number, number];
      await expect
        .poll(() =>
          image.evaluate((element: HTMLImageElement) =>
            element.complete ? [element.naturalWidth, element.naturalHeight] : [0, 0],
          ),
        )
        .toEqual([width, Math.round((width * h) / w)]);
    }
  };
  await checkCrops(500);
  await expect(amplience.locator('code').first()).toHaveText(
    new RegExp(`\\?poi=${dragged.join(',').replaceAll('.', '\\.')}&scaleFit=poi&sm=aspect&aspect=2:1&w=500$`),
  );

  await page.getByLabel('Previews width').fill('300');
  await checkCrops(300);

  await page.getByRole('button', { name: 'Remove focal point' }).click();
  await expect(amplience).toHaveText('No focal points selected');
  await expect(add).toBeEnabled();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Content Editor', level: 1 })).toBeVisible();
});

test('an image field opens the focal-point tool and stores the point in its content', async ({ page, host }) => {
  await createPage(page, host, 'focal field');
  await addComponent(page, 'Main Banner');

  const images = page.getByRole('group', { name: 'Images', exact: true }).first();
  await expect(images.getByText('No focal point')).toHaveCount(2);
  await images.getByRole('button', { name: 'Set focal point for Desktop image' }).click();

  const dialog = page.getByRole('dialog', { name: 'Focal point' });
  await expect(dialog.getByLabel('Image URL')).toHaveValue('/sample/images/banner-trainers-desktop.svg');
  await expect(dialog.getByRole('button', { name: '+ Focal Point' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Use this focal point' })).toBeDisabled();
  await dialog.getByRole('button', { name: '+ Focal Point' }).click();
  const box = dialog.getByRole('group', { name: 'Focal point' });
  await box.focus();
  for (let i = 0; i < 3; i += 1) await box.press('ArrowRight');
  await box.press('Shift+ArrowUp');
  await expect.poll(() => readout(dialog)).toEqual(['0.53', '0.495', '0.125', '0.27169']);
  await dialog.getByRole('button', { name: 'Use this focal point' }).click();
  await expect(dialog).toBeHidden();

  // In the fields: the point beside the desktop image; the mobile image has none.
  await expect(images.getByText('Focal point: x 0.53, y 0.495, w 0.125, h 0.27169')).toBeVisible();
  await expect(images.getByText('No focal point')).toHaveCount(1);
  await expect(images.getByLabel('Desktop image URL')).toHaveValue('/sample/images/banner-trainers-desktop.svg');

  // Opened again, the tool starts from the stored point rather than the image's own metadata.
  await images.getByRole('button', { name: 'Set focal point for Desktop image' }).click();
  await expect.poll(() => readout(dialog)).toEqual(['0.53', '0.495', '0.125', '0.27169']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // In the component's JSON: images.desktopMetadata.pointOfInterest.
  await page.getByLabel('Edit as JSON').check();
  const json = JSON.parse(await editorText(page, 'Component JSON')) as { content: { images: Record<string, unknown> } };
  expect(json.content.images).toEqual({
    desktop: '/sample/images/banner-trainers-desktop.svg',
    mobile: '/sample/images/banner-trainers-mobile.svg',
    desktopMetadata: { pointOfInterest: { x: 0.53, y: 0.495, w: 0.125, h: 0.27169 } },
  });
  await page.getByLabel('Edit as JSON').uncheck();

  // Removing the point leaves the plain pair.
  await images.getByRole('button', { name: 'Remove focal point for Desktop image' }).click();
  await expect(images.getByText('No focal point')).toHaveCount(2);
  await page.getByLabel('Edit as JSON').check();
  const after = JSON.parse(await editorText(page, 'Component JSON')) as {
    content: { images: Record<string, unknown> };
  };
  expect(after.content.images).toEqual({
    desktop: '/sample/images/banner-trainers-desktop.svg',
    mobile: '/sample/images/banner-trainers-mobile.svg',
  });
});

test('a focal point added while the image metadata is still on its way stays when the metadata arrives', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'focal slow metadata');
  await addComponent(page, 'Main Banner');
  // The metadata answers only when the test lets it: the image itself loads (and + Focal Point wakes) before it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let answered = false;
  await page.route('**/api/imageMetadata', async (route) => {
    await held;
    await route.continue();
    answered = true;
  });
  const images = page.getByRole('group', { name: 'Images', exact: true }).first();
  await images.getByRole('button', { name: 'Set focal point for Desktop image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Focal point' });
  await expect(dialog.getByRole('button', { name: '+ Focal Point' })).toBeEnabled();
  await dialog.getByRole('button', { name: '+ Focal Point' }).click();
  const box = dialog.getByRole('group', { name: 'Focal point' });
  await expect(box).toBeVisible();

  release();
  await expect.poll(() => answered).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Generate' })).toBeEnabled();
  await expect(box).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use this focal point' })).toBeEnabled();
  await page.unroute('**/api/imageMetadata');
});
