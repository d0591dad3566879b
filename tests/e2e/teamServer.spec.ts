import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { addUserWithServerCli, buildServer, killServerProcesses, serve } from '../helpers/teamServer';
import { test, expect, createPage, addComponent, saveContent, setBannerTitle } from './host';

/**
 * Two editors on two desktops (browser hosts started with --server/--token-file), one team server on a real
 * PostgreSQL. The server is the one `npm run server` builds (out/server/main.js), started here.
 */

const EDITOR_A = 'Editor.One@Example.com';
const EDITOR_B = 'editor.two@example.com';

let postgres: TestPostgres;
let team: Awaited<ReturnType<typeof serve>>;
let tokens: Record<string, string>;

test.beforeAll(async () => {
  // A cluster, a build and two processes: more than a test's time on a busy machine.
  test.setTimeout(180_000);
  await buildServer();
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('team_e2e');
  team = await serve(['--port', '0', '--database-url', databaseUrl]);
  tokens = {
    [EDITOR_A]: (await addUserWithServerCli(databaseUrl, EDITOR_A)).token,
    [EDITOR_B]: (await addUserWithServerCli(databaseUrl, EDITOR_B)).token,
  };
});

test.afterAll(async () => {
  team?.child.kill('SIGTERM');
  await team?.exited;
  killServerProcesses();
  postgres?.destroy();
});

test("two editors on one team server: the second sees the first's page, saves the same field over a stale base and settles the merge", async ({
  browser,
  startTeamHost,
}) => {
  const hostA = await startTeamHost(team.url, tokens[EDITOR_A]!);
  const hostB = await startTeamHost(team.url, tokens[EDITOR_B]!);
  const editorA = await (await browser.newContext()).newPage();
  const editorB = await (await browser.newContext()).newPage();

  // Each header shows the user the server knows the token as.
  await editorA.goto(hostA.url);
  await expect(editorA.getByTitle('Signed in as')).toHaveText(EDITOR_A.toLowerCase());
  await editorB.goto(hostB.url);
  await expect(editorB.getByTitle('Signed in as')).toHaveText(EDITOR_B);

  // A creates and saves a page on the team server.
  await createPage(editorA, hostA, 'team page');
  await addComponent(editorA, 'Main Banner');
  await setBannerTitle(editorA, 'First title');
  await saveContent(editorA, 'First version');
  await expect(editorA.getByRole('button', { name: 'New Page' })).toBeVisible();

  // B lists it (with A as its author) and opens it.
  await editorB.reload();
  const row = editorB.getByRole('row', { name: /team-page/ });
  await expect(row).toContainText(EDITOR_A.toLowerCase());
  await row.getByRole('button', { name: /^Open \S+ \(/ }).click();
  await expect(editorB.getByRole('button', { name: 'Add Component' })).toBeVisible();

  // A saves again, so B's base is stale; B's title clashes with A's, and the merge dialog names A's version.
  await editorA.getByRole('button', { name: 'Open team-page (' }).click();
  await setBannerTitle(editorA, 'Second title');
  await saveContent(editorA, 'Second version');
  await expect(editorA.getByRole('button', { name: 'New Page' })).toBeVisible();

  await setBannerTitle(editorB, 'B title');
  await saveContent(editorB, 'B version');
  const dialog = editorB.getByRole('dialog', { name: 'Merge changes' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${EDITOR_A.toLowerCase()} saved version 2 while you were editing, `);
  await expect(dialog).toContainText('Second version');

  // On the server, each version's author is its token's user.
  const key = new URLSearchParams({
    fascia: 'site_jd',
    country: 'gb',
    page: 'team-page',
    source: 'content-editor',
    platform: 'web',
  });
  const answer = await fetch(`${team.url}/versions?${key}`, {
    headers: { authorization: `Bearer ${tokens[EDITOR_B]}` },
  });
  const { versions } = (await answer.json()) as {
    versions: { version: number; author: string; commitMessage: string }[];
  };
  expect(versions.map((version) => [version.version, version.author, version.commitMessage])).toEqual([
    [2, EDITOR_A.toLowerCase(), 'Second version'],
    [1, EDITOR_A.toLowerCase(), 'First version'],
  ]);

  // B keeps their own title deliberately: the version is B's.
  await dialog.getByRole('group', { name: 'Title in Main Banner' }).getByRole('radio', { name: 'Mine' }).check();
  await dialog.getByRole('button', { name: 'Save merged' }).click();
  await expect(editorB.getByRole('button', { name: 'New Page' })).toBeVisible();
  const after = await fetch(`${team.url}/page?${key}`, { headers: { authorization: `Bearer ${tokens[EDITOR_A]}` } });
  expect(((await after.json()) as { version: { version: number; author: string } }).version).toMatchObject({
    version: 3,
    author: EDITOR_B,
  });
});
