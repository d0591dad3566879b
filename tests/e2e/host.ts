import { test as base, expect, type Page, type FrameLocator } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Host {
  url: string;
  dataDir: string;
  /** Stops the host process and starts it again on the same data folder, as reopening the app would. */
  restart(): Promise<void>;
}

export const E2E_USER = 'Editor.One@Example.com';

/** Starts the built browser host on a random port with its own data folder. */
async function startHostProcess(dataDir: string, user?: string, extraArgs: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const args = ['out/main/browser-host.js', '--port', '0', '--data-dir', dataDir, '--no-open', ...extraArgs];
  if (user) args.push('--user', user);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
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
    child.once('exit', (code) => reject(new Error(`The host exited with ${code}: ${output}`)));
  });
  return { url, child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const test = base.extend<{ host: Host; signedOutHost: Host }>({
  // Playwright requires the destructuring pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    await use(...(await hostFixture(E2E_USER)));
  },
  // eslint-disable-next-line no-empty-pattern
  signedOutHost: async ({}, use) => {
    await use(...(await hostFixture()));
  },
});

/**
 * A host saving to a team server with an API token (--server URL --token-file FILE), as an editor's desktop
 * signed in to the team's server; stopped after the test like the fixtures.
 */
export async function startTeamHost(serverUrl: string, token: string): Promise<Host> {
  const tokenDir = mkdtempSync(join(tmpdir(), 'studio-e2e-token-'));
  const tokenFile = join(tokenDir, 'token');
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  const [host] = await hostFixture(undefined, ['--server', serverUrl, '--token-file', tokenFile]);
  const cleanup = cleanups.get(host)!;
  cleanups.set(host, async () => {
    await cleanup();
    rmSync(tokenDir, { recursive: true, force: true });
  });
  return host;
}

async function hostFixture(user?: string, extraArgs: string[] = []): Promise<[Host]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  let running = await startHostProcess(dataDir, user, extraArgs);
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
  cleanups.set(host, async () => {
    await stop(running.child);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return [host];
}

const cleanups = new Map<Host, () => Promise<void>>();
base.afterEach(async () => {
  for (const [host, cleanup] of cleanups) {
    cleanups.delete(host);
    await cleanup();
  }
});

export { expect };

export const preview = (page: Page): FrameLocator => page.frameLocator('iframe[title="Live preview"]');

/** Creates a page from the dashboard's New Page dialog and waits for the editor. */
export async function createPage(page: Page, host: Host, name: string, options: { country?: string } = {}): Promise<void> {
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
