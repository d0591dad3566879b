/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) on every screen and dialog, and on the preview of a page
 * holding all the catalogue's components (issue 16): no critical and no serious finding.
 *
 * Rules: none is disabled. label-content-name-mismatch, an axe rule marked experimental (so off by default), is
 * turned on: names must contain what is visible (WCAG 2.5.3). `exclude` leaves out a part whose findings are
 * known and reported, each with its reason at its use.
 */
import type { Locator, Page } from '@playwright/test';
import { CATALOGUE } from '../../core/catalogue';
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
  test,
  type Host,
} from './host';
import { chooseMoreAction } from './toolbar';
import { withMergeConflict } from './conflict';
import { expectClean, OPEN_DIALOG, seriousFindings } from './axe';

async function openDialog(page: Page, opener: Locator, name: string): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a11y: the dashboard, New Page and Open in countries have no critical or serious axe finding', async ({
  page,
  host,
}) => {
  await seedDraft(host, 'summer-sale', []);
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open summer-sale (' })).toBeVisible();
  await expectClean(page, 'the dashboard');

  const newPage = await openDialog(page, page.getByRole('button', { name: 'New Page' }), 'New Page');
  await expectClean(page, 'New Page', OPEN_DIALOG);
  await closeDialog(page, newPage);

  const countries = await openDialog(
    page,
    page.getByRole('button', { name: 'Open in countries: summer-sale (' }),
    'Open in countries',
  );
  await expectClean(page, 'Open in countries', OPEN_DIALOG);
  await closeDialog(page, countries);
});

/** The editor on a new page with three components of different field kinds. */
async function editorWithComponents(page: Page, host: Host, name: string): Promise<void> {
  await createPage(page, host, name);
  for (const component of ['Main Banner', 'Custom HTML', 'Product Spotlight']) await addComponent(page, component);
}

test('a11y: the editor, an open row, its panels and History have no critical or serious axe finding', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await editorWithComponents(page, host, 'a11y-editor');
  await expectClean(page, 'the editor');

  const add = await openDialog(
    page,
    page.getByRole('button', { name: 'Add Component', exact: true }),
    'Add a Component',
  );
  // Whole, once with a dialog open: what the dialog hides from assistive technology must hold nothing focusable.
  await expectClean(page, 'Add a Component');
  await closeDialog(page, add);

  // An open row with its fields.
  const spotlight = page.getByRole('button', { name: 'Product Spotlight', exact: true });
  if ((await spotlight.getAttribute('aria-expanded')) !== 'true') await spotlight.click();
  await expect(spotlight).toHaveAttribute('aria-expanded', 'true');
  await expectClean(page, 'an open Product Spotlight row', '.component-list');

  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Page options' })).toBeVisible();
  // Loaded: a part still loading shows its message fading in, which axe would catch half-way.
  await expect(page.getByLabel('Components JSON', { exact: true })).toBeVisible();
  await expectClean(page, 'Options', '.options-panel');
  await page.getByRole('button', { name: 'Options', exact: true }).click();

  const history = await openDialog(page, page.getByRole('button', { name: 'History', exact: true }), 'Version history');
  await expectClean(page, 'Version history', OPEN_DIALOG);
  await closeDialog(page, history);
});

test("a11y: every dialog of the editor's More menu, Update Page and Unsaved changes have no critical or serious axe finding", async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await editorWithComponents(page, host, 'a11y-dialogs');

  for (const [item, name] of [
    ['Link Generators', 'Link Generator'],
    ['Styles manager', 'Styles manager'],
    ['Script manager', 'Script manager'],
    ['Keyboard shortcuts', 'Keyboard shortcuts'],
  ] as const) {
    await chooseMoreAction(page, item);
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expectClean(page, name, OPEN_DIALOG);
    await closeDialog(page, dialog);
  }

  // The query builder with a facet group open: its groups and values are named as they read ("Categories (3)").
  await chooseMoreAction(page, 'Query Builder');
  const query = page.getByRole('dialog', { name: 'FH Query Builder' });
  await expect(query).toBeVisible();
  const group = query.getByRole('button', { name: /^Categories\s*\(\s*\d+\s*\)$/ });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expectClean(page, 'FH Query Builder', OPEN_DIALOG);
  await closeDialog(page, query);

  const save = await openDialog(page, page.getByRole('button', { name: 'SAVE CONTENT' }), 'Update Page');
  await save.getByLabel('Change message').fill('A message');
  await expectClean(page, 'Update Page', OPEN_DIALOG);
  await closeDialog(page, save);

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
  await expectClean(page, 'Unsaved changes (leave)', OPEN_DIALOG);
});

