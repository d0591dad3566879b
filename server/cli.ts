import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { addUser, listUsers, revokeToken } from './auth';
import { applyMigrations } from './db/migrate';
import { createLogger } from './log';
import { oidcIssuerProblem, type OidcOptions } from './oidc';
import { startTeamServer } from './teamServer';

/**
 * The team server's command line:
 *   storefront-studio-server [--port PORT] [--host HOST] [--database-url URL]   serve
 *       [--oidc-issuer URL --oidc-audience AUD [--oidc-groups-claim CLAIM] [--oidc-client-id ID]]
 *   storefront-studio-server user add EMAIL                                      print a new API token once
 *   storefront-studio-server user list
 *   storefront-studio-server token revoke TOKEN-ID
 * PORT, DATABASE_URL and STUDIO_OIDC_ISSUER, STUDIO_OIDC_AUDIENCE, STUDIO_OIDC_GROUPS_CLAIM, STUDIO_OIDC_CLIENT_ID
 * come from the environment when not given as options.
 */

export const USAGE = `Usage:
  npm run server -- [--port PORT] [--host HOST] [--database-url postgres://USER@HOST:PORT/DB]
      [--oidc-issuer URL --oidc-audience AUD [--oidc-groups-claim groups] [--oidc-client-id ID]]
  npm run server -- user add EMAIL
  npm run server -- user list
  npm run server -- token revoke TOKEN-ID
PORT, DATABASE_URL, STUDIO_OIDC_ISSUER, STUDIO_OIDC_AUDIENCE, STUDIO_OIDC_GROUPS_CLAIM and STUDIO_OIDC_CLIENT_ID
may be set in the environment instead. With an issuer, the server also accepts that identity provider's access
tokens (company sign-in); the desktop signs in as the client id, which defaults to the audience.`;

const DEFAULT_PORT = 8080;

export class UsageError extends Error {}

/** PostgreSQL refuses to run as root and so does this server: a compromise should not own the machine. */
export function rootRefusal(uid: number | undefined): string | null {
  return uid === 0
    ? 'Storefront Studio server refuses to run as root. Start it as an unprivileged user (for example a dedicated "studio" account).'
    : null;
}

export function parseServerArgs(argv: string[], env: NodeJS.ProcessEnv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'database-url': { type: 'string' },
      'oidc-issuer': { type: 'string' },
      'oidc-audience': { type: 'string' },
      'oidc-groups-claim': { type: 'string' },
      'oidc-client-id': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  // An empty variable counts as unset, as shells and service managers often leave them.
  const databaseUrl = values['database-url'] ?? (env.DATABASE_URL || undefined);
  if (values.help) return { command: 'help' as const };
  if (!databaseUrl)
    throw new UsageError('Give the database with --database-url postgres://USER@HOST:PORT/DB or DATABASE_URL.');
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new UsageError('The database URL must start with postgres://.');
  const [noun, verb, argument, ...rest] = positionals;
  const command = [noun, verb].filter(Boolean).join(' ');
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  if (command === '') {
    const portText = values.port ?? (env.PORT || String(DEFAULT_PORT));
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535)
      throw new UsageError(`The port must be a number from 0 to 65535, not '${portText}'.`);
    const oidc = oidcOptions(values, env);
    return { command: 'serve' as const, port, host: values.host, databaseUrl, ...(oidc ? { oidc } : {}) };
  }
  if (command === 'user list' && argument === undefined) return { command: 'user list' as const, databaseUrl };
  if (command === 'user add' && argument) return { command: 'user add' as const, argument, databaseUrl };
  if (command === 'token revoke' && argument) return { command: 'token revoke' as const, argument, databaseUrl };
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

/** Company sign-in's settings, from the options or the environment; undefined when no issuer is given. */
function oidcOptions(values: Record<string, unknown>, env: NodeJS.ProcessEnv): OidcOptions | undefined {
  const setting = (option: string, variable: string): string | undefined => {
    const value = values[option];
    return typeof value === 'string' ? value : env[variable] || undefined;
  };
  const issuer = setting('oidc-issuer', 'STUDIO_OIDC_ISSUER');
  const audience = setting('oidc-audience', 'STUDIO_OIDC_AUDIENCE');
  const groupsClaim = setting('oidc-groups-claim', 'STUDIO_OIDC_GROUPS_CLAIM');
  const clientId = setting('oidc-client-id', 'STUDIO_OIDC_CLIENT_ID');
  if (!issuer) {
    if (audience || groupsClaim || clientId)
      throw new UsageError(
        'Company sign-in needs the identity provider: give --oidc-issuer URL (or STUDIO_OIDC_ISSUER).',
      );
    return undefined;
  }
  const problem = oidcIssuerProblem(issuer);
  if (problem) throw new UsageError(problem);
  if (!audience)
    throw new UsageError(
      "Company sign-in needs this server's audience at the identity provider: give --oidc-audience AUD (or STUDIO_OIDC_AUDIENCE).",
    );
  return { issuer, audience, ...(groupsClaim ? { groupsClaim } : {}), ...(clientId ? { clientId } : {}) };
}

async function withDatabase<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await applyMigrations(client);
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const refusal = rootRefusal(process.getuid?.());
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const args = parseServerArgs(argv, env);
  switch (args.command) {
    case 'help':
      console.log(USAGE);
      return 0;
    case 'user add':
      return withDatabase(args.databaseUrl, async (db) => {
        const issued = await addUser(db, args.argument);
        console.log(`${issued.newUser ? 'Added user' : 'New token for'} ${issued.email} (token id ${issued.tokenId}).`);
        console.log('API token (shown only now; the server keeps only its hash):');
        console.log(issued.token);
        return 0;
      });
    case 'user list':
      return withDatabase(args.databaseUrl, async (db) => {
        const users = await listUsers(db);
        if (users.length === 0) console.log('No users yet. Add one with: npm run server -- user add EMAIL');
        for (const user of users) {
          const tokens =
            user.tokens.map((token) => `${token.id} (created ${token.createdAt})`).join(', ') || 'no tokens';
          console.log(`${user.email}  tokens: ${tokens}`);
        }
        return 0;
      });
    case 'token revoke':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await revokeToken(db, args.argument)) {
          console.log(`Revoked token ${args.argument}; requests with it are refused from now on.`);
          return 0;
        }
        console.error(`No token has the id ${args.argument}. See the ids with: npm run server -- user list`);
        return 1;
      });
    case 'serve': {
      // Log lines are written off the request path (asynchronously, batched while a write is under way):
      // synchronous writes to a busy pipe cost every request a system call. Flushed before exiting.
      const destination = pino.destination({ dest: 1, sync: false });
      const log = createLogger(destination);
      const server = await startTeamServer({
        databaseUrl: args.databaseUrl,
        port: args.port,
        host: args.host,
        log,
        oidc: args.oidc,
      });
      console.log(`Storefront Studio server listening on ${server.url}`);
      await new Promise<void>((resolve) => {
        const stop = (signal: string): void => {
          log.info({ signal }, 'shutting down: finishing the requests in flight');
          void server.close().then(resolve);
        };
        process.once('SIGTERM', () => stop('SIGTERM'));
        process.once('SIGINT', () => stop('SIGINT'));
      });
      log.info('stopped');
      await new Promise<void>((resolve) => destination.flush(() => resolve()));
      return 0;
    }
  }
}
