import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { contentHash } from '../../core/rules/hash';
import type { PageContent, PageSummary, VersionSummary } from '../../core/schemas';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import {
  test,
  expect,
  preview,
  createPage,
  addComponent,
  saveContent,
  setBannerTitle,
  titleField,
  E2E_USER,
  type Host,
} from './host';

const AUTHOR = E2E_USER.toLowerCase();
const COLLEAGUE = 'colleague@example.com';

const bannerTitle = (page: Page): Locator => preview(page).locator('[data-component="MainBanner"] h2');

async function openFromDashboard(page: Page, pageName: string): Promise<void> {
  // "Open page (fascia country)", not "Open page in countries".
  await page.getByRole('button', { name: `Open ${pageName} (` }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'History', exact: true }).click();
  return page.getByRole('dialog', { name: 'Version history' });
}

const versionButtons = (history: Locator): Locator =>
  history.getByRole('list', { name: 'Saved versions' }).getByRole('button');

test('history lists the saved versions; one is compared and restored as one undoable change', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'history page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Spring Sale');
  await saveContent(page, 'Spring banner');
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await openFromDashboard(page, 'history-page');
  await setBannerTitle(page, 'Summer Sale');
  await saveContent(page, 'Summer banner');
  await openFromDashboard(page, 'history-page');

  const history = await openHistory(page);
  const versions = versionButtons(history);
  await expect(versions).toHaveCount(2);
  for (const [index, message] of [
    [0, 'Version 2'],
    [1, 'Version 1'],
  ] as const) {
    await expect(versions.nth(index)).toContainText(message);
    await expect(versions.nth(index)).toContainText(AUTHOR);
    // In the user's words ("now", "2 minutes ago"), with the exact UTC time on hover.
    await expect(versions.nth(index).locator('time')).toHaveText(/^(now|\d+ (seconds?|minutes?) ago)$/);
    await expect(versions.nth(index).locator('time')).toHaveAttribute('title', /\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  }
  await expect(versions.nth(0)).toContainText('Summer banner');
  await expect(versions.nth(1)).toContainText('Spring banner');

  // The newest equals the current content: nothing to restore.
  await versions.nth(0).click();
  await expect(history.getByRole('region', { name: 'Differences' })).toContainText(
    'From version 2 to your current content: No differences',
  );
  await expect(history.getByRole('button', { name: 'Restore this version' })).toBeDisabled();

  await versions.nth(1).click();
  const differences = history.getByRole('region', { name: 'Differences' });
  await expect(differences).toContainText('From version 1 to your current content: 1 changed');
  await expect(differences.locator('.diff-entry')).toHaveText([/Changed.*Main Banner.*content\.title/]);
  await expect(differences.getByRole('list', { name: 'Changed fields of Main Banner' })).toHaveText(
    'content.title "Spring Sale" → "Summer Sale"',
  );
  await page.screenshot({ path: 'reports/screenshots/history.png' });
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history).toBeHidden();
  await expect(page.getByText('Restored version 1. It is not saved yet; Undo brings back what you had.')).toBeVisible();
  await expect(bannerTitle(page)).toHaveText('Spring Sale');
  await expect(page.locator('.autosave')).toContainText('(not yet saved to UAT)');

  // One Undo brings back the newer content.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(bannerTitle(page)).toHaveText('Summer Sale');
  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await expect(titleField(page)).toHaveValue('Summer Sale');
});

/**
 * Two editors of one page share their team's content service (a team's own address in Settings): editor A
 * is this browser, the colleague another Studio, which saves by posting to the same service from the version
 * it opened, exactly as a Studio does.
 */
