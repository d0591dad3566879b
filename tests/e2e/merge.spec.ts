import type { Browser, Locator, Page } from '@playwright/test';
import { findTemplate } from '../../core/catalogue';
import { componentFromTemplate } from '../../core/rules/components';
import { buildPageContent, versionHash } from '../../core/rules/page';
import { emptyPageMeta, type Component, type PageContent } from '../../core/schemas';
import { QUEUED_SAVE_MESSAGE } from '../../core/team';
import { teamClient } from '../helpers/teamServer';
import { test, expect, connection, retryNow, saveContent, type Host, type TeamServerProcess } from './host';

/**
 * Issue 23: two editors, one page, one team server. A save that meets a newer version is merged with it:
 * different fields land together without a word from anyone, and only a field changed both ways (or a
 * component removed on one side and edited on the other) reaches the person, in the merge dialog, alone.
 * Pages are made through the server's API (the UI path of making one is every other spec's); where only one
 * side's UI matters, the colleague saves through the API too, as another Studio would.
 */

const SCREENSHOTS = 'reports/screenshots';

interface Editor {
  email: string;
  token: string;
  page: Page;
}

type StartTeamHost = (url: string, token: string) => Promise<Host>;

const keyOf = (page: string) =>
  ({ fascia: 'site_jd', country: 'gb', page, source: 'content-editor', platform: 'web' }) as const;
const query = (page: string) => new URLSearchParams(keyOf(page));

/** A user of the team server (an admin), on a browser host of their own, at the dashboard. */
async function editor(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: StartTeamHost,
  email: string,
): Promise<Editor> {
  const token = await teamServer.addUser(email);
  const host = await startTeamHost(teamServer.url, token);
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(host.url);
  await expect(page.getByTitle('Signed in as')).toHaveText(email);
  return { email, token, page };
}

/** Two Main Banners, "Main Banner" and "Main Banner 2", with these titles. */
function banners(...titles: string[]): Component[] {
  const template = findTemplate('MainBanner')!;
  const made: Component[] = [];
  for (const title of titles) {
    const component = componentFromTemplate(
      template,
      made.map((other) => other.name),
    );
    made.push({ ...component, content: { ...component.content, title } });
  }
  return made;
}

/** Saves the page's first version through the API, as its author. */
async function seedPage(teamServer: TeamServerProcess, token: string, name: string, components: Component[]) {
  const content = buildPageContent({
    key: keyOf(name),
    meta: emptyPageMeta(),
    components,
    author: 'seed@example.com',
    commitMessage: `Created ${name}`,
    apiUrl: 'http://127.0.0.1/',
    now: new Date(),
  });
  const made = await teamClient(teamServer.url, token).post('/saveContent', { content, baseHash: null });
  expect(made.status).toBe(201);
}

/** The page's newest content on the server. */
async function latest(teamServer: TeamServerProcess, token: string, name: string): Promise<PageContent> {
  const answer = await teamClient(teamServer.url, token).get(`/page?${query(name)}`);
  expect(answer.status).toBe(200);
  return answer.body.content as PageContent;
}

/** A colleague's save through the API over the newest version, with its components changed by `change`. */
async function colleagueSaves(
  teamServer: TeamServerProcess,
  token: string,
  name: string,
  message: string,
  change: (components: Component[]) => Component[],
): Promise<void> {
  const answer = await teamClient(teamServer.url, token).get(`/page?${query(name)}`);
  const { content, version } = answer.body as { content: PageContent; version: { hash: string } };
  const next = { ...content, content: change(content.content), commitMessage: message };
  const saved = await teamClient(teamServer.url, token).post('/saveContent', {
    content: { ...next, hash: versionHash(next) },
    baseHash: version.hash,
  });
  expect(saved.status).toBe(201);
}

/** The page's versions on the server, newest first: [version, author, message]. */
async function serverVersions(teamServer: TeamServerProcess, token: string, name: string) {
  const answer = await teamClient(teamServer.url, token).get(`/versions?${query(name)}`);
  expect(answer.status).toBe(200);
  return (answer.body.versions as { version: number; author: string; commitMessage: string }[])
    .map((v): [number, string, string] => [v.version, v.author, v.commitMessage])
    .sort((a, b) => b[0] - a[0]);
}

const row = (page: Page, name: string): Locator => page.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

