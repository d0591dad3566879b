import { execFileSync } from 'node:child_process';
import { runCommandLine } from '../../server/cli';
import { issuedToken, userAddArgs, type Finished } from './teamServer';

/** The user the server's commands run as: the server refuses root, so as root the `postgres` user. */
const uid = process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres'])) : process.getuid?.();

/**
 * `npm run server -- ARGS` run in this process, with what it printed: the same code as the built command line
 * (tests/unit/serverProcess.test.ts runs that one as its own process), without starting a Node process for each
 * step, which made a test of a dozen steps take a minute beside the browser suite.
 */
export async function runServerCommand(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  const code = await runCommandLine(
    args,
    { ...process.env, DATABASE_URL: '', PORT: '', ...env },
    {
      out: (text) => (stdout += `${text}\n`),
      err: (text) => (stderr += `${text}\n`),
      uid,
    },
  );
  return { code, stdout, stderr };
}

/** `user add EMAIL --role admin` (or with other options) in this process: the token it printed and its id. */
export async function addUserWithCommand(
  databaseUrl: string,
  email: string,
  options?: string[],
): Promise<{ token: string; tokenId: string }> {
  return issuedToken(await runServerCommand(userAddArgs(databaseUrl, email, options)));
}
