import type { Browser, Page } from '@playwright/test';
import { teamClient } from '../helpers/teamServer';
import { makePage } from '../unit/helpers/pages';
import {
  test,
  expect,
  addComponent,
  createPage,
  mod,
  saveContent,
  setBannerTitle,
  titleField,
  type TeamServerProcess,
  type Host,
} from './host';
import { expectTooltip } from './tooltip';

/**
 * Issue 22 §2: the editor shows what the user's roles allow, from the team server's GET /me, on one team
 * server with real grants (`user add EMAIL --role ROLE --fascia F --country C`). An admin makes a JD DE page;
 * a translator for JD DE finds its structure controls disabled, each saying why, and saves a new title; a
 * viewer finds it read-only. The server still decides: its refusal of the same structural save is the text
 * the editor showed.
 */

const SCREENSHOTS = 'reports/screenshots';
const STRUCTURE_REFUSED =
  'Your roles let you edit JD DE text, not add, remove or reorder components, or change the page options (structure).';
const EDIT_REFUSED = 'Your roles let you view JD DE pages, not change field values (edit).';

/** A user of the team server with these CLI options, on a browser host of their own, at the dashboard. */
async function signedIn(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: (url: string, token: string) => Promise<Host>,
  email: string,
  access: string[],
): Promise<{ page: Page; host: Host; token: string }> {
  const token = await teamServer.addUser(email, access);
  const host = await startTeamHost(teamServer.url, token);
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await page.goto(host.url);
  await expect(page.getByTitle('Signed in as')).toHaveText(email);
  return { page, host, token };
}