async function openPage(page: Page, name: string): Promise<void> {
  await row(page, name)
    .getByRole('button', { name: `Open ${name} (` })
    .click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

/** Opens a banner's fields (one component's are open at a time) and types into one of them. */
async function setField(page: Page, banner: string, field: string, value: string): Promise<void> {
  const row = page.getByRole('button', { name: banner, exact: true });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  const input = page.getByRole('textbox', { name: field, exact: true });
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

const mergeDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Merge changes' });

/** The page at 1280 and at 1920 wide, for a person to look at (not committed). */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/merge-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('A and B change different fields of one page at once: both save, neither sees a dialog, both changes land', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const ann = await editor(browser, teamServer, startTeamHost, 'ann.fields@example.com');
  const bob = await editor(browser, teamServer, startTeamHost, 'bob.fields@example.com');
  await seedPage(teamServer, ann.token, 'merge-fields', banners('Summer sale'));
  await ann.page.reload();
  await bob.page.reload();
  await openPage(ann.page, 'merge-fields');
  await openPage(bob.page, 'merge-fields');

  await setField(ann.page, 'Main Banner', 'Title', 'Ann title');
  await setField(bob.page, 'Main Banner', 'Subtitle', 'Bob subtitle');
  await saveContent(ann.page, "Ann's title");
  await expect(ann.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await saveContent(bob.page, "Bob's subtitle");

  // Bob's save met Ann's version and merged by itself: one line says so, and no dialog asks anything.
  const notice = bob.page.getByRole('listitem').filter({
    hasText: `Merged with ${ann.email}'s save (version 2): your 1 change and their 1 are both kept.`,
  });
  await expect(notice).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await expect(mergeDialog(bob.page)).toHaveCount(0);
  await screenshots(bob.page, 'notice');

  // Review: their version against the merged one, that is Bob's change as it landed.
  await notice.getByRole('button', { name: 'Review' }).click();
  const review = bob.page.getByRole('dialog', { name: 'Merged save' });
  await expect(review.getByRole('region', { name: 'Differences' })).toContainText(
    'From their version 2 to the merged version 3: 1 changed',
  );
  await expect(review.getByRole('list', { name: 'Changed fields of Main Banner' })).toHaveText(
    /content\.subtitle ".*" → "Bob subtitle"/,
  );
  await review.getByRole('button', { name: 'Close' }).click();

  const [banner] = (await latest(teamServer, ann.token, 'merge-fields')).content;
  expect(banner!.content).toMatchObject({ title: 'Ann title', subtitle: 'Bob subtitle' });
  // Two saves, two versions: nothing was written over.
  expect(await serverVersions(teamServer, ann.token, 'merge-fields')).toEqual([
    [3, bob.email, "Bob's subtitle"],
    [2, ann.email, "Ann's title"],
    [1, ann.email, 'Created merge-fields'],
  ]);
  await openPage(bob.page, 'merge-fields');
  await bob.page.getByRole('button', { name: 'History', exact: true }).click();
  const versions = bob.page.getByRole('list', { name: 'Saved versions' }).getByRole('button');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText("Bob's subtitle");
  await expect(versions.nth(1)).toContainText("Ann's title");
});

test('the same field changed by both: the second saver gets the merge dialog with that field alone, and their pick is saved', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const bob = await editor(browser, teamServer, startTeamHost, 'bob.same@example.com');
  await seedPage(teamServer, bob.token, 'merge-same', banners('Summer sale', 'Second banner'));
  await bob.page.reload();
  await openPage(bob.page, 'merge-same');
  await setField(bob.page, 'Main Banner', 'Title', 'Bob title');
  await setField(bob.page, 'Main Banner 2', 'Subtitle', 'Bob subtitle');

  const ann = await teamServer.addUser('ann.same@example.com');
  await colleagueSaves(teamServer, ann, 'merge-same', "Ann's title", ([first, second]) => [
    { ...first!, content: { ...first!.content, title: 'Ann title' } },
    second!,
  ]);
  await saveContent(bob.page, "Bob's title");

  // Only the title clashes; Bob's subtitle of the other banner merges by itself.
  const dialog = mergeDialog(bob.page);
  await expect(dialog).toContainText('ann.same@example.com saved version 2 while you were editing');
  await expect(dialog.getByRole('group')).toHaveCount(1);
  const field = dialog.getByRole('group', { name: 'Title in Main Banner' });
  await expect(field).toContainText('Base"Summer sale"');
  await expect(field.getByRole('radio', { name: 'Mine' })).toHaveAccessibleDescription('"Bob title"');
  await expect(field.getByRole('radio', { name: 'Theirs' })).toHaveAccessibleDescription('"Ann title"');
  await screenshots(bob.page, 'dialog');

  await field.getByRole('radio', { name: 'Theirs' }).check();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(bob.page.getByText("Updated content for 'site_jd gb merge-same'.")).toBeVisible();

  const [first, second] = (await latest(teamServer, bob.token, 'merge-same')).content;
  expect(first!.content.title).toBe('Ann title');
  expect(second!.content.subtitle).toBe('Bob subtitle');
  expect((await serverVersions(teamServer, bob.token, 'merge-same'))[0]).toEqual([3, bob.email, "Bob's title"]);
});

test("a save kept offline meets a colleague's save of another component: back online, the outbox merges it and it lands without a dialog", async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const ann = await editor(browser, teamServer, startTeamHost, 'ann.outbox@example.com');
  const bob = await editor(browser, teamServer, startTeamHost, 'bob.outbox@example.com');
  await seedPage(teamServer, ann.token, 'merge-outbox', banners('Summer sale', 'Second banner'));
  await ann.page.reload();
  await bob.page.reload();
  await openPage(ann.page, 'merge-outbox');
  await openPage(bob.page, 'merge-outbox');

  await setField(bob.page, 'Main Banner 2', 'Title', 'Bob second title');
  await saveContent(bob.page, "Bob's second banner");
  await expect(bob.page.getByRole('button', { name: 'New Page' })).toBeVisible();

  try {
    await teamServer.stop();
    await expect(connection(ann.page)).toContainText('Offline');
    await setField(ann.page, 'Main Banner', 'Title', 'Ann offline title');
    await saveContent(ann.page, "Ann's offline title");
    await expect(ann.page.getByText(QUEUED_SAVE_MESSAGE)).toBeVisible();
    await expect(row(ann.page, 'merge-outbox')).toContainText('Save pending');
  } finally {
    await teamServer.start();
  }
  await retryNow(ann.page);

  // Back online, the outbox merges Ann's save with Bob's, says so in one line naming the page, and asks nothing.
  await expect(
    ann.page.getByRole('listitem').filter({
      hasText: `merge-outbox: Merged with ${bob.email}'s save (version 2): your 1 change and their 1 are both kept.`,
    }),
  ).toBeVisible();
  await expect(row(ann.page, 'merge-outbox')).not.toContainText('Save pending');
  await expect(ann.page.getByRole('dialog')).toHaveCount(0);
  const [first, second] = (await latest(teamServer, ann.token, 'merge-outbox')).content;
  expect(first!.content.title).toBe('Ann offline title');
  expect(second!.content.title).toBe('Bob second title');
  expect(await serverVersions(teamServer, ann.token, 'merge-outbox')).toEqual([
    [3, ann.email, "Ann's offline title"],
    [2, bob.email, "Bob's second banner"],
    [1, ann.email, 'Created merge-outbox'],
  ]);
});

