import type { Browser, Locator, Page } from '@playwright/test';
import { QUEUED_SAVE_MESSAGE } from '../../core/team';
import { teamClient } from '../helpers/teamServer';
import {
  test,
  expect,
  createPage,
  connection,
  createThreeCountryPage,
  addComponent,
  callApi,
  retryNow,
  reviewAndOpenSave,
  saveContent,
  setBannerTitle,
  titleField,
  type Host,
  type TeamServerProcess,
} from './host';

/**
 * Team mode (issue 13): one team server on a real PostgreSQL, two browser hosts signed in as two editors.
 * Saves, presence and the connection reach each editor live through main's event stream; saves made while
 * the server is stopped wait in the outbox and land when it is back. Each test uses its own users and page.
 */

const SCREENSHOTS = 'reports/screenshots';
/**
 * How long main may take to notice the restarted server by itself (the first test; the others press Retry now): it tries again with backoff (1 s doubling, with
 * jitter), so after an outage of W seconds the next attempt can be up to about 2W later; the outages here
 * last 5 to 15 s on a loaded machine. A condition waited for, not a fixed wait.
 */
const BACK_ONLINE = { timeout: 40_000 };

interface Editor {
  email: string;
  token: string;
  host: Host;
  page: Page;
}

/** Two editors with their own users (named after the test), each on a browser host signed in with its token. */
async function twoEditors(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: (url: string, token: string) => Promise<Host>,
  tag: string,
): Promise<[Editor, Editor]> {
  const start = async (name: string): Promise<Editor> => {
    const email = `${name}.${tag}@example.com`;
    const token = await teamServer.addUser(email);
    const host = await startTeamHost(teamServer.url, token);
    const page = await (await browser.newContext()).newPage();
    await page.goto(host.url);
    await expect(page.getByTitle('Signed in as')).toHaveText(email);
    return { email, token, host, page };
  };
  return [await start('ann'), await start('bob')];
}

const row = (page: Page, pageKey: string): Locator => page.getByRole('row', { name: new RegExp(`\\b${pageKey}\\b`) });

