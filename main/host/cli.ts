import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBrowserHost } from './browserHost';
import { CHROMIUM_FLAGS, chromiumPath } from './chromium';
import { quote } from '../../core/rules/quote';
import { INSECURE_HTTP_REFUSED, serviceUrlProblem } from '../../core/rules/urlSafety';
import { errorMessage } from '../../core/rules/errorMessage';

const PRODUCT_NAME = 'Storefront Studio';
const INSECURE_SERVER =
  'plain http to another machine would send the API token in clear. Use https, or pass --allow-insecure-http for a server you trust on your own network.';

/** The same folder Electron's app.getPath('userData') gives, so both shells share drafts and settings. */
function defaultDataDir(): string {
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

async function readToken(file: string): Promise<string> {
  const token = (
    await readFile(file, 'utf8').catch((error: Error) => {
      throw new Error(`Cannot read the token file ${file}: ${error.message}`);
    })
  ).trim();
  if (!token || /\s/.test(token)) throw new Error(`The token file ${file} must hold one API token and nothing else.`);
  return token;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '5179' },
      'data-dir': { type: 'string' },
      user: { type: 'string' },
      // A team server and the file holding its API token, until the desktop signs in from Settings itself.
      server: { type: 'string' },
      'token-file': { type: 'string' },
      // Plain http to a team server on another machine sends the token in clear: only when asked for.
      'allow-insecure-http': { type: 'boolean', default: false },
      'no-open': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, got ${values.port}`);
  if (!values.server !== !values['token-file'])
    throw new Error('--server and --token-file go together: the team server and the file with its API token.');
  if (values.server && !/^https?:\/\/[^/]/.test(values.server))
    throw new Error(`--server must be an http or https address, got ${values.server}`);
  if (values.server) {
    const problem = serviceUrlProblem(values.server, values['allow-insecure-http']);
    if (problem)
      throw new Error(
        `--server ${quote(values.server)}: ${problem === INSECURE_HTTP_REFUSED ? INSECURE_SERVER : problem}`,
      );
  }
  const teamServer =
    values.server && values['token-file']
      ? { url: values.server, token: await readToken(values['token-file']) }
      : undefined;
  const host = await startBrowserHost({
    port,
    dataDir: values['data-dir'] ?? defaultDataDir(),
    rendererDir: join(import.meta.dirname, '../renderer'),
    resourcesDir: join(import.meta.dirname, '../../resources'),
    user: values.user,
    teamServer,
  });
  console.log(`Storefront Studio running at ${host.url}`);
  if (!values['no-open']) {
    const browser = spawn(chromiumPath() ?? 'chromium', [`--app=${host.url}`, ...CHROMIUM_FLAGS], {
      stdio: 'ignore',
      detached: true,
    });
    browser.on('error', (error) =>
      console.error(`Could not open Chromium (${error.message}); open ${host.url} yourself.`),
    );
    browser.unref();
  }
  const stop = (): void => void host.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
