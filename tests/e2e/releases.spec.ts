import type { Browser, Locator, Page } from '@playwright/test';
import { expectClean, OPEN_DIALOG } from './axe';
import { emptyPageMeta, type PageKey } from '../../core/schemas';
import { test, expect, addComponent, callApi, type Host, type TeamServerProcess } from './host';

/**
 * Issue 24 §4, releases end to end: a publisher and an editor in two browser hosts on one team server. The
 * editor saves three pages in two countries and is offered neither Go live nor releases; the publisher adds the
 * six rows to a new release, schedules it a few seconds ahead (in Berlin time, shown with UTC), and the editor's
 * dashboard shows them go live without reloading; the delivery route serves the new versions, and rolling the
 * release back serves the old ones.
 */

const PAGES = ['rel24-home', 'rel24-sale', 'rel24-trainers'] as const;
const COUNTRIES = ['gb', 'de'] as const;
const RELEASE = 'Black Friday e2e';
const OLD = 'Regular prices';
const NEW = 'Black Friday prices';

const keyOf = (page: string, country: string): PageKey =>
  ({ fascia: 'site_jd', country, page, source: 'content-editor', platform: 'web' }) as PageKey;
const ALL_KEYS = PAGES.flatMap((page) => COUNTRIES.map((country) => keyOf(page, country)));

const SCREENSHOTS = 'reports/screenshots';

/** What a person sees at 1280 and at 1920 wide (reports/screenshots, for review; the baselines are screenshots.spec). */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/releases-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** The dashboard's row of a page in a country. */
const pageRow = (page: Page, name: string, country: string): Locator =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Open ${name} (JD ${country.toUpperCase()})`, exact: true }) });

/** A user of the team server with these CLI options, on a browser host of their own, at the dashboard. */
async function signedIn(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: (url: string, token: string) => Promise<Host>,
  email: string,
  access: string[],
  timezoneId = 'UTC',
): Promise<{ page: Page; host: Host }> {
  const token = await teamServer.addUser(email, access);
  const host = await startTeamHost(teamServer.url, token);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId });
  const page = await context.newPage();
  await page.goto(host.url);
  await expect(page.getByTitle('Signed in as')).toHaveText(email);
  return { page, host };
}

/** Saves a content version of each page through the host's API, as the editor's Save would. */
async function saveAll(host: Host, commitMessage: string): Promise<void> {
  for (const key of ALL_KEYS) {
    const baseHash = (await callApi(host, 'listVersions', { key })).versions[0]?.hash ?? null;
    const answer = await callApi(host, 'saveContent', {
      key,
      meta: { ...emptyPageMeta(), category: 'Trainers' },
      components: [],
      baseHash,
      commitMessage,
    });
    if (answer.status !== 'saved') throw new Error(`The save "${commitMessage}" was ${answer.status}`);
  }
}

/** What the delivery route serves live for a page in a country: the commit message of its version. */
async function servedLive(teamServer: TeamServerProcess, deliveryKey: string, key: PageKey): Promise<string> {
  const url = `${teamServer.url}/content/${key.platform}/${key.source}/${key.page}/live/${key.country}.json`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${deliveryKey}` } });
  expect(response.status, url).toBe(200);
  return ((await response.json()) as { commitMessage: string }).commitMessage;
}

/** A time `seconds` ahead as the date-and-time input of the page's own time zone takes it, to the second. */
const inputTimeAhead = (page: Page, seconds: number): Promise<string> =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    const two = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  }, seconds);