/** Creates the page with a Main Banner and saves it; back on the dashboard. Answers when Continue was pressed. */
async function createSavedPage(editor: Editor, name: string, title: string): Promise<number> {
  await createPage(editor.page, editor.host, name);
  await addComponent(editor.page, 'Main Banner');
  await setBannerTitle(editor.page, title);
  const saving = Date.now();
  await saveContent(editor.page, `Created ${name}`);
  await expect(editor.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  return saving;
}

async function openPage(page: Page, pageKey: string): Promise<void> {
  await row(page, pageKey)
    .getByRole('button', { name: `Open ${pageKey} (` })
    .click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

/** The page's versions on the server, newest first: [version, author, message]. */
async function serverVersions(
  teamServer: TeamServerProcess,
  token: string,
  pageKey: string,
): Promise<[number, string, string][]> {
  const key = new URLSearchParams({
    fascia: 'site_jd',
    country: 'gb',
    page: pageKey,
    source: 'content-editor',
    platform: 'web',
  });
  const answer = await teamClient(teamServer.url, token).get(`/versions?${key}`);
  expect(answer.status).toBe(200);
  return (answer.body.versions as { version: number; author: string; commitMessage: string }[])
    .map((v): [number, string, string] => [v.version, v.author, v.commitMessage])
    .sort((a, b) => b[0] - a[0]);
}

/** The page at 1280 and at 1920 wide, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/team-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test("a colleague's save is listed live, and who has a page open shows on its row and in the editor", async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann, bob] = await twoEditors(browser, teamServer, startTeamHost, 'live');
  await expect(connection(bob.page)).toHaveText('Online');

  // Bob's dashboard is open and is not reloaded: Ann's save appears in it.
  const saving = await createSavedPage(ann, 'live page', 'First title');
  await expect(row(bob.page, 'live-page')).toContainText(ann.email);
  // A figure to read (issue 13 asks for 2 s), not a timed assertion: from pressing Continue to the row showing.
  const listedAfterMs = Date.now() - saving;
  test
    .info()
    .annotations.push({ type: 'listed on the other desktop after Continue (ms)', description: String(listedAfterMs) });
  console.log(`Team mode: a save was listed on the other desktop ${listedAfterMs} ms after Continue`);

  // Bob opens it: Ann's dashboard row says so; Ann opens it too: each editor names the other.
  await openPage(bob.page, 'live-page');
  await expect(row(ann.page, 'live-page').getByRole('cell').filter({ hasText: bob.email })).toBeVisible();
  await screenshots(ann.page, 'dashboard-presence');
  await openPage(ann.page, 'live-page');
  await expect(ann.page.getByRole('status', { name: 'Colleagues on this page' })).toContainText(
    `${bob.email} has this page open too`,
  );
  await expect(bob.page.getByRole('status', { name: 'Colleagues on this page' })).toContainText(
    `${ann.email} has this page open too`,
  );

  // Bob leaves: Ann's banner goes.
  await bob.page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(bob.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await expect(ann.page.getByRole('status', { name: 'Colleagues on this page' })).toBeHidden();
});

test('a colleague saving the page open here shows a notice at once, with the difference and their version on request', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann, bob] = await twoEditors(browser, teamServer, startTeamHost, 'notice');
  await createSavedPage(ann, 'notice page', 'Ann title');
  await openPage(bob.page, 'notice-page');
  await setBannerTitle(bob.page, 'Bob draft title');

  // Ann saves version 2: Bob, who has not saved, is told who, which version and why.
  await openPage(ann.page, 'notice-page');
  await setBannerTitle(ann.page, 'Ann second title');
  await saveContent(ann.page, 'Sharper headline');
  const notice = bob.page.getByRole('alert', { name: 'Saved by a colleague' });
  await expect(notice).toContainText(`${ann.email} saved a new version of this page (version 2)`);
  await expect(notice).toContainText('Sharper headline');
  await screenshots(bob.page, 'editor-notice');

  await notice.getByRole('button', { name: 'Review difference' }).click();
  await expect(notice.getByRole('region', { name: 'Differences' })).toContainText(
    'From their version 2 to your current content',
  );
  await expect(notice.getByRole('region', { name: 'Differences' })).toContainText('Ann second title');

  // Reload theirs: Ann's content in Bob's editor, Bob's one Undo away.
  await notice.getByRole('button', { name: 'Reload theirs' }).click();
  await expect(notice).toBeHidden();
  await expect(titleField(bob.page)).toHaveValue('Ann second title');
  await bob.page.getByRole('button', { name: 'Undo' }).click();
  await expect(titleField(bob.page)).toHaveValue('Bob draft title');
});

test('saving while the team server is stopped waits on this computer and lands, as its author, when the server is back', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann] = await twoEditors(browser, teamServer, startTeamHost, 'offline');
  await createSavedPage(ann, 'offline page', 'Online title');
  await openPage(ann.page, 'offline-page');

  try {
    await teamServer.stop();
    await expect(connection(ann.page)).toContainText('Offline · last contact');
    await screenshots(ann.page, 'offline-header');

    // The opened page is edited and saved offline: kept on this computer, and the dashboard marks it.
    await setBannerTitle(ann.page, 'Offline title');
    await saveContent(ann.page, 'Written on the train');
    await expect(ann.page.getByText(QUEUED_SAVE_MESSAGE)).toBeVisible();
    await expect(row(ann.page, 'offline-page')).toContainText('Save pending');
    await screenshots(ann.page, 'dashboard-pending');
  } finally {
    await teamServer.start();
  }

  // Back online: the outbox is sent, the mark goes, and the version is Ann's with her message.
  await expect(connection(ann.page)).toHaveText('Online', BACK_ONLINE);
  await expect(row(ann.page, 'offline-page')).not.toContainText('Save pending');
  expect(await serverVersions(teamServer, ann.token, 'offline-page')).toEqual([
    [2, ann.email, 'Written on the train'],
    [1, ann.email, 'Created offline page'],
  ]);
});

/**
 * Ann edits the page from version 1 while Bob saves version 2 ("Bob title"); the server stops, Ann saves
 * ("Ann offline title"), the server starts again, and Ann's pending save meets Bob's version, with the title
 * changed both ways. Answers the merge dialog that opens for it.
 */
async function pendingSaveMeetsColleagues(
  ann: Editor,
  bob: Editor,
  teamServer: TeamServerProcess,
  name: string,
): Promise<Locator> {
  const pageKey = name.replace(/ /g, '-');
  await createSavedPage(ann, name, 'Ann title');
  await openPage(ann.page, pageKey);

  await openPage(bob.page, pageKey);
  await setBannerTitle(bob.page, 'Bob title');
  await saveContent(bob.page, "Bob's change");
  await expect(ann.page.getByRole('alert', { name: 'Saved by a colleague' })).toBeVisible();

  try {
    await teamServer.stop();
    await expect(connection(ann.page)).toContainText('Offline');
    await setBannerTitle(ann.page, 'Ann offline title');
    await saveContent(ann.page, "Ann's offline change");
    await expect(ann.page.getByText(QUEUED_SAVE_MESSAGE)).toBeVisible();
  } finally {
    await teamServer.start();
  }
  await retryNow(ann.page);
  return ann.page.getByRole('dialog', { name: 'Merge changes' });
}

test('an offline save clashing with a version a colleague saved meanwhile opens the merge dialog, and History keeps both', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann, bob] = await twoEditors(browser, teamServer, startTeamHost, 'conflict');
  const dialog = await pendingSaveMeetsColleagues(ann, bob, teamServer, 'conflict page');

  // Sent once the server is back, it meets Bob's version: the merge dialog names the pending save and Bob's
  // version, and shows the title both changed, each side's value beside the other.
  await expect(dialog).toContainText(`${bob.email} saved version 2 while you were editing`);
  await expect(dialog).toContainText("Bob's change");
  await expect(dialog).toContainText("“Ann's offline change”, was kept on this computer and has not reached UAT.");
  const field = dialog.getByRole('group', { name: 'Title in Main Banner' });
  await expect(field.getByRole('radio', { name: 'Mine' })).toHaveAccessibleDescription('"Ann offline title"');
  await expect(field.getByRole('radio', { name: 'Theirs' })).toHaveAccessibleDescription('"Bob title"');
  await screenshots(ann.page, 'pending-conflict');

  // Mine: Ann's save lands as version 3, and Bob's version 2 stays in History.
  await field.getByRole('radio', { name: 'Mine' }).check();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(ann.page, 'conflict-page')).not.toContainText('pending');
  expect(await serverVersions(teamServer, ann.token, 'conflict-page')).toEqual([
    [3, ann.email, "Ann's offline change"],
    [2, bob.email, "Bob's change"],
    [1, ann.email, 'Created conflict page'],
  ]);
  await openPage(ann.page, 'conflict-page');
  await ann.page.getByRole('button', { name: 'History', exact: true }).click();
  const versions = ann.page.getByRole('list', { name: 'Saved versions' }).getByRole('button');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(1)).toContainText(bob.email);
});

