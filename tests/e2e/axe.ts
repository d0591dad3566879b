/**
 * axe-core on what a page shows (tests/e2e/a11y.spec.ts and the specs of single features that scan their own
 * dialogs): WCAG 2.0, 2.1 and 2.2, levels A and AA, no critical and no serious finding.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './host';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** The critical and serious axe findings on what the page shows now, each with its target for a readable failure. */
export async function seriousFindings(page: Page, exclude: string[] = [], include?: string): Promise<string[]> {
  // options() first: withTags() adds to the options, options() replaces them.
  const builder = new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS);
  if (include) builder.include(include);
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

/**
 * No critical or serious finding on the page, or only within `include` (a dialog or a panel opened over a screen
 * already checked whole: the rest is what was checked, and a scan of the whole editor costs seconds).
 */
export async function expectClean(page: Page, what: string, include?: string): Promise<void> {
  // Parts loaded on demand first: their loading message fades in, and axe would catch it half-way.
  await expect(page.locator('.lazy-state')).toHaveCount(0);
  expect(await seriousFindings(page, [], include), `axe on ${what}`).toEqual([]);
}

/** The open dialog, for expectClean: Radix renders one at a time in a portal. */
export const OPEN_DIALOG = '[role="dialog"], [role="alertdialog"]';
