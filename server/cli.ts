import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { DEFAULT_AUDIT_RETENTION_DAYS, auditRetentionProblem, queryAudit } from './audit';
import { addUser, listUsers, revokeToken } from './auth';
import { describeIssues } from '../core/contract';
import { AuditQuerySchema, type AuditEntry } from '../core/teamProtocol';
import { applyMigrations } from './db/migrate';
import { createLogger } from './log';
import { startTeamServer } from './teamServer';

/**
 * The team server's command line:
 *   storefront-studio-server [--port PORT] [--host HOST] [--database-url URL]   serve
 *   storefront-studio-server user add EMAIL                                      print a new API token once
 *   storefront-studio-server user list
 *   storefront-studio-server token revoke TOKEN-ID
 *   storefront-studio-server audit [--user EMAIL] [--since DATE] [--until DATE] [--page NAME] [--action A] [--limit N]
 * PORT, DATABASE_URL and AUDIT_RETENTION_DAYS come from the environment when not given as options.
 */

export const USAGE = `Usage:
  npm run server -- [--port PORT] [--host HOST] [--database-url postgres://USER@HOST:PORT/DB] [--audit-retention-days N]
  npm run server -- user add EMAIL
  npm run server -- user list
  npm run server -- token revoke TOKEN-ID
  npm run server -- audit [--user EMAIL] [--since 2026-11-01] [--until DATE] [--page NAME] [--action page.save] [--limit N] [--offset N]
PORT, DATABASE_URL and AUDIT_RETENTION_DAYS may be set in the environment instead.
The audit log keeps ${DEFAULT_AUDIT_RETENTION_DAYS} days unless --audit-retention-days asks for more.`;

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
      'audit-retention-days': { type: 'string' },
      user: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      page: { type: 'string' },
      action: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
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
    const retentionText = values['audit-retention-days'] ?? (env.AUDIT_RETENTION_DAYS || undefined);
    const auditRetentionDays = retentionText === undefined ? DEFAULT_AUDIT_RETENTION_DAYS : Number(retentionText);
    const retentionProblem = auditRetentionProblem(/^\d+$/.test(retentionText ?? '') ? auditRetentionDays : NaN);
    if (retentionText !== undefined && retentionProblem)
      throw new UsageError(`${retentionProblem}, not '${retentionText}'.`);
    return { command: 'serve' as const, port, host: values.host, databaseUrl, auditRetentionDays };
  }
  if (command === 'audit' && verb === undefined) {
    const { user, since, until, page, action, limit, offset } = values;
    const parsed = AuditQuerySchema.safeParse({ user, since, until, page, action, limit, offset });
    if (!parsed.success) throw new UsageError(`audit: ${describeIssues(parsed.error)}`);
    return { command: 'audit' as const, query: parsed.data, databaseUrl };
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
    case 'audit':
      return withDatabase(args.databaseUrl, async (db) => {
        const { entries, total } = await queryAudit(db, args.query);
        if (entries.length === 0) console.log('No audit entries match.');
        for (const entry of entries) console.log(auditLine(entry));
        if (total > entries.length) {
          const from = (args.query.offset ?? 0) + 1;
          console.log(
            `Entries ${from} to ${from + entries.length - 1} of ${total}; see more with --offset or --limit.`,
          );
        }
        return 0;
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
        auditRetentionDays: args.auditRetentionDays,
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

/**
 * One entry on one line: when (UTC), who, the action and its result, the page and version, the client and the
 * request id, and the reason or details when there are any. Fields are separated by two spaces.
 */
export function auditLine(entry: AuditEntry): string {
  const key = entry.pageKey;
  const page = key
    ? `${key.fascia}/${key.country}/${key.page} (${key.platform}, ${key.source})${entry.version === null ? '' : ` v${entry.version}`}`
    : null;
  const client = [entry.clientAddress, entry.userAgent && JSON.stringify(entry.userAgent)].filter(Boolean).join(' ');
  return [
    entry.at,
    entry.actor ?? '-',
    entry.action,
    entry.result,
    entry.subject && `about ${entry.subject}`,
    page,
    client || null,
    entry.requestId && `request ${entry.requestId}`,
    entry.reason && JSON.stringify(entry.reason),
    entry.details && JSON.stringify(entry.details),
  ]
    .filter((field): field is string => Boolean(field))
    .join('  ');
}
