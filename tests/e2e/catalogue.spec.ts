import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CATALOGUE } from '../../core/catalogue';
import { componentFromTemplate } from '../../core/rules/components';
import type { Component } from '../../core/schemas';
import { test, expect, preview, createPage, rowTitles, seedDraft, openFromDashboard } from './host';

const REPORTS = 'reports/screenshots';

async function setWidth(page: Page, label: 'Desktop' | 'Tablet' | 'Mobile' | 'Fit') {
  await page
    .getByRole('radiogroup', { name: 'Preview width' })
    .getByRole('radio', { name: new RegExp(`^${label}`) })
    .click();
}

/** How many slides a carousel block shows side by side: its width over one slide's width plus the gap. */
async function slidesInView(page: Page, componentType: string): Promise<number> {
  return preview(page)
    .locator(`[data-component="${componentType}"] .swiper`)
    .first()
    .evaluate((element) => {
      const slides = [...element.querySelectorAll<HTMLElement>('.swiper-slide')];
      const first = slides[0]!.getBoundingClientRect();
      const second = slides.find((s) => s.getBoundingClientRect().left > first.left)?.getBoundingClientRect();
      const step = second ? second.left - first.left : first.width;
      return Math.round((element.getBoundingClientRect().width / step) * 10) / 10;
    });
}

async function expectEveryBlockRenders(page: Page) {
  const frame = preview(page);
  await expect(frame.locator('.block')).toHaveCount(CATALOGUE.length);
  await expect(frame.locator('.block-loading')).toHaveCount(0);
  expect(await frame.locator('.block-error').allInnerTexts()).toEqual([]);
  expect(await frame.locator('.block-unknown').allInnerTexts()).toEqual([]);
  const empty = await frame
    .locator('.block')
    .evaluateAll((blocks) =>
      blocks.filter((b) => b.getBoundingClientRect().height < 24).map((b) => b.getAttribute('data-component')),
    );
  expect(empty).toEqual([]);
}

/** The whole catalogue as one page, each component made from its template as the Add a Component dialog makes it. */
function everyTemplate(): Component[] {
  const components: Component[] = [];
  for (const template of CATALOGUE)
    components.push(
      componentFromTemplate(
        template,
        components.map((c) => c.name),
      ),
    );
  return components;
}

/**
 * Runs in the preview: resolves once every image in view has loaded or failed, after scrolling to each block in
 * turn when asked (lazy images load only when near the view). What is in view is asked of an
 * IntersectionObserver, as the browser decides which lazy images to load the same way.
 */
async function loadImagesInView(blockByBlock: boolean): Promise<void> {
  const imagesInViewSettled = async (): Promise<void> => {
    const images = [...document.querySelectorAll('img')];
    if (images.length === 0) return;
    const inView = await new Promise<HTMLImageElement[]>((resolve) => {
      const observer = new IntersectionObserver((entries) => {
        observer.disconnect();
        resolve(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLImageElement));
      });
      for (const image of images) observer.observe(image);
    });
    const pending = inView.filter((image) => !image.complete);
    await Promise.all(
      pending.map(
        (image) =>
          new Promise((settled) =>
            ['load', 'error'].forEach((event) => image.addEventListener(event, settled, { once: true })),
          ),
      ),
    );
  };
  if (!blockByBlock) return imagesInViewSettled();
  for (const block of document.querySelectorAll('.block')) {
    block.scrollIntoView();
    await imagesInViewSettled();
  }
  window.scrollTo(0, 0);
}

for (const width of ['Desktop', 'Mobile'] as const) {
  test(`every catalogue template renders in the preview at ${width.toLowerCase()} width`, async ({ page, host }) => {
    mkdirSync(REPORTS, { recursive: true });
    // Through the API: adding 44 components one by one through the dialog took minutes (the dialog has its own test).
    await seedDraft(host, 'all-components', everyTemplate());
    await openFromDashboard(page, host, 'all-components');
    await expect.poll(async () => (await rowTitles(page)).length).toBe(CATALOGUE.length);

    const frame = preview(page);
    // _index is the type name plus a running count per type; the first block loads eagerly.
    await expect(frame.locator('[data-component="MainBanner"]')).toHaveAttribute('data-index', 'MainBanner1');
    await expect(frame.locator('[data-lazy-loaded="true"]')).toHaveCount(1);
    await expect(frame.locator('.block').first()).toHaveAttribute('data-channel', 'responsive');

    await setWidth(page, width);
    await expectEveryBlockRenders(page);
    // The whole page, scrolled block by block so lazy images load, then captured in full.
    const previewFrame = page.frames().find((f) => f.url().includes('/preview/'))!;
    await previewFrame.evaluate(loadImagesInView, true);
    // A window tall enough for the whole page, so one capture of the preview holds every block.
    const height = await previewFrame.evaluate(() => document.documentElement.scrollHeight);
    const shownHeight = () => previewFrame.evaluate(() => window.innerHeight);
    const before = await shownHeight();
    await page.setViewportSize({ width: 1800, height: Math.min(height + 120, 16_000) });
    await expect.poll(shownHeight).toBeGreaterThan(before);
    await previewFrame.evaluate(loadImagesInView, false);
    // JPEG: encoding this 1280 x 16 000 capture as PNG took 11-14 s of the test on a loaded machine, JPEG 3 s.
    await page
      .locator('iframe[title="Live preview"]')
      .screenshot({ path: `${REPORTS}/all-components-${width.toLowerCase()}.jpeg`, quality: 80 });
    await page.setViewportSize({ width: 1400, height: 900 });
  });
}

