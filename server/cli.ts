import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { userInfo } from 'node:os';
import {
  ACTIONS,
  BUILT_IN_ROLES,
  describeScope,
  scopeValues,
  type Grant,
  type Grantee,
  type Scope,
} from '../core/permissions';
import {
  defineRole,
  definedRoles,
  grantRole,
  listGrants,
  normalScope,
  parseActions,
  revokeGrant,
  revokeGrantById,
  setUserDisabled,
} from './access/grants';
import { addUser, listUsers, parseEmail, revokeToken } from './auth';
import { applyMigrations } from './db/migrate';
import { createLogger } from './log';
import { startTeamServer } from './teamServer';

/**
 * The team server's command line: serve, users and their API tokens, roles and grants (USAGE below).
 * PORT and DATABASE_URL come from the environment when not given as options.
 */

export const USAGE = `Usage:
  npm run server -- [--port PORT] [--host HOST] [--database-url postgres://USER@HOST:PORT/DB]
  npm run server -- user add EMAIL [--role ROLE [--fascia F,...|*] [--country C,...|*]]
  npm run server -- user list
  npm run server -- user disable EMAIL
  npm run server -- user enable EMAIL
  npm run server -- token revoke TOKEN-ID
  npm run server -- role grant ROLE --to EMAIL|group:NAME [--fascia F,...|*] [--country C,...|*] [--deny]
  npm run server -- role revoke ROLE --to EMAIL|group:NAME [--fascia F,...|*] [--country C,...|*] [--deny]
  npm run server -- role revoke --id GRANT-ID
  npm run server -- role define NAME ACTION,...      (actions: ${ACTIONS.join(', ')})
  npm run server -- grant list [--to EMAIL|group:NAME]
Built-in roles: ${Object.entries(BUILT_IN_ROLES)
  .map(([name, actions]) => `${name} (${actions.join(', ')})`)
  .join('; ')}.
A new user may do nothing until a role is granted; --fascia and --country default to * (every one).
PORT and DATABASE_URL may be set in the environment instead.`;

const DEFAULT_PORT = 8080;

export class UsageError extends Error {}

/** Who gave a grant from the command line: the account it ran as. */
const CLI_AUTHOR = `command line (${userInfo().username})`;

/** `--to editor@example.com` or `--to group:jd-de-translators`. */
export function parseGrantee(text: string): Grantee {
  if (text.startsWith('group:')) {
    const name = text.slice('group:'.length).trim();
    if (!name) throw new UsageError("--to group:NAME needs the group's name.");
    return { kind: 'group', name };
  }
  try {
    return { kind: 'user', name: parseEmail(text) };
  } catch (error) {
    throw new UsageError(`--to takes an email address or group:NAME. ${(error as Error).message}`);
  }
}

