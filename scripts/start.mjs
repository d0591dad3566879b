// `npm start`: the Electron app, its binary first installed by Electron's own installer when missing. When the
// binary cannot be had (offline, blocked, an unsupported platform) it says why in one line and starts the
// browser host in Chromium's app mode instead, on the same data folder (main/host/cli.ts defaults to the
// folder Electron's userData is).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the app with what `deps` provides, so the decision is testable without Electron or a network:
 * - electronInstalled(): whether the binary is in place;
 * - installElectron(): runs Electron's installer, resolves to { ok: true } or { ok: false, output };
 * - runElectron(), runBrowserHost(): start one shell, resolve to its exit code;
 * - say(line): one line for the user.
 */
export async function start(deps) {
  if (!deps.electronInstalled()) {
    deps.say(`Electron ${deps.electronVersion}'s binary is missing: installing it with Electron's installer…`);
    const installed = await deps.installElectron();
    if (!installed.ok) {
      deps.say(
        `Electron ${deps.electronVersion} could not be installed (${installFailureReason(installed.output)}), so Storefront Studio starts in Chromium instead, on the same data folder.`,
      );
      return deps.runBrowserHost();
    }
  }
  return deps.runElectron();
}

/** Why Electron's installer failed, in a few words, from what it printed (an uncaught error with its stack). */
export function installFailureReason(output) {
  const message = output
    .split('\n')
    .map((line) => /^\w*Error: (.+)$/.exec(line.trim())?.[1])
    .find((found) => found !== undefined);
  if (message === undefined) return 'its installer failed without saying why';
  if (/fetch failed|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH/.test(message)) {
    return 'its download failed: no network, or the download is blocked';
  }
  if (/Response code \d{3}|status \d{3}/.test(message)) return `the download was refused: ${message}`;
  return message;
}

const electronDir = () => dirname(require.resolve('electron/package.json'));

/** The same test Electron's own index.js makes before it runs the installer. */
function electronInstalled() {
  const pathFile = join(electronDir(), 'path.txt');
  return existsSync(pathFile) && existsSync(join(electronDir(), 'dist', readFileSync(pathFile, 'utf8')));
}

/**
 * Runs a Node script, resolving to its exit code. `capture` keeps its stderr from the terminal (the installer
 * prints a whole stack) for installFailureReason.
 */
function run(args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['inherit', 'inherit', capture ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    // Ctrl+C reaches the child through the terminal too; this process passes a kill on and waits for the child.
    const passOn = (signal) => child.kill(signal);
    process.on('SIGINT', passOn).on('SIGTERM', passOn);
    const done = (result) => {
      process.off('SIGINT', passOn).off('SIGTERM', passOn);
      resolve(result);
    };
    child.on('error', (error) => done({ code: 1, output: `${output}\n${error.message}` }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

const electronVite = () => join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');

async function main() {
  const code = await start({
    electronVersion: require('electron/package.json').version,
    electronInstalled,
    installElectron: async () => {
      const { code, output } = await run([join(electronDir(), 'install.js')], { capture: true });
      return code === 0 && electronInstalled() ? { ok: true } : { ok: false, output };
    },
    runElectron: async () => (await run([electronVite(), 'preview'])).code,
    runBrowserHost: async () => {
      const build = await run([electronVite(), 'build']);
      if (build.code !== 0) return build.code;
      return (await run([join(root, 'out', 'main', 'browser-host.js')])).code;
    },
    say: (line) => console.log(line),
  });
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