test.describe('a colleague saves the page while it is open', () => {
  let team: ContentServer;
  let teamDir: string;

  test.beforeEach(async () => {
    teamDir = mkdtempSync(join(tmpdir(), 'studio-team-content-'));
    team = await startContentServer({ dataDir: teamDir });
  });
  test.afterEach(async () => {
    await team.close();
    rmSync(teamDir, { recursive: true, force: true });
  });

  /** The colleague opens the latest version, changes the banner title and saves it on top. */
  async function colleagueSaves(title: string, commitMessage: string): Promise<VersionSummary> {
    const { pages } = (await (await fetch(`${team.url}/pages`)).json()) as { pages: PageSummary[] };
    const key = pages[0]!.key;
    const opened = (await (await fetch(`${team.url}/page?${new URLSearchParams(key)}`)).json()) as {
      content: PageContent;
    };
    const components = opened.content.content.map((component) => ({
      ...component,
      content: { ...component.content, title },
    }));
    const content = {
      ...opened.content,
      content: components,
      hash: contentHash(components),
      author: COLLEAGUE,
      commitMessage,
      timestamp: new Date().toISOString(),
    };
    const saved = await fetch(`${team.url}/saveContent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content, baseHash: opened.content.hash }),
    });
    expect(saved.status).toBe(201);
    return ((await saved.json()) as { version: VersionSummary }).version;
  }

  async function expectSavedToDashboard(page: Page): Promise<void> {
    // The toast of A's first save may still be showing.
    await expect(page.getByText("Updated content for 'site_jd gb shared-page'.").last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();
  }

  /**
   * A saves the page once on the team's service, opens it again, and the colleague saves meanwhile; A changes
   * the same title and saves: the merge dialog asks about that field.
   */
  async function conflictingSave(page: Page, host: Host): Promise<Locator> {
    await page.goto(host.url);
    await page.evaluate((url) => window.studio.updateSettings({ serviceUrls: { content: url } }), team.url);
    await createPage(page, host, 'shared page');
    await addComponent(page, 'Main Banner');
    await setBannerTitle(page, 'First title');
    await saveContent(page, 'First version');
    await openFromDashboard(page, 'shared-page');
    await colleagueSaves('Colleague title', 'Colleague: sharper title');
    await setBannerTitle(page, 'My title');
    await saveContent(page, 'My title');
    const dialog = page.getByRole('dialog', { name: 'Merge changes' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('the merge dialog says who saved and shows the clashing title three ways; Mine saves and keeps every version', async ({
    page,
    host,
  }) => {
    const dialog = await conflictingSave(page, host);
    await expect(dialog).toContainText(`${COLLEAGUE} saved version 2 while you were editing, `);
    await expect(dialog).toContainText(/ago: “Colleague: sharper title”|now: “Colleague: sharper title”/);
    await expect(dialog.locator('time')).toHaveAttribute('title', / UTC$/);
    // The one field changed both ways, with the value before and each side's.
    await expect(dialog.getByRole('group')).toHaveCount(1);
    const field = dialog.getByRole('group', { name: 'Title in Main Banner' });
    await expect(field).toContainText('Base"First title"');
    await expect(field.getByRole('radio', { name: 'Mine' })).toHaveAccessibleDescription('"My title"');
    await expect(field.getByRole('radio', { name: 'Theirs' })).toHaveAccessibleDescription('"Colleague title"');
    await page.screenshot({ path: 'reports/screenshots/merge-dialog.png' });

    await field.getByRole('radio', { name: 'Mine' }).check();
    await dialog.getByRole('button', { name: 'Save merged' }).click();
    await expectSavedToDashboard(page);

    await openFromDashboard(page, 'shared-page');
    await expect(bannerTitle(page)).toHaveText('My title');
    const versions = versionButtons(await openHistory(page));
    await expect(versions).toHaveCount(3);
    await expect(versions.nth(0)).toContainText(AUTHOR);
    await expect(versions.nth(0)).toContainText('My title');
    await expect(versions.nth(1)).toContainText(COLLEAGUE);
    await expect(versions.nth(1)).toContainText('Colleague: sharper title');
    await expect(versions.nth(2)).toContainText('First version');
  });

  test('Cancel in the merge dialog keeps the draft untouched; a value typed there is what is saved', async ({
    page,
    host,
  }) => {
    const dialog = await conflictingSave(page, host);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Back in Update Page with the message as typed; the editor still holds my title.
    const update = page.getByRole('dialog', { name: 'Update Page' });
    await expect(update.getByLabel('Change message')).toHaveValue('My title');
    await update.getByRole('button', { name: 'Cancel' }).click();
    await expect(titleField(page)).toHaveValue('My title');
    await expect(bannerTitle(page)).toHaveText('My title');

    await saveContent(page, 'Both titles');
    // Save merged with nothing picked says what is left, saves nothing, and takes focus to the open field.
    await dialog.getByRole('button', { name: 'Save merged' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Choose mine, theirs or a value of your own for every field: 1 is left.',
    );
    const field = dialog.getByRole('group', { name: 'Title in Main Banner' });
    await expect(field.getByRole('radio', { name: 'Mine' })).toBeFocused();
    await field.getByRole('radio', { name: 'Edit the value' }).check();
    const value = field.getByRole('textbox', { name: 'Value of Title in Main Banner' });
    await expect(value).toHaveValue('My title');
    await value.fill('Colleague and my title');
    await dialog.getByRole('button', { name: 'Save merged' }).click();
    await expectSavedToDashboard(page);
    await openFromDashboard(page, 'shared-page');
    await expect(bannerTitle(page)).toHaveText('Colleague and my title');
    await expect(versionButtons(await openHistory(page))).toHaveCount(3);
  });
});

test('save as bookmark: toast, back on the dashboard, and the history marks the bookmark', async ({ page, host }) => {
  await createPage(page, host, 'bookmark page');
  await addComponent(page, 'Main Banner');
  const history = await openHistory(page);
  await expect(history).toContainText('This page has not been saved yet.');
  await history.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await expect(dialog.getByRole('button', { name: 'Save as bookmark' })).toBeDisabled();
  await dialog.getByLabel('Change message').fill(' ');
  await dialog.getByRole('button', { name: 'Save as bookmark' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a message for the changes.');
  await dialog.getByLabel('Change message').fill('Idea for the summer');
  await dialog.getByRole('button', { name: 'Save as bookmark' }).click();
  await expect(page.getByText("Bookmark saved for 'site_jd gb bookmark-page'.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

  await openFromDashboard(page, 'bookmark-page');
  const versions = versionButtons(await openHistory(page));
  await expect(versions).toHaveCount(1);
  await expect(versions.nth(0)).toContainText('Version 1');
  await expect(versions.nth(0)).toContainText('Bookmark');
  await expect(versions.nth(0)).toContainText('Idea for the summer');
});

test('a dead content service: the history says so and the bookmark save keeps the dialog open', async ({
  page,
  host,
}) => {
  await createPage(page, host, 'offline history');
  await addComponent(page, 'Main Banner');
  await page.evaluate(() => window.studio.updateSettings({ serviceUrls: { content: 'http://127.0.0.1:9/' } }));

  const history = await openHistory(page);
  await expect(history.getByRole('alert')).toContainText(
    'The saved versions could not be loaded: The content service at http://127.0.0.1:9/ is not reachable. Check the address in Settings.',
  );
  await history.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await dialog.getByLabel('Change message').fill('Offline bookmark');
  await dialog.getByRole('button', { name: 'Save as bookmark' }).click();
  await expect(
    page.getByText(/The bookmark was not saved: .*not reachable.*Your changes are kept as a draft\./),
  ).toBeVisible();
  await expect(dialog.getByLabel('Change message')).toHaveValue('Offline bookmark');
  await expect(dialog.getByRole('button', { name: 'Save as bookmark' })).toBeEnabled();
});