test('a publisher releases six pages on a schedule; the editor sees them go live; rolling back serves the old versions', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  test.setTimeout(180_000);
  const deliveryKey = await teamServer.addDeliveryKey('storefront-e2e');
  const editor = await signedIn(browser, teamServer, startTeamHost, 'editor.release@example.com', ['--role', 'editor']);
  await saveAll(editor.host, OLD);
  await saveAll(editor.host, NEW);
  await editor.page.goto(editor.host.url);
  // The editor has neither Go live nor releases: no checkboxes, no Add to release, no Releases screen.
  for (const key of ALL_KEYS) await expect(pageRow(editor.page, key.page, key.country)).toBeVisible();
  await expect(editor.page.getByRole('button', { name: /^(Go live|Roll back)/ })).toHaveCount(0);
  await expect(editor.page.getByRole('checkbox')).toHaveCount(0);
  await expect(editor.page.getByRole('button', { name: /^Add to release/ })).toHaveCount(0);
  await expect(editor.page.getByRole('link', { name: 'Releases' })).toHaveCount(0);

  const publisher = await signedIn(
    browser,
    teamServer,
    startTeamHost,
    'publisher.release@example.com',
    ['--role', 'publisher'],
    'Europe/Berlin',
  );
  // Live at the old versions first: a release's rollback returns each page to what was live before it.
  for (const key of ALL_KEYS)
    await callApi(publisher.host, 'goLive', { pageKey: key, version: 1, message: 'Regular prices go live' });
  for (const key of ALL_KEYS)
    await expect(pageRow(editor.page, key.page, key.country).locator('.live-badge')).toHaveText('Live v1');

  // Select the six listed rows (the filter leaves only them) and add them to a new release.
  const { page } = publisher;
  await page.getByLabel('Search pages').fill('rel24-');
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/ })).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Add to release' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select rel24-home (JD DE)' }).check();
  await expect(page.getByRole('checkbox', { name: 'Select all listed pages' })).toHaveJSProperty('indeterminate', true);
  await page.getByRole('checkbox', { name: 'Select all listed pages' }).check();
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/, checked: true })).toHaveCount(6);
  // Other filters start with nothing selected: rows chosen under the old ones are not carried over unseen.
  await page.getByLabel('Search pages').fill('rel24-home');
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/ })).toHaveCount(2);
  await page.getByLabel('Search pages').fill('rel24-');
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/ })).toHaveCount(6);
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/, checked: true })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select all listed pages' }).check();
  await expectClean(page, 'the dashboard with rows to select');
  await page.getByRole('button', { name: 'Add to release (6)' }).click();
  const adding = page.getByRole('dialog', { name: 'Add to release' });
  await expect(adding).toContainText('Add 6 pages, each at its newest saved version.');
  await expect(adding.getByRole('radio', { name: 'New release' })).toBeChecked();
  // A name is needed; the refusal keeps the dialog open.
  await adding.getByRole('button', { name: 'Add to release' }).click();
  await expect(adding.getByRole('alert')).toHaveText('Give the release a name');
  await adding.getByLabel('Name of the new release').fill(RELEASE);
  await expectClean(page, 'Add to release', OPEN_DIALOG);
  await adding.getByRole('button', { name: 'Add to release' }).click();
  await expect(adding).toBeHidden();
  await expect(page.getByText(`Added 6 pages to "${RELEASE}"`)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select rel24-/, checked: true })).toHaveCount(0);

  // The Releases screen, by keyboard: the header's link, then the release's.
  await page.getByRole('link', { name: 'Releases' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeFocused();
  const listed = page.getByRole('row').filter({ has: page.getByRole('link', { name: RELEASE }) });
  await expect(listed).toContainText('Draft');
  await expect(listed.getByRole('cell').last()).toHaveText('6');
  await listed.getByRole('link', { name: RELEASE }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: RELEASE, level: 2 })).toBeVisible();
  const items = page.getByRole('table', { name: 'Pages of this release' }).getByRole('row');
  await expect(items).toHaveCount(7);
  const homeGb = page.getByRole('combobox', { name: 'Version of JD GB rel24-home' });
  // The newest content version is in the release; the chooser offers every one, newest first.
  await expect(homeGb).toHaveValue('2');
  await expect(homeGb.getByRole('option')).toHaveText([`Version 2 · ${NEW}`, `Version 1 · ${OLD}`]);
  await expectClean(page, 'the Releases screen');
  await screenshots(page, 'draft');

  // Scheduled in an hour, then changed: the change unschedules it, with the warning.
  const schedule = page.getByRole('region', { name: 'Actions' });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.locator('.release-title .release-status')).toHaveText('Scheduled');
  // Schedule gave way to Unschedule: the focus it held went to the release's name, not to the page's top.
  await expect(page.getByRole('heading', { name: RELEASE, level: 2 })).toBeFocused();
  await expect(page.getByText(/^Goes live$/)).toBeVisible();
  await homeGb.selectOption('1');
  await expect(page.getByRole('alert')).toHaveText(
    `"${RELEASE}" was scheduled: changing it unscheduled it. Schedule it again when it is ready.`,
  );
  await expect(page.locator('.release-title .release-status')).toHaveText('Draft');
  await homeGb.selectOption('2');
  await expect(homeGb).toHaveValue('2');

  // A few seconds ahead, in the publisher's zone (Berlin), shown with UTC.
  const goLiveAt = schedule.getByLabel('Go live at');
  await goLiveAt.fill(await inputTimeAhead(page, 8));
  await expect(schedule.locator('.release-schedule-hint').first()).toContainText('(Europe/Berlin) · ');
  await expect(schedule.locator('.release-schedule-hint').first()).toContainText(' UTC');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  // The toast of the first schedule may still show: this one is the last.
  await expect(
    page.getByText(new RegExp(`^"${RELEASE}" is scheduled for .+\\(Europe/Berlin\\) · .+ UTC$`)).last(),
  ).toBeVisible();

  // The editor's dashboard shows the six go live through the event stream, without reloading.
  for (const key of ALL_KEYS)
    await expect(pageRow(editor.page, key.page, key.country).locator('.live-badge')).toHaveText('Live v2', {
      timeout: 60_000,
    });
  for (const key of ALL_KEYS) expect(await servedLive(teamServer, deliveryKey, key)).toBe(NEW);
  // The publisher's screen read the release again: live, and what changed per item.
  await expect(page.locator('.release-title .release-status')).toHaveText('Live');
  await expect(page.locator('.release-change')).toHaveText(Array(6).fill('v1 → v2'));
  await screenshots(page, 'live');

  // Roll back, with a message, as a page's Roll back.
  await page.getByRole('button', { name: 'Roll back' }).click();
  const rollBack = page.getByRole('dialog', { name: 'Roll back release' });
  await expect(rollBack.getByRole('list', { name: 'What goes back' }).getByRole('listitem')).toHaveCount(6);
  await rollBack.getByLabel('Message').fill('Black Friday is over');
  await rollBack.getByRole('button', { name: 'Roll back' }).click();
  await expect(rollBack).toBeHidden();
  await expect(page.getByText(`"${RELEASE}" was rolled back`)).toBeVisible();
  await expect(page.locator('.release-title .release-status')).toHaveText('Rolled back');
  await page.getByRole('link', { name: 'All releases' }).click();
  await expect(listed).toContainText('Rolled back');
  await screenshots(page, 'list');
  for (const key of ALL_KEYS)
    await expect(pageRow(editor.page, key.page, key.country).locator('.live-badge')).toHaveText('Live v1');
  for (const key of ALL_KEYS) expect(await servedLive(teamServer, deliveryKey, key)).toBe(OLD);
});