/** A grant as the command line says it: "allow editor to editor.gb@example.com over JD in GB, IE". */
export function describeGrant({ role, to, scope, effect }: Grant): string {
  const grantee = to.kind === 'group' ? `group:${to.name}` : to.name;
  return `${effect} ${role} to ${grantee} over ${describeScope(scope)}`;
}

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
      help: { type: 'boolean', default: false },
      to: { type: 'string' },
      fascia: { type: 'string' },
      country: { type: 'string' },
      role: { type: 'string' },
      deny: { type: 'boolean', default: false },
      id: { type: 'string' },
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
  if (command === 'role define' && argument && rest.length === 1)
    return { command: 'role define' as const, argument, actions: rest[0]!, databaseUrl };
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  const scope = (): Scope =>
    normalScope({ fascias: scopeValues(values.fascia, 'fascia'), countries: scopeValues(values.country, 'country') });
  if ((values.fascia !== undefined || values.country !== undefined) && !values.role && noun !== 'role')
    throw new UsageError('--fascia and --country go with role grant, role revoke, or user add with --role.');
  if ((command === 'role grant' || command === 'role revoke') && argument) {
    if (!values.to) throw new UsageError(`${command} needs --to EMAIL or --to group:NAME.`);
    const grant: Grant = {
      role: argument,
      to: parseGrantee(values.to),
      scope: scope(),
      effect: values.deny ? 'deny' : 'allow',
    };
    return { command: command as 'role grant' | 'role revoke', grant, databaseUrl };
  }
  if (command === 'role revoke' && values.id !== undefined && argument === undefined)
    return { command: 'role revoke by id' as const, argument: values.id, databaseUrl };
  if (command === 'grant list' && argument === undefined) {
    return {
      command: 'grant list' as const,
      to: values.to === undefined ? undefined : parseGrantee(values.to),
      databaseUrl,
    };
  }
  if ((command === 'user disable' || command === 'user enable') && argument)
    return { command: command as 'user disable' | 'user enable', argument, databaseUrl };
  if (command === 'user add' && argument && values.role)
    return { command: 'user add' as const, argument, access: { role: values.role, scope: scope() }, databaseUrl };
  if (command === '') {
    const portText = values.port ?? (env.PORT || String(DEFAULT_PORT));
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535)
      throw new UsageError(`The port must be a number from 0 to 65535, not '${portText}'.`);
    return { command: 'serve' as const, port, host: values.host, databaseUrl };
  }
  if (command === 'user list' && argument === undefined) return { command: 'user list' as const, databaseUrl };
  if (command === 'user add' && argument) return { command: 'user add' as const, argument, databaseUrl };
  if (command === 'token revoke' && argument) return { command: 'token revoke' as const, argument, databaseUrl };
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
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
        const access = 'access' in args && args.access ? { ...args.access, by: CLI_AUTHOR } : undefined;
        const issued = await addUser(db, args.argument, access);
        console.log(`${issued.newUser ? 'Added user' : 'New token for'} ${issued.email} (token id ${issued.tokenId}).`);
        if (access) console.log(`Granted ${access.role} over ${describeScope(access.scope)}.`);
        else if (issued.newUser)
          console.log(
            `${issued.email} may do nothing yet: grant a role with npm run server -- role grant ROLE --to ${issued.email}`,
          );
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
          console.log(`${user.email}${user.disabled ? ' (disabled)' : ''}  tokens: ${tokens}`);
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
    case 'user disable':
    case 'user enable':
      return withDatabase(args.databaseUrl, async (db) => {
        const email = parseEmail(args.argument);
        const disable = args.command === 'user disable';
        if (!(await setUserDisabled(db, email, disable))) {
          console.error(`No user is ${email}. See the users with: npm run server -- user list`);
          return 1;
        }
        console.log(
          disable
            ? `Disabled ${email}: their tokens are refused from now on (enable them again with user enable).`
            : `Enabled ${email}: their tokens work again.`,
        );
        return 0;
      });
    case 'role define':
      return withDatabase(args.databaseUrl, async (db) => {
        const actions = parseActions(args.actions);
        const done = await defineRole(db, args.argument, actions);
        console.log(`${done === 'defined' ? 'Defined' : 'Redefined'} role ${args.argument}: ${actions.join(', ')}.`);
        return 0;
      });
    case 'role grant':
      return withDatabase(args.databaseUrl, async (db) => {
        const { id, created } = await grantRole(db, args.grant, CLI_AUTHOR);
        console.log(`${created ? 'Granted' : 'Already granted'}: ${describeGrant(args.grant)} (grant id ${id}).`);
        return 0;
      });
    case 'role revoke':
      return withDatabase(args.databaseUrl, async (db) => {
        const id = await revokeGrant(db, args.grant);
        if (id === null) {
          console.error(`No grant is ${describeGrant(args.grant)}. See the grants with: npm run server -- grant list`);
          return 1;
        }
        console.log(`Revoked: ${describeGrant(args.grant)} (grant id ${id}).`);
        return 0;
      });
    case 'role revoke by id':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await revokeGrantById(db, args.argument)) {
          console.log(`Revoked grant ${args.argument}.`);
          return 0;
        }
        console.error(`No grant has the id ${args.argument}. See the ids with: npm run server -- grant list`);
        return 1;
      });
    case 'grant list':
      return withDatabase(args.databaseUrl, async (db) => {
        const grants = await listGrants(db, args.to);
        if (grants.length === 0) console.log('No grants. Give one with: npm run server -- role grant ROLE --to EMAIL');
        for (const grant of grants)
          console.log(`${grant.id}  ${describeGrant(grant)}  (by ${grant.createdBy}, ${grant.createdAt})`);
        const roles = await definedRoles(db);
        for (const role of roles) console.log(`role ${role.name}: ${role.actions.join(', ')}`);
        return 0;
      });
    case 'serve': {
      // Log lines are written off the request path (asynchronously, batched while a write is under way):
      // synchronous writes to a busy pipe cost every request a system call. Flushed before exiting.
      const destination = pino.destination({ dest: 1, sync: false });
      const log = createLogger(destination);
      const server = await startTeamServer({ databaseUrl: args.databaseUrl, port: args.port, host: args.host, log });
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
