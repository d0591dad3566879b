import { test as base, expect, type Page, type FrameLocator, type Locator } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceChannel } from '../../core/channels';
import { countryName, type CountryCode } from '../../core/countries';
import type { Input, Output } from '../../core/contract';
import { unwrapResult, type Result } from '../../core/result';
import type { Component } from '../../core/schemas';
import { startTestPostgres } from '../helpers/postgres';
import { addUserWithServerCli, buildServer, finish, serve, spawnServer } from '../helpers/teamServer';

export interface Host {
  url: string;
  dataDir: string;
  /** Stops the host process and starts it again on the same data folder, as reopening the app would. */
  restart(): Promise<void>;
}

export const E2E_USER = 'Editor.One@Example.com';

/** Starts the built browser host on a random port with its own data folder. */
async function startHostProcess(
  dataDir: string,
  user?: string,
  extraArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const args = ['out/main/browser-host.js', '--port', '0', '--data-dir', dataDir, '--no-open', ...extraArgs];
  if (user) args.push('--user', user);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The host did not start: ${output}`)), 20_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Storefront Studio running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The host exited with ${code}: ${output}`));
      });
    });
    return { url, child };
  } catch (error) {
    // A host that was slow to start is still running: stop it, or it outlives the test run.
    await stop(child);
    throw error;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A started host and how to stop it and remove what it wrote. */
interface RunningHost {
  host: Host;
  stop(): Promise<void>;
}

async function launchHost(user?: string, extraArgs: string[] = []): Promise<RunningHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  let running: { url: string; child: ChildProcess };
  try {
    running = await startHostProcess(dataDir, user, extraArgs);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const host: Host = {
    get url() {
      return running.url;
    },
    dataDir,
    restart: async () => {
      await stop(running.child);
      running = await startHostProcess(dataDir, undefined, extraArgs);
    },
  };
  return {
    host,
    stop: async () => {
      await stop(running.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A host saving to a team server with an API token (--server URL --token-file FILE), as an editor's desktop
 * signed in to the team's server.
 */
async function launchTeamHost(serverUrl: string, token: string): Promise<RunningHost> {
  const tokenDir = mkdtempSync(join(tmpdir(), 'studio-e2e-token-'));
  const tokenFile = join(tokenDir, 'token');
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  try {
    const running = await launchHost(undefined, ['--server', serverUrl, '--token-file', tokenFile]);
    return {
      host: running.host,
      stop: async () => {
        await running.stop();
        rmSync(tokenDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(tokenDir, { recursive: true, force: true });
    throw error;
  }
}

/** A team server (the built out/server/main.js) on its own PostgreSQL, which a test can stop and start again. */
export interface TeamServerProcess {
  /** The same address across restarts: the server comes back on its port. */
  url: string;
  /**
   * Adds a user with the server's CLI (`user add EMAIL --role admin`, or with these options, e.g. `--role
   * translator --fascia site_jd --country de`) and returns the API token it prints.
   */
  addUser(email: string, access?: string[]): Promise<string>;
  /** `delivery-key add NAME`: the key it prints once, for the delivery route (GET /content/...). */
  addDeliveryKey(name: string): Promise<string>;
  /** SIGTERM, as a service manager stops it; resolves once the process has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port and database; resolves once it listens. */
  start(): Promise<void>;
}

async function addDeliveryKeyWithServerCli(databaseUrl: string, name: string): Promise<string> {
  const added = await finish(spawnServer(['delivery-key', 'add', name, '--database-url', databaseUrl]));
  const key = /^(sdk_\S+)$/m.exec(added.stdout)?.[1];
  if (added.code !== 0 || !key)
    throw new Error(`delivery-key add failed (${added.code}): ${added.stdout}${added.stderr}`);
  return key;
}

async function launchTeamServer(): Promise<{ server: TeamServerProcess; destroy(): Promise<void> }> {
  await buildServer();
  const postgres = await startTestPostgres();
  let running: Awaited<ReturnType<typeof serve>> | null = null;
  const stopServer = async (): Promise<void> => {
    if (!running) return;
    const { child, exited } = running;
    running = null;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const databaseUrl = postgres.createDatabase('team_mode_e2e');
    running = await serve(['--port', '0', '--database-url', databaseUrl]);
    const url = running.url;
    const port = new URL(url).port;
    return {
      server: {
        url,
        addUser: async (email, access) => (await addUserWithServerCli(databaseUrl, email, access)).token,
        addDeliveryKey: (name) => addDeliveryKeyWithServerCli(databaseUrl, name),
        stop: stopServer,
        start: async () => {
          if (running) return;
          running = await serve(['--port', port, '--database-url', databaseUrl]);
        },
      },
      destroy: async () => {
        await stopServer();
        postgres.destroy();
      },
    };
  } catch (error) {
    await stopServer();
    postgres.destroy();
    throw error;
  }
}

/**
 * Every host is stopped by the fixture that started it, after the test. (A module-level afterEach would not
 * do: Playwright loads this module once per worker, so the hook applied only to the first spec file a worker
 * ran, and hosts of later files were left running.)
 */
export const test = base.extend<
  {
    host: Host;
    signedOutHost: Host;
    /** Starts a host on a team server with a token (see launchTeamHost); every one is stopped after the test. */
    startTeamHost: (serverUrl: string, token: string) => Promise<Host>;
  },
  {
    /**
     * One team server and its PostgreSQL per worker, shared by the tests of a file that asks for it (tests use
     * pages and users of their own). A test that stops it starts it again before it ends.
     */
    teamServer: TeamServerProcess;
  }
>({
  // Playwright requires the destructuring pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const running = await launchHost(E2E_USER);
    await use(running.host);
    await running.stop();
  },
  // eslint-disable-next-line no-empty-pattern
  signedOutHost: async ({}, use) => {
    const running = await launchHost();
    await use(running.host);
    await running.stop();
  },
  teamServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const launched = await launchTeamServer();
      await use(launched.server);
      await launched.destroy();
    },
    // A build, a cluster and a server: more than a test's time on a busy machine, once per worker.
    { scope: 'worker', timeout: 180_000 },
  ],
  // eslint-disable-next-line no-empty-pattern
  startTeamHost: async ({}, use) => {
    const started: RunningHost[] = [];
    await use(async (serverUrl, token) => {
      const running = await launchTeamHost(serverUrl, token);
      started.push(running);
      return running.host;
    });
    await Promise.all(started.map((running) => running.stop()));
  },
});

/** Calls a channel of the host's API as the editor page does: POST /api/<channel> from the editor's origin. */
export async function callApi<C extends ServiceChannel>(host: Host, channel: C, input: Input<C>): Promise<Output<C>> {
  const response = await fetch(`${host.url}/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.url },
    body: JSON.stringify(input),
  });
  return unwrapResult((await response.json()) as Result<Output<C>>);
}

/**
 * Gives a page (site_jd, gb) these components as its draft through the API, as a page restored from a draft
 * would come: a fast way to a big page, where adding each through the dialog would take minutes.
 */
export async function seedDraft(host: Host, pageName: string, components: Component[]): Promise<void> {
  const key = { fascia: 'site_jd', country: 'gb', page: pageName, source: 'content-editor', platform: 'web' } as const;
  const { draft } = await callApi(host, 'openPage', { key });
  await callApi(host, 'saveDraft', { draft: { ...draft, components } });
}

/** Opens a page from the dashboard (its "Open page (fascia country)" button) and waits for the editor. */
export async function openFromDashboard(page: Page, host: Host, pageName: string): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: `Open ${pageName} (` }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

export { expect };

export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Live preview"]');

/** Creates a page from the dashboard's New Page dialog and waits for the editor. */
export async function createPage(
  page: Page,
  host: Host,
  name: string,
  options: { country?: string } = {},
): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  if (options.country) await dialog.getByLabel('Country').selectOption(options.country);
  await dialog.getByLabel('Page', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('button', { name: 'Add Component' })).toBeVisible();
}

export async function addComponent(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Component' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Component' });
  await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** dnd-kit's live region, which says where a row dragged by the keyboard stands (not the app's own announcers). */
export const dragAnnouncer = (page: Page): Locator => page.locator('[id^="DndLiveRegion-"]');

/**
 * Picks a row up by its drag handle with Space, as a keyboard user does. dnd-kit's keyboard sensor starts
 * listening for the arrows in a timer it queues on pick-up, so an arrow pressed at once is lost on a busy
 * machine: this waits until a timer queued after that one has run.
 */
export async function pickUpRow(page: Page, rowName: string): Promise<void> {
  await page.getByRole('button', { name: `Reorder ${rowName}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.component-row.dragging')).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

export const titleField = (page: Page): Locator => page.getByRole('textbox', { name: 'Title', exact: true });

/** Types a Main Banner's title (opening the banner first if needed) and waits for the preview to show it. */
export async function setBannerTitle(page: Page, title: string): Promise<void> {
  // Whether the row is open, not whether its Title is shown yet: an open row's form may still be loading.
  const row = page.getByRole('button', { name: 'Main Banner', exact: true });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await titleField(page).fill(title);
  await expect(preview(page).locator('[data-component="MainBanner"] h2')).toHaveText(title);
}

/** SAVE CONTENT with a change message, Continue; answers the Update Page dialog (it closes once saved). */
export async function saveContent(page: Page, message: string): Promise<Locator> {
  await page.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Page' });
  await dialog.getByLabel('Change message').fill(message);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  return dialog;
}

/**
 * Switches the multi-country editor to another country and waits until it shows that country: the switch is
 * asynchronous, so a click straight after selectOption can land on the previous country's rows.
 */
export async function switchCountry(page: Page, code: CountryCode): Promise<void> {
  const select = page.getByRole('banner').getByLabel('Country');
  await select.selectOption(code);
  await expect(page.getByRole('img', { name: `${countryName(code)} flag` }).first()).toBeVisible();
  await expect(select).toHaveValue(code);
}

/** New Page with two other countries: the primary is the United Kingdom, then Germany and France. */
export async function createThreeCountryPage(page: Page, host: Host, name: string): Promise<void> {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await dialog.getByLabel('Page', { exact: true }).fill(name);
  const others = dialog.getByRole('group', { name: 'Other countries' });
  await others.getByLabel('Germany').check();
  await others.getByLabel('France').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/#\/services\/content-editor\/countries\//);
  await expect(page.getByText('Primary', { exact: true })).toBeVisible();
}

/** Steps through the review to its last page and opens the review save with a message. */
export async function reviewAndOpenSave(page: Page, message: string): Promise<Locator> {
  await page.getByRole('button', { name: 'REVIEW PAGES' }).click();
  const review = page.getByRole('region', { name: 'Review', exact: true });
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'Confirm/Next' }).click();
  await review.getByRole('button', { name: 'SAVE CONTENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Revewed Pages to UAT' });
  await dialog.getByLabel('Change message').fill(message);
  return dialog;
}

/** The titles of the component rows, in order. */
export async function rowTitles(page: Page): Promise<string[]> {
  return page.locator('.component-row .row-title').allInnerTexts();
}

/** The platform's command key, for shortcuts such as mod+Z. */
export const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

/** The whole text of a CodeMirror editor: select all and copy (it renders only the lines in view). */
export async function editorText(page: Page, label: string): Promise<string> {
  const editor = page.getByLabel(label, { exact: true });
  await editor.focus();
  await page.keyboard.press(`${mod}+a`);
  return editor.evaluate(() => {
    let copied = '';
    const listener = (event: ClipboardEvent) => {
      copied = event.clipboardData?.getData('text/plain') ?? '';
    };
    document.addEventListener('copy', listener);
    const data = new DataTransfer();
    document.activeElement?.dispatchEvent(new ClipboardEvent('copy', { clipboardData: data, bubbles: true }));
    document.removeEventListener('copy', listener);
    return copied || data.getData('text/plain');
  });
}

/** The header's word on the team server: Online, or Offline with its time. */
export const connection = (page: Page): Locator => page.locator('.team-connection');

/**
 * The server is back: the editor presses Retry now instead of waiting for main's next planned attempt (the
 * first test waits for that one). main may have reconnected by itself meanwhile, and the button gone with Offline.
 */
export async function retryNow(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: 'Retry now' })
    .click({ timeout: 3_000 })
    .catch(async (error: unknown) => {
      if ((await connection(page).textContent()) !== 'Online') throw error;
    });
  await expect(connection(page)).toHaveText('Online');
}