test('the multi-country review save while the server is stopped keeps each country on this computer, and each lands', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann] = await twoEditors(browser, teamServer, startTeamHost, 'multi');
  await createThreeCountryPage(ann.page, ann.host, 'multi offline');
  await addComponent(ann.page, 'Main Banner');
  await (await reviewAndOpenSave(ann.page, 'Three countries online')).getByRole('button', { name: 'SAVE' }).click();
  await expect(ann.page.getByText('Multi-country saving complete.')).toBeVisible();

  const countries = [
    ['gb', 'United Kingdom'],
    ['de', 'Germany'],
    ['fr', 'France'],
  ] as const;
  const countryRow = (country: string) =>
    ann.page.getByRole('row', { name: /\bmulti-offline\b/ }).filter({ hasText: country });
  try {
    await countryRow('United Kingdom')
      .getByRole('button', { name: /^Open in countries: multi-offline/ })
      .click();
    const choose = ann.page.getByRole('dialog', { name: 'Open in countries' });
    for (const [, name] of countries.slice(1)) await choose.getByRole('checkbox', { name }).check();
    await choose.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(ann.page.getByText('Primary', { exact: true })).toBeVisible();

    await teamServer.stop();
    await expect(connection(ann.page)).toContainText('Offline');
    await setBannerTitle(ann.page, 'Offline everywhere');
    await (await reviewAndOpenSave(ann.page, 'Three countries offline')).getByRole('button', { name: 'SAVE' }).click();
    // One toast for the review save, naming each country kept here.
    await expect(ann.page.getByText(`United Kingdom, Germany, France: ${QUEUED_SAVE_MESSAGE}`)).toBeVisible();
    for (const [, name] of countries) await expect(countryRow(name)).toContainText('Save pending');
  } finally {
    await teamServer.start();
  }

  await retryNow(ann.page);
  for (const [, name] of countries) await expect(countryRow(name)).not.toContainText('Save pending');
  for (const [code] of countries) {
    const key = new URLSearchParams({
      fascia: 'site_jd',
      country: code,
      page: 'multi-offline',
      source: 'content-editor',
      platform: 'web',
    });
    const answer = await teamClient(teamServer.url, ann.token).get(`/versions?${key}`);
    expect(
      answer.body.versions.map((v: { version: number; author: string; commitMessage: string }) => [
        v.version,
        v.author,
        v.commitMessage,
      ]),
    ).toEqual([
      [2, ann.email, 'Three countries offline'],
      [1, ann.email, 'Three countries online'],
    ]);
  }
});

