import { startTestOidcProvider, type TestOidcProvider } from '../helpers/oidcProvider';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { buildServer, finish, serve, spawnServer, teamClient } from '../helpers/teamServer';
import { test, expect, addComponent, createPage, saveContent, setBannerTitle } from './host';

/**
 * Company sign-in end to end (issue 22 §3): a team server that accepts the access tokens of a real OpenID
 * provider (oidc-provider on 127.0.0.1), and a browser host that signs in through the provider's own login
 * page, in its own window, with nothing but the server's address. The version it saves is the provider's user's.
 */

let provider: TestOidcProvider;
let postgres: TestPostgres;
let server: Awaited<ReturnType<typeof serve>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startTestOidcProvider();
  await buildServer();
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('company_sign_in_e2e');
  // The provider puts editor.gb@example.com in jd-gb-editors: the team's grant to that group is all they get.
  const granted = await finish(
    spawnServer([
      'role',
      'grant',
      'editor',
      '--to',
      'group:jd-gb-editors',
      '--fascia',
      'site_jd',
      '--country',
      'GB',
      '--database-url',
      databaseUrl,
    ]),
  );
  if (granted.code !== 0) throw new Error(`role grant failed: ${granted.stderr}`);
  server = await serve([
    '--port',
    '0',
    '--database-url',
    databaseUrl,
    '--oidc-issuer',
    provider.issuer,
    '--oidc-audience',
    provider.audience,
    '--oidc-client-id',
    provider.clientId,
  ]);
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await provider?.close();
  postgres?.destroy();
});

test("signs in through the provider's login page with only the server's address, and saves as the provider's user", async ({
  page,
  host,
}) => {
  await page.goto(`${host.url}/editor/index.html#/settings`);
  const section = page.getByRole('group', { name: 'Team server' });
  await section.getByLabel('A team server').check();
  await section.getByLabel('Team server address').fill(server.url);

  // The browser host opens the provider in its own window; the loopback redirect lands on the host.
  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    section.getByRole('button', { name: 'Sign in with your company account' }).click(),
  ]);
  await login.getByPlaceholder('Enter any login').fill('editor.gb@example.com');
  await login.getByPlaceholder('and password').fill('any password');
  await login.getByRole('button', { name: 'Sign-in' }).click();
  await login.getByRole('button', { name: 'Continue' }).click();
  await expect(login.getByText('Signed in to Storefront Studio. You can close this window.')).toBeVisible();

  await expect(section.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(section).toContainText(`Signed in to ${server.url} as editor.gb@example.com.`);
  await expect(page.getByTitle('Signed in as')).toHaveText('editor.gb@example.com');
  await expect(page.locator('.team-connection')).toHaveText('Online');

  // Their group's grant applies: New Page offers JD GB only.
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New Page' }).click();
  const newPage = page.getByRole('dialog', { name: 'New Page' });
  await expect(newPage.getByRole('combobox', { name: 'Fascia' }).locator('option')).toHaveText(['JD']);
  await expect(newPage.getByRole('combobox', { name: 'Country' }).locator('option')).toHaveText(['United Kingdom']);
  await page.keyboard.press('Escape');
  await expect(newPage).toBeHidden();
  await createPage(page, host, 'company page');
  await addComponent(page, 'Main Banner');
  await setBannerTitle(page, 'Signed in with the company account');
  await saveContent(page, 'First save through company sign-in');
  await expect(page.getByRole('button', { name: 'New Page' })).toBeVisible();

  const key = new URLSearchParams({
    fascia: 'site_jd',
    country: 'gb',
    page: 'company-page',
    source: 'content-editor',
    platform: 'web',
  });
  const versions = await teamClient(server.url, await provider.accessToken('editor.gb@example.com')).get(
    `/versions?${key}`,
  );
  expect(versions.status).toBe(200);
  expect(versions.body.versions).toEqual([
    expect.objectContaining({ author: 'editor.gb@example.com', commitMessage: 'First save through company sign-in' }),
  ]);
});