test('a11y: the focal-point tool, from an image field, has no critical or serious axe finding', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'a11y-focal');
  await addComponent(page, 'Main Banner');
  const images = page.getByRole('group', { name: 'Images', exact: true }).first();
  await images.getByRole('button', { name: 'Set focal point for Desktop image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Focal point' });
  // aria-disabled until the image has loaded, which a click does not wait for.
  await expect(dialog.getByRole('button', { name: '+ Focal Point' })).toBeEnabled();
  await dialog.getByRole('button', { name: '+ Focal Point' }).click();
  await expect(dialog.getByRole('group', { name: 'Focal point' })).toBeVisible();
  await expectClean(page, 'the focal-point tool', OPEN_DIALOG);
});

test('a11y: Settings has no critical or serious axe finding', async ({ page, host }) => {
  await page.goto(`${host.url}/editor/index.html#/settings`);
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  await expectClean(page, 'Settings');
});

test('a11y: multi-country editing, its review and the review save have no critical or serious axe finding', async ({
  page,
  host,
}) => {
  await createThreeCountryPage(page, host, 'a11y-countries');
  await addComponent(page, 'Main Banner');
  await expectClean(page, 'the multi-country editor');
  await page.getByRole('button', { name: 'REVIEW PAGES' }).click();
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await expect(review).toBeVisible();
  await expectClean(page, 'the review');
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Revewed Pages to UAT' });
  await dialog.getByLabel('Change message').fill('Reviewed');
  await expectClean(page, 'the review save', OPEN_DIALOG);
});

test('a11y: the merge dialog has no critical or serious axe finding', async ({ page, host }) => {
  await withMergeConflict(page, host, async (dialog) => {
    const field = dialog.getByRole('group', { name: 'Title in Main Banner' });
    // With its value being edited: the text box is in the scan too.
    await field.getByRole('radio', { name: 'Edit the value' }).check();
    await expect(field.getByRole('textbox', { name: 'Value of Title in Main Banner' })).toBeVisible();
    await expectClean(page, 'the merge dialog', OPEN_DIALOG);
  });
});

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

test('a11y: the preview of a page with every catalogue component has no critical or serious axe finding', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  // Tall, so that few steps of scrolling pass every block through the part the preview renders (near its view).
  await page.setViewportSize({ width: 1400, height: 4000 });
  await seedDraft(host, 'every-component', everyTemplate());
  await openFromDashboard(page, host, 'every-component');
  const frame = preview(page);
  await expect(frame.locator('.block')).toHaveCount(CATALOGUE.length);
  const previewFrame = page.frames().find((candidate) => candidate.url().includes('/preview/'))!;
  const findings = new Set<string>();
  const checked = new Set<string>();
  for (let step = 0; ; step++) {
    const atEnd = await previewFrame.evaluate((at) => {
      window.scrollTo({ top: at * window.innerHeight, behavior: 'instant' });
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    }, step);
    await expect(frame.locator('.block-loading')).toHaveCount(0);
    await expect
      .poll(() =>
        previewFrame.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.block')].some((block) => {
            const box = block.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight && block.classList.contains('block-placeholder');
          }),
        ),
      )
      .toBe(false);
    for (const finding of await seriousFindings(page, [], 'iframe[title="Live preview"]')) findings.add(finding);
    for (const id of await frame
      .locator('.block:not(.block-placeholder)')
      .evaluateAll((blocks) => blocks.map((block) => block.dataset.component ?? '')))
      checked.add(id);
    if (atEnd) break;
  }
  expect(checked.size, 'component types checked while rendered').toBe(
    new Set(CATALOGUE.map((template) => template.data._component)).size,
  );
  expect([...findings], 'axe on the preview').toEqual([]);
});

test('a carousel that plays by itself can be paused, and does not play under reduced motion', async ({
  page,
  host,
}) => {
  const template = CATALOGUE.find((entry) => entry.data._component === 'CarouselCE')!;
  await seedDraft(host, 'carousel', [componentFromTemplate(template, [])]);
  await openFromDashboard(page, host, 'carousel');
  const carousel = preview(page).locator('[data-component="CarouselCE"]');
  // WCAG 2.2.2: a control pauses what moves by itself.
  await carousel.getByRole('button', { name: /^Pause the .+ slides$/ }).click();
  await expect(carousel.getByRole('button', { name: /^Play the .+ slides$/ })).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(carousel.locator('.swiper')).toBeVisible();
  await expect(carousel.locator('.carousel-pause')).toHaveCount(0);
});
