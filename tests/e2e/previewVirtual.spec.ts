import type { Frame, Page } from '@playwright/test';
import type { Component } from '../../core/schemas';
import { test, expect, preview, seedDraft, openFromDashboard } from './host';

/*
 * Issue 17, points 2 and 4: blocks far from the preview's view are placeholders of their measured height,
 * rendered as they come near; click-to-select and scroll-to-block still work; a delete leaves the other
 * blocks' elements in place.
 */

const SIZE = 300;
const idOf = (i: number) => `Block${String(i).padStart(10, '0')}`;
/** Every third block is Custom HTML of 1 to 12 paragraphs, so heights vary and estimates are often wrong. */
const isHtml = (i: number) => i % 3 === 1;
const paragraphs = (i: number) => 1 + ((i * 7) % 12);

function pageOfBlocks(): Component[] {
  return Array.from({ length: SIZE }, (_, i) => ({
    _component: isHtml(i) ? 'CustomHTML' : 'MainBanner',
    _identifier: idOf(i),
    name: `Block ${i + 1}`,
    hidden: false,
    classes: [],
    content: isHtml(i)
      ? {
          markup: Array.from({ length: paragraphs(i) }, (_, p) => `<p>Block ${i + 1}, paragraph ${p + 1}</p>`).join(''),
        }
      : { title: `Title ${i + 1}` },
  }));
}

const previewFrame = (page: Page): Frame => page.frames().find((frame) => frame.url().includes('/preview/'))!;
const block = (page: Page, i: number) => preview(page).locator(`[data-identifier="${idOf(i)}"]`);
/** A block's top relative to the preview's view, in whole pixels. */
const topOf = (page: Page, i: number) =>
  previewFrame(page).evaluate(
    (id) => Math.abs(Math.round(document.querySelector(`[data-identifier="${id}"]`)!.getBoundingClientRect().top)),
    idOf(i),
  );

async function openBigPage(page: Page, host: Parameters<typeof seedDraft>[0], name: string): Promise<void> {
  await seedDraft(host, name, pageOfBlocks());
  await openFromDashboard(page, host, name);
  await expect(preview(page).locator('.block')).toHaveCount(SIZE);
  await expect(block(page, 0).locator('h2')).toHaveText('Title 1');
}

/** Scrolls the component list until the row is mounted (the list mounts rows as they come into view). */
async function revealRow(page: Page, i: number) {
  const row = page.locator(`[data-row-id="${idOf(i)}"]`);
  await expect
    .poll(async () => {
      if (await row.count()) return true;
      await page
        .locator('.panel')
        .first()
        .evaluate((panel) => panel.scrollBy(0, 400));
      return false;
    })
    .toBe(true);
  await row.scrollIntoViewIfNeeded();
  return row;
}

test('far blocks are placeholders of their measured height, rendered as the preview scrolls to them', async ({
  page,
  host,
}) => {
  await openBigPage(page, host, 'virtual scroll');
  const frame = previewFrame(page);

  // Every block keeps its element, in page order; most of them are empty placeholders.
  const placeholders = preview(page).locator('.block.block-placeholder');
  expect(await placeholders.count()).toBeGreaterThan(SIZE - 40);
  await expect(block(page, SIZE - 1)).toHaveClass(/block-placeholder/);
  await expect(block(page, SIZE - 1).locator('*')).toHaveCount(0);
  expect(
    await frame.evaluate(() => [...document.querySelectorAll('.block')].map((b) => b.getAttribute('data-identifier'))),
  ).toEqual(Array.from({ length: SIZE }, (_, i) => idOf(i)));
  // Never measured, a banner stands in with the height of the banners measured.
  const heights = await frame.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.block[data-component="MainBanner"]')].map((b) => ({
      placeholder: b.classList.contains('block-placeholder'),
      height: b.getBoundingClientRect().height,
    })),
  );
  const rendered = heights.find((h) => !h.placeholder)!.height;
  expect(rendered).toBeGreaterThan(50);
  expect(heights.at(-1)!.height).toBeCloseTo(rendered, 0);

  // Scrolled to the end, the last blocks render; the middle stays a placeholder; the first block always renders.
  await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(block(page, SIZE - 1)).not.toHaveClass(/block-placeholder/);
  await expect(block(page, SIZE - 3).locator('h2')).toHaveText(`Title ${SIZE - 2}`);
  await expect(block(page, SIZE / 2)).toHaveClass(/block-placeholder/);
  await expect(block(page, 0).locator('h2')).toHaveText('Title 1');

  // Back at the top, a Custom HTML block near the end keeps its measured height as a placeholder.
  const html = SIZE - 2;
  expect(isHtml(html)).toBe(true);
  const measured = await block(page, html).evaluate((b) => b.getBoundingClientRect().height);
  await frame.evaluate(() => window.scrollTo(0, 0));
  await expect(block(page, html)).toHaveClass(/block-placeholder/);
  expect(await block(page, html).evaluate((b) => b.getBoundingClientRect().height)).toBeCloseTo(measured, 0);
  // Measuring and mounting as the page scrolls stays out of the page's own errors (a ResizeObserver loop).
  await expect(preview(page).getByRole('log', { name: 'Preview console' })).toHaveCount(0);
});