/** The admin makes the page in JD DE with a Main Banner, saved to the team server. */
async function adminMakesPage(
  browser: Browser,
  teamServer: TeamServerProcess,
  startTeamHost: (url: string, token: string) => Promise<Host>,
  tag: string,
  name: string,
): Promise<void> {
  const admin = await signedIn(browser, teamServer, startTeamHost, `admin.${tag}@example.com`, ['--role', 'admin']);
  await createPage(admin.page, admin.host, name, { country: 'de' });
  await addComponent(admin.page, 'Main Banner');
  await setBannerTitle(admin.page, 'Sommerschlussverkauf');
  await saveContent(admin.page, `Created ${name}`);
  await expect(admin.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await admin.page.context().close();
}

async function openPage(page: Page, pageKey: string): Promise<void> {
  await page.getByRole('button', { name: `Open ${pageKey} (` }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

/** The page at 1280 and at 1920 wide, for a person to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/permissions-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('a translator for JD DE edits text, and finds the structure controls disabled, each saying why', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  await adminMakesPage(browser, teamServer, startTeamHost, 'translate', 'roles-translate');
  const { page, token } = await signedIn(browser, teamServer, startTeamHost, 'tr.translate@example.com', [
    '--role',
    'translator',
    '--fascia',
    'site_jd',
    '--country',
    'de',
  ]);

  // New Page offers no place: a translator may not create pages anywhere.
  await page.getByRole('button', { name: 'New Page' }).click();
  const newPage = page.getByRole('dialog', { name: 'New Page' });
  await expect(newPage.getByRole('alert')).toHaveText(
    'Your roles do not let you create pages (structure) in any fascia or country. Ask your administrator.',
  );
  await expect(newPage.getByRole('button', { name: 'Create' })).toBeDisabled();
  await newPage.getByRole('button', { name: 'Cancel' }).click();

  await openPage(page, 'roles-translate');
  await expect(page.getByRole('status', { name: 'Read only' })).toHaveCount(0);
  const add = page.getByRole('button', { name: 'Add Component' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await expectTooltip(page, add, STRUCTURE_REFUSED);
  await add.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Add a Component' })).toHaveCount(0);

  const handle = page.getByRole('button', { name: 'Reorder Main Banner' });
  await expect(handle).toBeDisabled();
  await expect(handle).toHaveAttribute('title', STRUCTURE_REFUSED);
  await expect(handle).toHaveAccessibleDescription(STRUCTURE_REFUSED);

  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  const remove = page.getByRole('button', { name: 'Remove Component' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(STRUCTURE_REFUSED);
  await expect(page.getByRole('checkbox', { name: 'Hide Component' })).toBeDisabled();

  // The shortcuts (here Duplicate) reach the same refusal, in its words, and change nothing.
  await titleField(page).focus();
  await page.keyboard.press(`${mod}+d`);
  await expect(page.getByText(STRUCTURE_REFUSED, { exact: true }).first()).toBeVisible();
  await expect(page.locator('.component-row')).toHaveCount(1);

  // The options and the whole list as JSON are the page's structure: shown, not changed.
  await page.getByRole('button', { name: 'Options' }).click();
  const options = page.getByRole('region', { name: 'Page options' });
  await expect(options.getByRole('status').filter({ hasText: STRUCTURE_REFUSED })).toHaveText(STRUCTURE_REFUSED);
  await expect(options.getByLabel('Subcategory')).toBeDisabled();
  await expect(options.getByRole('textbox', { name: 'Components JSON' })).toHaveAttribute('aria-readonly', 'true');
  await screenshots(page, 'translator');
  await page.getByRole('button', { name: 'Options' }).click();

  // The script manager shows the code, read-only, and says why.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Script manager' }).click();
  const scripts = page.getByRole('dialog', { name: 'Script manager' });
  const scriptsRefused = 'Your roles let you edit JD DE text, not change custom styles or scripts (scripts).';
  await expect(scripts.getByRole('status').filter({ hasText: scriptsRefused })).toHaveText(scriptsRefused);
  await expect(scripts.getByRole('textbox', { name: 'Custom scripts' })).toHaveAttribute('aria-readonly', 'true');
  await expect(scripts.getByLabel('Script URL')).toBeDisabled();
  await expect(scripts.getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-disabled', 'true');
  await scripts.getByRole('button', { name: 'Cancel' }).click();

  // What the translator may do: change the text, and save it.
  await setBannerTitle(page, 'Winterschlussverkauf');
  const dialog = await saveContent(page, 'Winter title');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /roles-translate/ })).toContainText('tr.translate@example.com');

  // The server refuses the structural change the editor did not offer, in the same words.
  const key = { fascia: 'site_jd', country: 'de', page: 'roles-translate', source: 'content-editor', platform: 'web' };
  const client = teamClient(teamServer.url, token);
  const latest = await client.get(`/page?${new URLSearchParams(key)}`);
  expect(latest.status).toBe(200);
  expect(latest.body.content.author).toBe('tr.translate@example.com');
  const refused = await client.post('/saveContent', {
    content: { ...latest.body.content, content: [] },
    baseHash: latest.body.version.hash,
    saveId: 'permissions-e2e-0001',
  });
  expect(refused.status).toBe(403);
  expect(refused.body.error.message).toMatch(/^Your roles let you edit JD DE text, not add or remove components/);
});

test('a viewer opens the page read-only, with a banner naming the permission they lack', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  await adminMakesPage(browser, teamServer, startTeamHost, 'view', 'roles-view');
  const { page } = await signedIn(browser, teamServer, startTeamHost, 'viewer.view@example.com', ['--role', 'viewer']);

  await openPage(page, 'roles-view');
  await expect(page.getByRole('status', { name: 'Read only' })).toHaveText(`Read only. ${EDIT_REFUSED}`);
  const save = page.getByRole('button', { name: 'SAVE CONTENT' });
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expectTooltip(page, save, EDIT_REFUSED);
  await save.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Update Page' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Main Banner', exact: true }).click();
  await expect(titleField(page)).toBeDisabled();
  await expect(titleField(page)).toHaveValue('Sommerschlussverkauf');
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await screenshots(page, 'viewer');
});

test('an editor for JD GB and a translator for JD DE on one server: each sees and changes only their own', async ({
  browser,
  teamServer,
  startTeamHost,
}) => {
  // An admin made the JD DE page (through the API: the UI part of that is the tests' above).
  const adminToken = await teamServer.addUser('admin.pair@example.com', ['--role', 'admin']);
  const deKey = {
    fascia: 'site_jd',
    country: 'de',
    page: 'roles-pair-de',
    source: 'content-editor',
    platform: 'web',
  } as const;
  const made = await teamClient(teamServer.url, adminToken).post('/saveContent', {
    content: { ...makePage({ key: deKey, title: 'Sommerschlussverkauf' }), commitMessage: 'Created roles-pair-de' },
    baseHash: null,
  });
  expect(made.status).toBe(201);
  const editor = await signedIn(browser, teamServer, startTeamHost, 'editor.pair@example.com', [
    '--role',
    'editor',
    '--fascia',
    'site_jd',
    '--country',
    'gb',
  ]);
  const translator = await signedIn(browser, teamServer, startTeamHost, 'translator.pair@example.com', [
    '--role',
    'translator',
    '--fascia',
    'site_jd',
    '--country',
    'de',
  ]);

  // The editor makes a JD GB page, which the translator never sees; the DE page is not listed for the editor.
  await createPage(editor.page, editor.host, 'roles-pair-gb');
  await addComponent(editor.page, 'Main Banner');
  await saveContent(editor.page, 'Created roles-pair-gb');
  await expect(editor.page.getByRole('button', { name: 'New Page' })).toBeVisible();
  await expect(editor.page.getByRole('row', { name: /roles-pair-gb/ })).toBeVisible();
  await expect(editor.page.getByRole('row', { name: /roles-pair-de/ })).toHaveCount(0);
  await translator.page.reload();
  await expect(translator.page.getByRole('row', { name: /roles-pair-de/ })).toBeVisible();
  await expect(translator.page.getByRole('row', { name: /roles-pair-gb/ })).toHaveCount(0);

  // Neither is an admin: History has no audit trail for them.
  await openPage(translator.page, 'roles-pair-de');
  await translator.page.getByRole('button', { name: 'History', exact: true }).click();
  const history = translator.page.getByRole('dialog', { name: 'Version history' });
  await expect(history.getByText('Created roles-pair-de')).toBeVisible();
  await expect(history.getByRole('tab', { name: 'Audit' })).toHaveCount(0);

  // Straight through the API, the server refuses the same: the other's page does not exist for them.
  const keyOf = (country: string, page: string) =>
    new URLSearchParams({ fascia: 'site_jd', country, page, source: 'content-editor', platform: 'web' });
  const asEditor = teamClient(teamServer.url, editor.token);
  const asTranslator = teamClient(teamServer.url, translator.token);
  expect((await asEditor.get(`/page?${keyOf('de', 'roles-pair-de')}`)).status).toBe(404);
  expect((await asTranslator.get(`/page?${keyOf('gb', 'roles-pair-gb')}`)).status).toBe(404);
  const gbPage = await asEditor.get(`/page?${keyOf('gb', 'roles-pair-gb')}`);
  expect(gbPage.status).toBe(200);
  const intoDe = await asEditor.post('/saveContent', {
    content: { ...gbPage.body.content, country: 'de', page: 'roles-pair-new' },
    baseHash: null,
    saveId: 'permissions-e2e-pair-1',
  });
  expect(intoDe.status).toBe(403);
  expect(intoDe.body.error).toMatchObject({
    code: 'forbidden',
    action: 'view',
    message: 'Your roles let you do nothing with JD DE pages, not save pages there (view).',
    scope: { fascia: 'site_jd', country: 'de' },
  });
  const translatorCreates = await asTranslator.post('/saveContent', {
    content: { ...gbPage.body.content, country: 'de', page: 'roles-pair-new' },
    baseHash: null,
    saveId: 'permissions-e2e-pair-2',
  });
  expect(translatorCreates.status).toBe(403);
  expect(translatorCreates.body.error.message).toBe(
    'Your roles let you edit JD DE text, not create the page (structure).',
  );
});
