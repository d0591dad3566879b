/**
 * Screenshot tests (issue 15, "Verify it visually"): the main screens and dialogs at 1280×800 and 1920×1080,
 * compared with the baselines committed in tests/e2e/__screenshots__/ (see playwright.config.ts).
 *
 * Stable by construction: the UI font is Inter from @fontsource (checked loaded before each shot, so no system
 * font stands in), animations are stopped and the caret hidden, reduced motion keeps carousels still, and
 * times (the only text that changes from run to run) are masked. Identifiers are fixed in the seeded pages.
 *
 * Regenerate after a deliberate change of the UI: `npx electron-vite build && npx playwright test
 * tests/e2e/screenshots.spec.ts --workers=1 --update-snapshots`, look at every new PNG, and commit them.
 * In CI (CI=true) baselines are never written: a missing or different one fails.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CATALOGUE } from '../../core/catalogue';
import { componentFromTemplate } from '../../core/rules/components';
import type { Component } from '../../core/schemas';
import { emptyPageMeta } from '../../core/schemas';
import {
  addComponent,
  callApi,
  createPage,
  createThreeCountryPage,
  expect,
  openFromDashboard,
  reviewAndOpenSave,
  saveContent,
  seedDraft,
  setBannerTitle,
  test,
} from './host';
import { withMergeConflict } from './conflict';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

test.use({ reducedMotion: 'reduce' });

/** Six components of a typical landing page, with fixed identifiers so nothing differs between runs. */
function sixComponents(): Component[] {
  const types = ['MainBanner', 'UspBar', 'SaleBanner', 'ProductSpotlight', 'CustomHTML', 'ButtonList'];
  const names: string[] = [];
  return types.map((type, index) => {
    const template = CATALOGUE.find((entry) => entry.data._component === type)!;
    const component = componentFromTemplate(template, names);
    names.push(component.name);
    return { ...component, _identifier: `${type}${String(index).padStart(10, '0')}` };
  });
}

/** Waits until the pinned UI font is in use, then compares the page at each size with its baselines. */
async function expectScreens(page: Page, name: string, ready: Locator, mask: Locator[] = []): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    const interLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('14px "Inter Variable"');
    });
    expect(interLoaded, 'Inter is loaded, so no fallback font is in the shot').toBe(true);
    await expect(page).toHaveScreenshot(`${name}-${size.width}x${size.height}.png`, {
      animations: 'disabled',
      caret: 'hide',
      maxDiffPixelRatio: 0.01,
      mask: [page.locator('time'), ...mask],
      stylePath: join(import.meta.dirname, 'screenshots.css'),
    });
  }
}

test('screenshots: dashboard', async ({ page, host }) => {
  await seedDraft(host, 'summer-sale', sixComponents());
  await seedDraft(host, 'back-to-school', sixComponents().slice(0, 2));
  await page.goto(host.url);
  await expectScreens(page, 'dashboard', page.getByRole('button', { name: 'Open summer-sale (' }));
});

test('screenshots: editor with six components and one row open', async ({ page, host }) => {
  await seedDraft(host, 'summer-sale', sixComponents());
  await openFromDashboard(page, host, 'summer-sale');
  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await expectScreens(page, 'editor', page.getByRole('textbox', { name: 'Title', exact: true }));
});

test('screenshots: Add a Component', async ({ page, host }) => {
  await seedDraft(host, 'summer-sale', sixComponents());
  await openFromDashboard(page, host, 'summer-sale');
  await page.getByRole('button', { name: 'Add Component' }).click();
  await expectScreens(page, 'add-component', page.getByRole('dialog', { name: 'Add a Component' }));
});

test('screenshots: Settings', async ({ page, host }) => {
  await page.goto(`${host.url}/editor/index.html#/settings`);
  await expectScreens(page, 'settings', page.getByRole('heading', { name: 'Settings', level: 1 }));
});

test('screenshots: History', async ({ page, host }) => {
  await createPage(page, host, 'history page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Spring Sale');
  await saveContent(page, 'Spring banner');
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await openFromDashboard(page, host, 'history-page');
  await setBannerTitle(page, 'Summer Sale');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  await history.getByRole('list', { name: 'Saved versions' }).getByRole('button').first().click();
  await expectScreens(page, 'history', history.getByRole('region', { name: 'Differences' }));
});

test('screenshots: Go live', async ({ page, host }) => {
  await createPage(page, host, 'go live page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Spring Sale');
  await saveContent(page, 'Spring banner');
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  // Loaded afresh: the save's toast, which goes after a few seconds, is not in the shot.
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Go live: go-live-page (' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
  await dialog.getByLabel('Message').fill('The spring sale starts');
  await expectScreens(page, 'go-live', dialog.getByRole('radio', { name: /^Version 1/ }));
});

test('screenshots: Add to release and a release', async ({ page, teamServer, startTeamHost }) => {
  const host = await startTeamHost(teamServer.url, await teamServer.addUser('shots@example.com', ['--role', 'admin']));
  for (const country of ['gb', 'de'] as const) {
    const key = {
      fascia: 'site_jd',
      country,
      page: 'shots-summer',
      source: 'content-editor',
      platform: 'web',
    } as const;
    const meta = { ...emptyPageMeta(), category: 'Trainers' };
    await callApi(host, 'saveContent', { key, meta, components: [], baseHash: null, commitMessage: 'Summer sale' });
  }
  await page.goto(host.url);
  // Only this test's pages: the team server is shared by the worker's tests.
  await page.getByLabel('Search pages').fill('shots-');
  await page.getByRole('checkbox', { name: 'Select all listed pages' }).check();
  await page.getByRole('button', { name: 'Add to release (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to release' });
  await dialog.getByLabel('Name of the new release').fill('Summer sale');
  await expectScreens(page, 'add-to-release', dialog.getByRole('radio', { name: 'New release' }));
  await dialog.getByRole('button', { name: 'Add to release' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Open release' }).click();
  // The schedule starts at the next whole hour: its input and the time it reads as change from run to run.
  await expectScreens(page, 'release', page.getByRole('combobox', { name: 'Version of JD DE shots-summer' }), [
    page.getByLabel('Go live at'),
    page.locator('.release-schedule-hint'),
  ]);
});

test('screenshots: the merge dialog', async ({ page, host }) => {
  await withMergeConflict(page, host, (dialog) =>
    expectScreens(page, 'merge', dialog.getByRole('group', { name: 'Title in Main Banner' })),
  );
});

test('screenshots: multi-country editor and the review save', async ({ page, host }) => {
  await createThreeCountryPage(page, host, 'world sale');
  // Added, the banner's row is open.
  await addComponent(page, 'Main Banner');
  await expectScreens(page, 'multi-country', page.getByRole('textbox', { name: 'Title', exact: true }));

  const dialog = await reviewAndOpenSave(page, 'World sale banner');
  await expectScreens(page, 'review-save', dialog.getByLabel('Change message'));
});