test('the Add a Component dialog lists every template and adds the ones found by search', async ({ page, host }) => {
  await createPage(page, host, 'dialog');
  await page.getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  const all = dialog.getByRole('list', { name: 'All components' });
  await expect(all.locator('.add-tile-name')).toHaveText(CATALOGUE.map((template) => template.name));
  // Each entry says in one line what it is.
  await expect(all.locator('.add-tile-description')).toHaveText(CATALOGUE.map((template) => template.description));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The first, a middle and the last template, each found by its name.
  const templates = [CATALOGUE[0]!, CATALOGUE[Math.floor(CATALOGUE.length / 2)]!, CATALOGUE.at(-1)!];
  for (const template of templates) {
    await page.getByRole('button', { name: 'Add Component' }).click();
    await dialog.getByLabel('Search all components').fill(template.name);
    await dialog.getByRole('button', { name: `Add ${template.name}`, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect.poll(() => rowTitles(page)).toEqual(templates.map((template) => template.name));
  await expect
    .poll(() =>
      preview(page)
        .locator('.block')
        .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-component'))),
    )
    .toEqual(templates.map((template) => template.data._component));
});

test('carousels show the configured number of slides at each breakpoint', async ({ page, host }) => {
  await createPage(page, host, 'carousels');
  for (const name of ['Spot Carousel', 'Logo List', 'Product Spotlight']) {
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Add ${name}`, exact: true })
      .click();
  }
  const expectations: [label: 'Desktop' | 'Tablet' | 'Mobile', type: string, slides: number][] = [
    ['Desktop', 'SpotCarousel', 4],
    ['Desktop', 'LogoList', 7],
    ['Desktop', 'ProductSpotlight', 4],
    ['Tablet', 'LogoList', 7],
    ['Mobile', 'SpotCarousel', 1],
    ['Mobile', 'LogoList', 3],
    ['Mobile', 'ProductSpotlight', 1.5],
  ];
  for (const [width, type, slides] of expectations) {
    await setWidth(page, width);
    await expect.poll(() => slidesInView(page, type), `${type} at ${width}`).toBeCloseTo(slides, 0);
  }
});

test('favourites belong to the user and survive a restart', async ({ page, host }) => {
  await createPage(page, host, 'favourites');
  await page.getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  await expect(dialog.getByText('No components has been added.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Table View to favourites' }).click();
  await dialog.getByRole('button', { name: 'Add Blog to favourites' }).click();
  const favourites = dialog.getByRole('list', { name: 'Favourite components' });
  await expect(favourites.getByRole('button', { name: /^Add (Table View|Blog)$/ })).toHaveCount(2);
  await dialog.getByLabel('Search favourites').fill('tab');
  await expect(favourites.locator('.add-tile-name')).toHaveText(['Table View']);
  await page.keyboard.press('Escape');

  await host.restart();
  await page.goto(host.url);
  await page
    .getByRole('row', { name: /favourites/ })
    .getByRole('button', { name: /^Open \S+ \(/ })
    .click();
  await page.getByRole('button', { name: 'Add Component' }).click();
  const reopened = page
    .getByRole('dialog', { name: 'Add a Component' })
    .getByRole('list', { name: 'Favourite components' });
  await expect(reopened.getByRole('button', { name: /^Add (Table View|Blog)$/ })).toHaveCount(2);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove Blog from favourites' }).first().click();
  await expect(reopened.locator('.add-tile-name')).toHaveText(['Table View']);
});

test('a component with malformed content shows an error box for that block only', async ({ page, host }) => {
  await createPage(page, host, 'broken');
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByLabel('Components JSON').fill(
    JSON.stringify([
      { _component: 'MainBanner', _identifier: 'MainBannerAAAAAAAAAA', content: { title: { nested: 'not text' } } },
      { _component: 'NoSuchThing', _identifier: 'NoSuchThingAAAAAAAAAA', content: {} },
      { _component: 'CustomHTML', _identifier: 'CustomHTMLAAAAAAAAAA', content: { markup: '<p>Still here</p>' } },
    ]),
  );
  const frame = preview(page);
  await expect(frame.locator('[data-component="MainBanner"] .block-error')).toContainText('“title” should be text');
  await expect(frame.locator('.block-unknown')).toContainText('Unknown component: NoSuchThing');
  await expect(frame.getByText('Still here')).toBeVisible();
});
