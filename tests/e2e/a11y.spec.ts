import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addComponent, createPage, expect, test } from './host';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * The critical and serious axe findings on what the page shows now, each with its target for a readable failure.
 * No rule is disabled. `exclude` leaves out parts whose findings are known and reported (see the Settings test).
 */
async function seriousFindings(page: Page, exclude: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
}

test('a11y: the dashboard has no critical or serious axe finding', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});

test('a11y: the editor with components, and Add a Component, have no critical or serious axe finding', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'a11y-editor');
  for (const name of ['Main Banner', 'Custom HTML', 'Info Page']) await addComponent(page, name);
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Add Component', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add a Component' })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `reports/screenshots/add-component-${width}.png` });
  }
});

/**
 * Left out, and reported to issue 16: the Team server section's "Where pages are saved" radios (issue 13's, being
 * changed now) are 13 px with 20 px of space, under target-size's 24 px. Everything else on Settings is checked.
 */
const TEAM_MODE_RADIOS = '.team-mode-choice input[type="radio"]';

test('a11y: Settings has no critical or serious axe finding (but the team-mode radios, reported)', async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}/editor/index.html#/settings`);
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  expect(await seriousFindings(page, [TEAM_MODE_RADIOS])).toEqual([]);
});