test('a click on a far block selects it; opening a far row scrolls the preview onto its block', async ({
  page,
  host,
}) => {
  await openBigPage(page, host, 'virtual select');

  // A click on a block far down (the click scrolls it into view first) opens its row.
  const far = 200;
  await block(page, far).click();
  await expect(page.locator(`[data-row-id="${idOf(far)}"]`)).toHaveClass(/open/);
  await expect(block(page, far).locator('h2')).toHaveText(`Title ${far + 1}`);

  // Opening a row scrolls the preview, past blocks of estimated height, and lands on its block's top.
  const target = 90;
  const row = await revealRow(page, target);
  await row.locator('.row-title').click();
  await expect(row).toHaveClass(/open/);
  await expect(block(page, target)).toHaveClass(/block-selected/);
  await expect(block(page, target).locator('h2')).toHaveText(`Title ${target + 1}`);
  await expect.poll(() => topOf(page, target)).toBe(0);
  // The blocks around it render too, and it stays in place once they have.
  await expect(block(page, target + 1)).not.toHaveClass(/block-placeholder/);
  await expect(block(page, target - 1)).not.toHaveClass(/block-placeholder/);
  await page.waitForTimeout(300);
  expect(await topOf(page, target)).toBe(0);
  await expect(preview(page).getByRole('log', { name: 'Preview console' })).toHaveCount(0);
});

test('a delete keeps every other block’s element and rendered content', async ({ page, host }) => {
  await openBigPage(page, host, 'virtual delete');
  const frame = previewFrame(page);
  // Render a stretch of later blocks, then keep references to every block element and their content.
  await block(page, 180).evaluate((b) => b.scrollIntoView({ block: 'start' }));
  await expect(block(page, 180).locator('h2')).toHaveText('Title 181');
  await frame.evaluate(() => {
    const kept = window as unknown as { blocks: Element[]; contents: Element[] };
    kept.blocks = [...document.querySelectorAll('.block')];
    kept.contents = [...document.querySelectorAll('.block:not(.block-placeholder) > *')];
  });
  const contents = await frame.evaluate(() => (window as unknown as { contents: Element[] }).contents.length);
  expect(contents).toBeGreaterThan(2);

  // Deleted by its row's shortcut, the row focused but not opened, so the preview stays where it is.
  const deleted = 60;
  const row = await revealRow(page, deleted);
  await row.locator('.row-title').focus();
  await page.keyboard.press('Delete');
  await expect(preview(page).locator('.block')).toHaveCount(SIZE - 1);

  const survivors = await frame.evaluate((gone) => {
    const kept = window as unknown as { blocks: Element[]; contents: Element[] };
    const now = [...document.querySelectorAll('.block')];
    return {
      sameElements: kept.blocks.filter((b) => b.getAttribute('data-identifier') !== gone).every((b, i) => now[i] === b),
      contentsKept: kept.contents.filter((c) => c.isConnected).length,
    };
  }, idOf(deleted));
  expect(survivors.sameElements).toBe(true);
  // The content of blocks in view is the same nodes: nothing later than the deleted block was mounted again.
  expect(survivors.contentsKept).toBe(contents);
});