test('signing in from Settings: a wrong token is a clear error and changes nothing; the right one signs in', async ({
  page,
  host,
  teamServer,
}) => {
  const token = await teamServer.addUser('carla.settings@example.com');
  // A page of this computer's own, drafted before: still there whatever the sign-in does.
  await createPage(page, host, 'local draft');
  await addComponent(page, 'Main Banner');
  // The header's save status: the polite announcer may say "Draft saved" at the same moment.
  await expect(page.locator('.autosave')).toHaveText('Draft saved (not yet saved to UAT)');

  await page.goto(`${host.url}/editor/index.html#/settings`);
  const section = page.getByRole('group', { name: 'Team server' });
  await expect(section.getByLabel('This computer only')).toBeChecked();
  await section.getByLabel('A team server').check();
  await section.getByLabel('Team server address').fill(teamServer.url);
  await section.getByLabel('API token').fill('sst_not-a-real-token');

  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByRole('alert')).toContainText(/token/i);
  await section.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(section.getByRole('alert')).toContainText('Not signed in');
  await expect(section.getByLabel('API token')).toHaveValue('sst_not-a-real-token');
  await screenshots(page, 'settings-wrong-token');

  // Nothing lost: still this computer's store, with the draft listed.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(row(page, 'local-draft')).toContainText('Draft');
  await expect(connection(page)).toHaveCount(0);

  // The right token: Test connection names the user, Sign in makes the header show it, Online.
  await page.goto(`${host.url}/editor/index.html#/settings`);
  await section.getByLabel('A team server').check();
  await section.getByLabel('Team server address').fill(teamServer.url);
  await section.getByLabel('API token').fill(token);
  await section.getByRole('button', { name: 'Test connection' }).click();
  await expect(section.getByRole('status')).toContainText('the server knows this token as carla.settings@example.com');
  await screenshots(page, 'settings-test-ok');
  await section.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(section.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByTitle('Signed in as')).toHaveText('carla.settings@example.com');
  await expect(connection(page)).toHaveText('Online');
  await screenshots(page, 'settings-signed-in');

  // Sign out forgets the token: back to this computer only.
  await section.getByRole('button', { name: 'Sign out' }).click();
  await expect(section.getByLabel('This computer only')).toBeChecked();
  await expect(connection(page)).toHaveCount(0);
});

test("Discard this save in a pending save's merge dialog: nothing of it reaches the server, and its content stays in the draft", async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const [ann, bob] = await twoEditors(browser, teamServer, startTeamHost, 'reload');
  const dialog = await pendingSaveMeetsColleagues(ann, bob, teamServer, 'reload page');

  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard this save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    ann.page.getByText(
      "The pending save of reload-page is discarded; its content stays in the page's draft on this computer.",
    ),
  ).toBeVisible();
  await openPage(ann.page, 'reload-page');
  await ann.page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await expect(titleField(ann.page)).toHaveValue('Ann offline title');

  // Nothing of Ann's reached the server, and nothing waits any more.
  expect(await serverVersions(teamServer, ann.token, 'reload-page')).toEqual([
    [2, bob.email, "Bob's change"],
    [1, ann.email, 'Created reload page'],
  ]);
  expect((await callApi(ann.host, 'listPendingSaves', {})).pending).toEqual([]);
});