test("in team mode the review save's note points at going live and releases", async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const { page } = await signedIn(browser, teamServer, startTeamHost, 'editor.review@example.com', [
    '--role',
    'editor',
  ]);
  await page.getByRole('button', { name: 'New Page' }).click();
  const creating = page.getByRole('dialog', { name: 'New Page' });
  await creating.getByLabel('Page', { exact: true }).fill('rel24 review');
  await creating.getByRole('group', { name: 'Other countries' }).getByLabel('Germany').check();
  await creating.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
  await addComponent(page, 'Main Banner');
  await page.getByRole('button', { name: 'REVIEW PAGES' }).click();
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Revewed Pages to UAT' });
  await expect(dialog.locator('.hint').first()).toHaveText(
    'Go live from the dashboard, or add these pages to a release.',
  );
  await expect(dialog.getByText('Pages need to be synced manually after saving to UAT.')).toHaveCount(0);
});

test('on the Releases screen: make a release, meet a collision, remove an item, go live now, delete a draft', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const { page, host } = await signedIn(browser, teamServer, startTeamHost, 'admin.release@example.com', [
    '--role',
    'admin',
  ]);
  for (const name of ['rel24b-a', 'rel24b-b']) {
    const key = keyOf(name, 'gb');
    const meta = { ...emptyPageMeta(), category: 'Trainers' };
    await callApi(host, 'saveContent', { key, meta, components: [], baseHash: null, commitMessage: 'Spring' });
  }
  await page.goto(host.url);
  await page.getByRole('link', { name: 'Releases' }).click();
  const newRelease = page.getByLabel('New release');
  await newRelease.fill('Spring e2e');
  await page.getByRole('button', { name: 'Create release' }).click();
  await expect(page.getByRole('heading', { name: 'Spring e2e', level: 2 })).toBeVisible();
  await expect(page.getByText('This release holds no pages yet.')).toBeVisible();

  // Both pages into it, then one of them into another release too.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByLabel('Search pages').fill('rel24b-');
  await page.getByRole('checkbox', { name: 'Select all listed pages' }).check();
  await page.getByRole('button', { name: 'Add to release (2)' }).click();
  const adding = page.getByRole('dialog', { name: 'Add to release' });
  await adding.getByRole('radio', { name: /^Spring e2e/ }).check();
  await adding.getByRole('button', { name: 'Add to release' }).click();
  await expect(adding).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select rel24b-a (JD GB)' }).check();
  await page.getByRole('button', { name: 'Add to release (1)' }).click();
  await adding.getByLabel('Name of the new release').fill('Autumn e2e');
  await adding.getByRole('button', { name: 'Add to release' }).click();
  await expect(adding).toBeHidden();

  await page.getByRole('link', { name: 'Releases' }).click();
  await page.getByRole('link', { name: 'Spring e2e' }).click();
  const collisions = page.getByRole('list', { name: 'Collisions' });
  await expect(collisions).toHaveText('"Spring e2e" and "Autumn e2e" both hold JD GB rel24b-a');
  await page.getByRole('button', { name: 'Remove JD GB rel24b-a from the release' }).click();
  await expect(page.getByText('Removed JD GB rel24b-a from "Spring e2e"')).toBeVisible();
  // Its row is gone: the focus went to the items' heading.
  await expect(page.getByRole('heading', { name: 'Items (1)' })).toBeFocused();
  await expect(collisions).toHaveCount(0);

  await page.getByRole('button', { name: 'Go live now' }).click();
  const goLive = page.getByRole('dialog', { name: 'Go live now' });
  await expect(goLive).toContainText('Put the one item of Spring e2e live now.');
  await expectClean(page, 'Go live now', OPEN_DIALOG);
  await goLive.getByRole('button', { name: 'Go live now' }).click();
  await expect(goLive).toBeHidden();
  await expect(page.getByText('"Spring e2e" went live')).toBeVisible();
  await expect(page.locator('.release-title .release-status')).toHaveText('Live');
  await expect(page.locator('.release-change')).toHaveText(['not live → v1']);

  // A draft can be deleted; the list no longer has it.
  await page.getByRole('link', { name: 'All releases' }).click();
  await page.getByRole('link', { name: 'Autumn e2e' }).click();
  await page.getByRole('button', { name: 'Delete release' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete release' });
  await deleting.getByRole('button', { name: 'Delete release' }).click();
  await expect(page.getByText('Deleted release "Autumn e2e"')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spring e2e' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Autumn e2e' })).toHaveCount(0);

  // A name taken is refused in place, with the name kept.
  await newRelease.fill('spring E2E');
  await page.getByRole('button', { name: 'Create release' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The release was not created: A release named "spring E2E" exists already',
  );
  await expect(newRelease).toHaveValue('spring E2E');
});
