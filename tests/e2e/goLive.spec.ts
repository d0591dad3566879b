import type { Browser, Locator, Page } from '@playwright/test';
import { expectClean, OPEN_DIALOG } from './axe';
import { emptyPageMeta } from '../../core/schemas';
import {
  test,
  expect,
  addComponent,
  callApi,
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

const soloKey = (name: string) =>
  ({ fascia: 'site_jd', country: 'gb', page: name, source: 'content-editor', platform: 'web' }) as const;

/** Saves content versions of a page through the host's API, one per message, as the editor's Save would. */
async function saveVersions(host: Host, name: string, messages: string[]): Promise<void> {
  const key = soloKey(name);
  let baseHash = (await callApi(host, 'listVersions', { key })).versions[0]?.hash ?? null;
  for (const commitMessage of messages) {
    const answer = await callApi(host, 'saveContent', {
      key,
      meta: { ...emptyPageMeta(), category: 'Trainers' },
      components: [],
      baseHash,
      commitMessage,
    });
    if (answer.status !== 'saved') throw new Error(`The seed save "${commitMessage}" was ${answer.status}`);
    baseHash = answer.version.hash;
  }
}

/** What a person sees at 1280 and at 1920 wide. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/goLive-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('one person goes live from the dashboard with the newest version, then saves ahead of live', async ({
  page,
  host,
}) => {
  const name = 'golive-solo';
  await saveVersions(host, name, ['Summer sale', 'Summer sale: 20% off']);
  await page.goto(host.url);

  const row = pageRow(page, name);
  await expect(row.getByText('Not live')).toBeVisible();
  // Nothing live yet: nothing to roll back.
  await expect(row.getByRole('button', { name: /^Roll back/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Go live: ${name} (JD GB)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
  // The newest content version is chosen; each says who saved it and why.
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: /^Version 2/ })).toBeChecked();
  await expect(dialog.locator('.live-version').first()).toContainText('Summer sale: 20% off');
  await expect(dialog.getByRole('button', { name: 'Go live' })).toBeDisabled();
  // A blank message is refused in LiveMessageSchema's words, and the dialog keeps what was chosen.
  await dialog.getByLabel('Message').fill('   ');
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write a message saying why this goes live');
  await dialog.getByLabel('Message').fill('The summer sale starts');
  await expectClean(page, 'Go live', OPEN_DIALOG);
  await dialog.getByRole('button', { name: 'Go live' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`JD GB ${name} went live at version 2`)).toBeVisible();
  await expect(row.locator('.live-badge')).toHaveText('Live v2');
  await expect(row.locator('.live-badge')).toHaveAttribute('title', /^Live since .+, by editor\.one@example\.com$/);
  await expect(row.locator('.live-ahead')).toHaveCount(0);

  await openFromDashboard(page, host, name);
  await addComponent(page, 'Main Banner');
  await saveContent(page, 'Summer sale: 30% off');
  await dashboardShown(page);
  await expect(row.locator('.live-ahead')).toHaveText('UAT is 1 version ahead of live');
  await screenshots(page, 'dashboard');
});

test('from the editor with unsaved changes the newest saved version goes live; History marks it; Roll back returns', async ({
  page,
  host,
}) => {
  const name = 'golive-editor';
  await saveVersions(host, name, ['Summer sale', 'Summer sale: 20% off']);
  await callApi(host, 'goLive', { pageKey: soloKey(name), version: 2, message: 'The summer sale starts' });
  await saveVersions(host, name, ['Summer sale: 30% off']);

  await openFromDashboard(page, host, name);
  await addComponent(page, 'Main Banner');
  await page.getByRole('button', { name: 'Go live' }).click();
  const dialog = page.getByRole('dialog', { name: 'Go live' });
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
  const row = pageRow(page, name);
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
