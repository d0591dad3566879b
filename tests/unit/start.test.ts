import { describe, expect, it } from 'vitest';

// A plain Node script without type declarations: imported by address, its exports are untyped here.
const { start, installFailureReason } = await import(new URL('../../scripts/start.mjs', import.meta.url).href);

/** What `npm start` did with a given machine: the lines it said and which shell it ran. */
async function startOn(machine: { installed: boolean; install?: { ok: true } | { ok: false; output: string } }) {
  const said: string[] = [];
  const ran: string[] = [];
  const code = await start({
    electronVersion: '45.4.1',
    electronInstalled: () => machine.installed,
    installElectron: async () => {
      ran.push('installer');
      return machine.install;
    },
    runElectron: async () => {
      ran.push('electron');
      return 0;
    },
    runBrowserHost: async () => {
      ran.push('browser host');
      return 7;
    },
    say: (line: string) => said.push(line),
  });
  return { said, ran, code };
}

const OFFLINE_OUTPUT = `TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at async FetchDownloader.download (file:///work/main/node_modules/@electron/get/dist/FetchDownloader.js:46:30)`;

describe('npm start', () => {
  it('starts Electron straight away when its binary is installed', async () => {
    expect(await startOn({ installed: true })).toEqual({ said: [], ran: ['electron'], code: 0 });
  });

  it('installs a missing binary with the installer, then starts Electron', async () => {
    const { said, ran } = await startOn({ installed: false, install: { ok: true } });
    expect(ran).toEqual(['installer', 'electron']);
    expect(said).toEqual(["Electron 45.4.1's binary is missing: installing it with Electron's installer…"]);
  });

  it('says in one line why, then starts the browser host, when the install fails', async () => {
    const { said, ran, code } = await startOn({ installed: false, install: { ok: false, output: OFFLINE_OUTPUT } });
    expect(ran).toEqual(['installer', 'browser host']);
    expect(code).toBe(7);
    expect(said.at(-1)).toBe(
      'Electron 45.4.1 could not be installed (its download failed: no network, or the download is blocked), so Storefront Studio starts in Chromium instead, on the same data folder.',
    );
    expect(said.at(-1)).not.toContain('\n');
  });
});

describe('why the Electron installer failed', () => {
  it('names an unsupported platform', () => {
    // As Node prints the installer's uncaught error: the throwing source line first, then the error.
    const output = `/work/main/node_modules/electron/install.js:116
      throw new Error('Electron builds are not available on platform: ' + platform);
      ^

Error: Electron builds are not available on platform: aix
    at getPlatformPath (/work/main/node_modules/electron/install.js:116:13)`;
    expect(installFailureReason(output)).toBe('Electron builds are not available on platform: aix');
  });

  it('gives a refused download with its status', () => {
    expect(
      installFailureReason('HTTPError: Response code 403 (Forbidden) for https://github.com/electron/…\n    at x'),
    ).toBe('the download was refused: Response code 403 (Forbidden) for https://github.com/electron/…');
  });

  it('recognises an offline machine', () => {
    expect(installFailureReason(OFFLINE_OUTPUT)).toBe('its download failed: no network, or the download is blocked');
    expect(installFailureReason('Error: getaddrinfo ENOTFOUND github.com')).toBe(
      'its download failed: no network, or the download is blocked',
    );
  });

  it('falls back to the first line of anything else, and to a sentence when there is nothing', () => {
    expect(installFailureReason('\nError: EACCES: permission denied, mkdir dist\n    at y')).toBe(
      'EACCES: permission denied, mkdir dist',
    );
    expect(installFailureReason('')).toBe('its installer failed without saying why');
  });
});
