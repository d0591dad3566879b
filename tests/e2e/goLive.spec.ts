import type { Browser, Locator, Page } from '@playwright/test';
import { expectClean, OPEN_DIALOG } from './axe';
import {
  test,
  expect,
  addComponent,
  createPage,
  openFromDashboard,
  saveContent,
  setBannerTitle,
  type Host,
  type TeamServerProcess,
} from './host';

/**
 * Issue 24 §1 and §4, single pages: Go live from a dashboard row and from the editor, the Live badge and how
 * far UAT is ahead, History's Live and Was live marks, Roll back; on a team server only a publisher is offered
 * Go live, and an editor's dashboard shows the page go live without reloading.
 */

const SCREENSHOTS = 'reports/screenshots';

/** The dashboard's row of a page. */
const pageRow = (page: Page, name: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Open ${name} (` }) });

const dashboardShown = (page: Page) => expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

/** Opens the saved page, gives its banner a new title and saves it: a new content version, back on the dashboard. */
async function saveNewTitle(page: Page, host: Host, name: string, title: string): Promise<void> {
  await openFromDashboard(page, host, name);
  await setBannerTitle(page, title);
  await saveContent(page, title);
  await dashboardShown(page);
}

/** What a person sees at 1280 and at 1920 wide. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/goLive-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('one person goes live, saves ahead of live, goes live again from the editor and rolls back', async ({
  page,
  host,
}) => {
  const name = 'golive-solo';
  await page.setViewportSize({ width: 1400, height: 900 });
  await createPage(page, host, name);
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Summer sale');
  await saveContent(page, 'Summer sale');
  await dashboardShown(page);
  await saveNewTitle(page, host, name, 'Summer sale: 20% off');

  const row = pageRow(page, name);
  await expect(row.getByText('Not live')).toBeVisible();
  // Nothing live yet: nothing to roll back.
  await expect(row.getByRole('button', { name: /^Roll back/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Go live: ${name} (JD GB)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
  // The newest content version is chosen; each says who saved it and why.
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  const newest = dialog.getByRole('radio', { name: /^Version 2/ });
  await expect(newest).toBeChecked();
  await expect(dialog.locator('.live-version').first()).toContainText('Summer sale: 20% off');
  await expect(dialog.getByRole('button', { name: 'Go live' })).toBeDisabled();
  // A blank message is refused in LiveMessageSchema's words, and the dialog keeps what was chosen.
  await dialog.getByLabel('Message').fill('   ');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write a message saying why this goes live');
  await dialog.getByLabel('Message').fill('The summer sale starts');
  await expectClean(page, 'Go live', OPEN_DIALOG);
  await screenshots(page, 'dialog');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`JD GB ${name} went live at version 2`)).toBeVisible();
  await expect(row.locator('.live-badge')).toHaveText('Live v2');
  await expect(row.locator('.live-badge')).toHaveAttribute('title', /^Live since .+, by editor\.one@example\.com$/);
  await expect(row.locator('.live-ahead')).toHaveCount(0);

  await saveNewTitle(page, host, name, 'Summer sale: 30% off');
  await expect(row.locator('.live-ahead')).toHaveText('UAT is 1 version ahead of live');
  await screenshots(page, 'dashboard');

  // From the editor, with a change not saved: the newest saved version goes live, and the dialog says so.
  await openFromDashboard(page, host, name);
  await setBannerTitle(page, 'Not saved yet');
  await page.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.getByRole('note')).toContainText('This page has unsaved changes.');
  await expect(dialog.getByRole('radio', { name: /^Version 3/ })).toBeChecked();
  await dialog.getByLabel('Message').fill('Thirty percent off');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`JD GB ${name} went live at version 3`)).toBeVisible();

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const heading = (version: number) => history.locator('.version-heading').filter({ hasText: `Version ${version}` });
  await expect(heading(3).locator('.version-badge')).toHaveText('Live');
  await expect(heading(2).locator('.version-badge')).toHaveText('Was live');
  await expect(heading(1).locator('.version-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave' }).click();
  await dashboardShown(page);
  await expect(row.locator('.live-badge')).toHaveText('Live v3');
  await row.getByRole('button', { name: `Roll back: ${name} (JD GB)` }).click();
  const rollBack = page.getByRole('dialog', { name: 'Roll back' });
  await expect(rollBack).toContainText(`JD GB ${name} is live at version 3. Rolling back puts version 2 live again.`);
  await rollBack.getByLabel('Message').fill('Thirty percent was too much');
  await expectClean(page, 'Roll back', OPEN_DIALOG);
  await screenshots(page, 'rollback');
  await rollBack.getByRole('button', { name: 'Roll back to version 2' }).click();
  await expect(rollBack).toBeHidden();
  await expect(page.getByText(`JD GB ${name} was rolled back to version 2`)).toBeVisible();
  await expect(row.locator('.live-badge')).toHaveText('Live v2');
  await expect(row.locator('.live-ahead')).toHaveText('UAT is 1 version ahead of live');
});

/** A user of the team server with these CLI options, on a browser host of their own, at the dashboard. */
async function signedIn(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: (url: string, token: string) => Promise<Host>,
  email: string,
  access: string[],
): Promise<{ page: Page; host: Host }> {
  const token = await teamServer.addUser(email, access);
  const host = await startTeamHost(teamServer.url, token);
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(host.url);
  await expect(page.getByTitle('Signed in as')).toHaveText(email);
  return { page, host };
}

test('a publisher goes live on a team server; the editor has no Go live, and sees the Live badge without reloading', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const name = 'golive-team';
  const editor = await signedIn(browser, teamServer, startTeamHost, 'editor.golive@example.com', ['--role', 'editor']);
  await createPage(editor.page, editor.host, name);
  await addComponent(editor.page, 'Main Banner');
  await setBannerTitle(editor.page, 'Winter sale');
  await expect(editor.page.getByRole('button', { name: 'Go live' })).toHaveCount(0);
  await saveContent(editor.page, 'Winter sale');
  await dashboardShown(editor.page);
  const editorRow = pageRow(editor.page, name);
  await expect(editorRow.getByText('Not live')).toBeVisible();
  await expect(editorRow.getByRole('button', { name: /^(Go live|Roll back)/ })).toHaveCount(0);

  const publisher = await signedIn(browser, teamServer, startTeamHost, 'publisher.golive@example.com', [
    '--role',
    'publisher',
  ]);
  await publisher.page.getByRole('button', { name: `Go live: ${name} (JD GB)` }).click();
  const dialog = publisher.page.getByRole('dialog', { name: 'Go live' });
  await expect(dialog.getByRole('radio', { name: /^Version 1/ })).toBeChecked();
  await dialog.getByLabel('Message').fill('Winter sale goes live');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog).toBeHidden();
  await expect(pageRow(publisher.page, name).locator('.live-badge')).toHaveText('Live v1');

  // The editor's dashboard hears the live move through the event stream.
  await expect(editorRow.locator('.live-badge')).toHaveText('Live v1');
  await expect(editorRow.locator('.live-badge')).toHaveAttribute('title', /, by publisher\.golive@example\.com$/);
});
