import AxeBuilder from '@axe-core/playwright';
import { test, expect, createPage, addComponent, setBannerTitle, saveContent, openFromDashboard } from './host';

/**
 * The audit log beside History (issue 22 §4): a browser host signed in to a team server saves a page, and the
 * page's History shows the save in its Audit tab: who, the action, the version, the result and the client.
 */

const SCREENSHOTS = 'reports/screenshots';

test('a save shows in the Audit tab beside the versions of its page', async ({ page, teamServer, startTeamHost }) => {
  const email = 'auditor.audit@example.com';
  const host = await startTeamHost(teamServer.url, await teamServer.addUser(email));
  await page.goto(host.url);
  await expect(page.getByTitle('Signed in as')).toHaveText(email);

  await createPage(page, host, 'audited page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Audited title');
  await saveContent(page, 'First audited save');
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

  await openFromDashboard(page, host, 'audited-page');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const tabs = history.getByRole('tablist', { name: 'Page history' });
  await expect(tabs.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
  await expect(history.getByRole('list', { name: 'Saved versions' })).toContainText('First audited save');

  await tabs.getByRole('tab', { name: 'Audit' }).click();
  const trail = history.getByRole('table', { name: 'Audit trail of audited-page, newest first' });
  await expect(trail.getByRole('columnheader')).toHaveText([
    'When',
    'Who',
    'Action',
    'Version',
    'Result',
    'Client',
    'Request id',
  ]);
  const rows = trail.getByRole('row');
  // The header and the one save.
  await expect(rows).toHaveCount(2);
  const cells = rows.nth(1).getByRole('cell');
  await expect(cells.nth(1)).toHaveText(email);
  await expect(cells.nth(2)).toHaveText('Save');
  await expect(cells.nth(3)).toHaveText('1');
  await expect(cells.nth(4)).toHaveText('Saved');
  await expect(cells.nth(5)).toContainText('127.0.0.1');
  await expect(cells.nth(6)).toHaveText(/\S/);

  // Accessible as every dialog is (tests/e2e/a11y.spec.ts): no critical or serious axe finding, WCAG 2.2 AA.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .include('[role="dialog"]')
    .analyze();
  expect(
    axe.violations
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/audit-trail-${width}.png` });
  }
});