test('a component removed by one and edited by the other: the editor gets the conflict for that component alone', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  const bob = await editor(browser, teamServer, startTeamHost, 'bob.removed@example.com');
  await seedPage(teamServer, bob.token, 'merge-removed', banners('Summer sale', 'Second banner'));
  await bob.page.reload();
  await openPage(bob.page, 'merge-removed');
  await setField(bob.page, 'Main Banner', 'Title', 'Bob first title');
  await setField(bob.page, 'Main Banner 2', 'Title', 'Bob second title');

  const ann = await teamServer.addUser('ann.removed@example.com');
  await colleagueSaves(teamServer, ann, 'merge-removed', 'Ann removed the second banner', ([first]) => [first!]);
  await saveContent(bob.page, "Bob's titles");

  const dialog = mergeDialog(bob.page);
  await expect(dialog.getByRole('group')).toHaveCount(1);
  const component = dialog.getByRole('group', { name: 'Main Banner 2' });
  await expect(component).toContainText('They removed this component; you changed it.');
  await expect(component.getByRole('radio', { name: 'Remove (as they did)' })).toHaveAccessibleDescription('Removed');
  await component.getByRole('radio', { name: 'Keep, with your changes' }).check();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(bob.page.getByRole('button', { name: 'New Page' })).toBeVisible();

  const saved = (await latest(teamServer, bob.token, 'merge-removed')).content;
  expect(saved.map((component) => [component.name, component.content.title])).toEqual([
    ['Main Banner', 'Bob first title'],
    ['Main Banner 2', 'Bob second title'],
  ]);
});
