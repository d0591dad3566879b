import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { COMMAND_LINE, DEFAULT_AUDIT_RETENTION_DAYS, auditRetentionProblem, queryAudit, recordAudit } from './audit';
import { describeIssues } from '../core/contract';
import { quote } from '../core/rules/quote';
import { errorMessage } from '../core/rules/errorMessage';
import {
  AUDIT_ACTIONS,
  AuditQuerySchema,
  WebhookDeliveriesQuerySchema,
  type AuditEntry,
  type WebhookAttempt,
  type WebhookDelivery,
} from '../core/teamProtocol';
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
import {
  DeliveryKeyExistsError,
  DeliveryKeyNameSchema,
  addDeliveryKey,
  listDeliveryKeys,
  revokeDeliveryKey,
} from './delivery';
import { createLogger } from './log';
import { oidcIssuerProblem, type OidcOptions } from './oidc';
import { startTeamServer } from './teamServer';
import {
  addWebhook,
  listWebhookDeliveries,
  listWebhooks,
  parseWebhookEvents,
  removeWebhook,
  webhookUrlProblem,
} from './webhooks';

/**
 * The team server's command line: serve, users and their API tokens, roles and grants, the audit log (USAGE
 * below). PORT, DATABASE_URL and AUDIT_RETENTION_DAYS come from the environment when not given as options.
 * Company sign-in: STUDIO_OIDC_ISSUER, STUDIO_OIDC_AUDIENCE, STUDIO_OIDC_GROUPS_CLAIM and STUDIO_OIDC_CLIENT_ID, or
 * the --oidc-* options.
 */

export const USAGE = `Usage:
  npm run server -- [--port PORT] [--host HOST] [--database-url postgres://USER@HOST:PORT/DB] [--audit-retention-days N]
      [--oidc-issuer URL --oidc-audience AUD [--oidc-groups-claim groups] [--oidc-client-id ID]] [--public-delivery]
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
  npm run server -- delivery-key add NAME
  npm run server -- delivery-key list
  npm run server -- delivery-key revoke NAME
  npm run server -- webhook add URL [--events live,rollback]
  npm run server -- webhook list
  npm run server -- webhook remove ID
  npm run server -- webhook deliveries [ID] [--limit N] [--offset N]
  npm run server -- audit [--user EMAIL] [--since 2026-11-01] [--until DATE] [--page NAME] [--action page.save] [--limit N] [--offset N]
Built-in roles: ${Object.entries(BUILT_IN_ROLES)
  .map(([name, actions]) => `${name} (${actions.join(', ')})`)
  .join('; ')}.
A new user may do nothing until a role is granted; --fascia and --country default to * (every one).
The delivery route (GET /content/PLATFORM/SOURCE/PAGE/uat|live/COUNTRY.json) needs a delivery key unless
--public-delivery is given.
A webhook is POSTed every go-live and rollback it subscribed to (both unless --events says otherwise), signed
X-Studio-Signature: sha256=HMAC-SHA256 of the body with its secret, and retried for more than a day.
The audit log keeps ${DEFAULT_AUDIT_RETENTION_DAYS} days unless --audit-retention-days asks for more.
PORT, DATABASE_URL, AUDIT_RETENTION_DAYS, STUDIO_OIDC_ISSUER, STUDIO_OIDC_AUDIENCE, STUDIO_OIDC_GROUPS_CLAIM and STUDIO_OIDC_CLIENT_ID
may be set in the environment instead. With an issuer, the server also accepts that identity provider's access
tokens (company sign-in); the desktop signs in as the client id, which defaults to the audience.`;

const DEFAULT_PORT = 8080;

export class UsageError extends Error {}

/** Who gave a grant from the command line: the account it ran as. */
const CLI_AUTHOR = `command line (${userInfo().username})`;

/** Grant, role and user changes made here are recorded in the audit log (issue 22 §4), as made by the command line. */
function recordCliChange(db: pg.Client, action: string, subject: string | null, details: Record<string, unknown>) {
  return recordAudit(db, { client: COMMAND_LINE, action, result: 'ok', subject, details });
}

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
      'audit-retention-days': { type: 'string' },
      user: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      page: { type: 'string' },
      action: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      'oidc-issuer': { type: 'string' },
      'oidc-audience': { type: 'string' },
      'oidc-groups-claim': { type: 'string' },
      'oidc-client-id': { type: 'string' },
      'public-delivery': { type: 'boolean', default: false },
      events: { type: 'string' },
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
  if (values.events !== undefined && command !== 'webhook add') throw new UsageError('--events goes with webhook add.');
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
    const retentionText = values['audit-retention-days'] ?? (env.AUDIT_RETENTION_DAYS || undefined);
    const auditRetentionDays = retentionText === undefined ? DEFAULT_AUDIT_RETENTION_DAYS : Number(retentionText);
    const retentionProblem = auditRetentionProblem(/^\d+$/.test(retentionText ?? '') ? auditRetentionDays : NaN);
    if (retentionText !== undefined && retentionProblem)
      throw new UsageError(`${retentionProblem}, not '${retentionText}'.`);
    const oidc = oidcOptions(values, env);
    return {
      command: 'serve' as const,
      port,
      host: values.host,
      databaseUrl,
      auditRetentionDays,
      ...(values['public-delivery'] ? { publicDelivery: true } : {}),
      ...(oidc ? { oidc } : {}),
    };
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
  if (command === 'delivery-key list' && argument === undefined)
    return { command: 'delivery-key list' as const, databaseUrl };
  if ((command === 'delivery-key add' || command === 'delivery-key revoke') && argument) {
    const name = DeliveryKeyNameSchema.safeParse(argument);
    if (!name.success) throw new UsageError(`${name.error.issues[0]?.message}, not '${quote(argument)}'.`);
    return { command: command as 'delivery-key add' | 'delivery-key revoke', argument: name.data, databaseUrl };
  }
  if (noun === 'webhook') return parseWebhookCommand(verb, argument, values, databaseUrl);
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

/** `webhook add URL [--events live,rollback] | list | remove ID | deliveries [ID]`. */
function parseWebhookCommand(
  verb: string | undefined,
  argument: string | undefined,
  values: { events?: string; limit?: string; offset?: string },
  databaseUrl: string,
) {
  const webhookId = (text: string): number => {
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
      throw new UsageError(
        `A webhook is named by its id, a number (see them with npm run server -- webhook list), not '${quote(text)}'.`,
      );
    return Number(text);
  };
  if (verb === 'add') {
    if (argument === undefined)
      throw new UsageError(
        "webhook add needs the receiver's URL: npm run server -- webhook add URL --events live,rollback",
      );
    const problem = webhookUrlProblem(argument);
    if (problem) throw new UsageError(problem);
    const events = parseWebhookEvents(values.events);
    if (typeof events === 'string') throw new UsageError(events);
    return { command: 'webhook add' as const, url: argument, events, databaseUrl };
  }
  if (verb === 'list' && argument === undefined) return { command: 'webhook list' as const, databaseUrl };
  if (verb === 'remove' && argument !== undefined)
    return { command: 'webhook remove' as const, id: webhookId(argument), databaseUrl };
  if (verb === 'deliveries') {
    const { limit, offset } = values;
    if (argument !== undefined) webhookId(argument);
    const parsed = WebhookDeliveriesQuerySchema.safeParse({ webhook: argument, limit, offset });
    if (!parsed.success) throw new UsageError(`webhook deliveries: ${describeIssues(parsed.error)}`);
    return { command: 'webhook deliveries' as const, query: parsed.data, databaseUrl };
  }
  throw new UsageError(`Unknown command: webhook ${[verb, argument].filter(Boolean).join(' ')}`);
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

/**
 * Where a command line writes and who runs it: the process's own for `npm run server`; tests run commands in
 * their own process, as the unprivileged user the server runs as, and read what they printed.
 */
export interface CommandLineIo {
  out(text: string): void;
  err(text: string): void;
  uid: number | undefined;
}

export const processIo: CommandLineIo = {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  uid: process.getuid?.(),
};

/** Runs one command line; resolves with the exit code: 2 for a usage error, 1 for a failure it reports. */
export async function runCommandLine(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: CommandLineIo = processIo,
): Promise<number> {
  try {
    return await runCli(argv, env, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`Storefront Studio server: ${errorMessage(error)}`);
    return 1;
  }
}

async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: CommandLineIo): Promise<number> {
  const refusal = rootRefusal(io.uid);
  if (refusal) {
    io.err(refusal);
    return 1;
  }
  const args = parseServerArgs(argv, env);
  switch (args.command) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'user add':
      return withDatabase(args.databaseUrl, async (db) => {
        const access = 'access' in args && args.access ? { ...args.access, by: CLI_AUTHOR } : undefined;
        const issued = await addUser(db, args.argument, access);
        io.out(`${issued.newUser ? 'Added user' : 'New token for'} ${issued.email} (token id ${issued.tokenId}).`);
        if (access) io.out(`Granted ${access.role} over ${describeScope(access.scope)}.`);
        else if (issued.newUser)
          io.out(
            `${issued.email} may do nothing yet: grant a role with npm run server -- role grant ROLE --to ${issued.email}`,
          );
        io.out('API token (shown only now; the server keeps only its hash):');
        io.out(issued.token);
        return 0;
      });
    case 'user list':
      return withDatabase(args.databaseUrl, async (db) => {
        const users = await listUsers(db);
        if (users.length === 0) io.out('No users yet. Add one with: npm run server -- user add EMAIL');
        for (const user of users) {
          const tokens =
            user.tokens.map((token) => `${token.id} (created ${token.createdAt})`).join(', ') || 'no tokens';
          io.out(`${user.email}${user.disabled ? ' (disabled)' : ''}  tokens: ${tokens}`);
        }
        return 0;
      });
    case 'token revoke':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await revokeToken(db, args.argument)) {
          io.out(`Revoked token ${args.argument}; requests with it are refused from now on.`);
          return 0;
        }
        io.err(`No token has the id ${args.argument}. See the ids with: npm run server -- user list`);
        return 1;
      });
    case 'delivery-key add':
      return withDatabase(args.databaseUrl, async (db) => {
        let key: string;
        try {
          key = await addDeliveryKey(db, args.argument);
        } catch (error) {
          if (!(error instanceof DeliveryKeyExistsError)) throw error;
          io.err(error.message);
          return 1;
        }
        io.out(`Added delivery key ${args.argument}; it reads the delivery route only.`);
        io.out('Delivery key (shown only now; the server keeps only its hash):');
        io.out(key);
        return 0;
      });
    case 'delivery-key list':
      return withDatabase(args.databaseUrl, async (db) => {
        const keys = await listDeliveryKeys(db);
        if (keys.length === 0) io.out('No delivery keys yet. Add one with: npm run server -- delivery-key add NAME');
        for (const key of keys) io.out(`${key.name}  (created ${key.createdAt})`);
        return 0;
      });
    case 'delivery-key revoke':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await revokeDeliveryKey(db, args.argument)) {
          io.out(
            `Revoked delivery key ${args.argument}; every server refuses it within moments (the revocation is announced to them).`,
          );
          return 0;
        }
        io.err(`No delivery key is named ${args.argument}. See the names with: npm run server -- delivery-key list`);
        return 1;
      });
    case 'webhook add':
      return withDatabase(args.databaseUrl, async (db) => {
        const { id, secret } = await addWebhook(db, args.url, args.events);
        io.out(`Added webhook ${id}: ${args.url}, told of ${args.events.join(' and ')}.`);
        io.out(
          'Secret (shown only now): the receiver checks X-Studio-Signature, sha256=HMAC-SHA256 of the body with it.',
        );
        io.out(secret);
        return 0;
      });
    case 'webhook list':
      return withDatabase(args.databaseUrl, async (db) => {
        const webhooks = await listWebhooks(db);
        if (webhooks.length === 0)
          io.out('No webhooks yet. Add one with: npm run server -- webhook add URL --events live,rollback');
        for (const webhook of webhooks)
          io.out(`${webhook.id}  ${webhook.url}  events: ${webhook.events.join(',')}  (created ${webhook.createdAt})`);
        return 0;
      });
    case 'webhook remove':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await removeWebhook(db, args.id)) {
          io.out(`Removed webhook ${args.id}, with its deliveries; those not made yet are dropped.`);
          return 0;
        }
        io.err(`No webhook has the id ${args.id}. See the ids with: npm run server -- webhook list`);
        return 1;
      });
    case 'webhook deliveries':
      return withDatabase(args.databaseUrl, async (db) => {
        const { deliveries, total } = await listWebhookDeliveries(db, args.query);
        if (deliveries.length === 0) io.out('No webhook deliveries match.');
        for (const delivery of deliveries) io.out(deliveryLines(delivery).join('\n'));
        if (total > deliveries.length) {
          const from = (args.query.offset ?? 0) + 1;
          io.out(
            `Deliveries ${from} to ${from + deliveries.length - 1} of ${total}; see more with --offset or --limit.`,
          );
        }
        return 0;
      });
    case 'audit':
      return withDatabase(args.databaseUrl, async (db) => {
        const { entries, total } = await queryAudit(db, args.query);
        if (entries.length === 0) io.out('No audit entries match.');
        for (const entry of entries) io.out(auditLine(entry));
        if (total > entries.length) {
          const from = (args.query.offset ?? 0) + 1;
          io.out(`Entries ${from} to ${from + entries.length - 1} of ${total}; see more with --offset or --limit.`);
        }
        return 0;
      });
    case 'user disable':
    case 'user enable':
      return withDatabase(args.databaseUrl, async (db) => {
        const email = parseEmail(args.argument);
        const disable = args.command === 'user disable';
        if (!(await setUserDisabled(db, email, disable))) {
          io.err(`No user is ${email}. See the users with: npm run server -- user list`);
          return 1;
        }
        await recordCliChange(db, disable ? AUDIT_ACTIONS.userDisable : AUDIT_ACTIONS.userEnable, email, {});
        io.out(
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
        await recordCliChange(db, AUDIT_ACTIONS.roleDefine, null, { role: args.argument, actions, done });
        io.out(`${done === 'defined' ? 'Defined' : 'Redefined'} role ${args.argument}: ${actions.join(', ')}.`);
        return 0;
      });
    case 'role grant':
      return withDatabase(args.databaseUrl, async (db) => {
        const { id, created } = await grantRole(db, args.grant, CLI_AUTHOR);
        if (created) await recordCliChange(db, AUDIT_ACTIONS.grantAdd, args.grant.to.name, { id, ...args.grant });
        io.out(`${created ? 'Granted' : 'Already granted'}: ${describeGrant(args.grant)} (grant id ${id}).`);
        return 0;
      });
    case 'role revoke':
      return withDatabase(args.databaseUrl, async (db) => {
        const id = await revokeGrant(db, args.grant);
        if (id === null) {
          io.err(`No grant is ${describeGrant(args.grant)}. See the grants with: npm run server -- grant list`);
          return 1;
        }
        await recordCliChange(db, AUDIT_ACTIONS.grantRevoke, args.grant.to.name, { id, ...args.grant });
        io.out(`Revoked: ${describeGrant(args.grant)} (grant id ${id}).`);
        return 0;
      });
    case 'role revoke by id':
      return withDatabase(args.databaseUrl, async (db) => {
        if (await revokeGrantById(db, args.argument)) {
          await recordCliChange(db, AUDIT_ACTIONS.grantRevoke, null, { id: args.argument });
          io.out(`Revoked grant ${args.argument}.`);
          return 0;
        }
        io.err(`No grant has the id ${args.argument}. See the ids with: npm run server -- grant list`);
        return 1;
      });
    case 'grant list':
      return withDatabase(args.databaseUrl, async (db) => {
        const grants = await listGrants(db, args.to);
        if (grants.length === 0) io.out('No grants. Give one with: npm run server -- role grant ROLE --to EMAIL');
        for (const grant of grants)
          io.out(`${grant.id}  ${describeGrant(grant)}  (by ${grant.createdBy}, ${grant.createdAt})`);
        const roles = await definedRoles(db);
        for (const role of roles) io.out(`role ${role.name}: ${role.actions.join(', ')}`);
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
        oidc: args.oidc,
        publicDelivery: args.publicDelivery,
      });
      io.out(`Storefront Studio server listening on ${server.url}`);
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
/** A delivery as `webhook deliveries` prints it: a line with its last answer, then one per attempt. */
export function deliveryLines(delivery: WebhookDelivery): string[] {
  const answer = (attempt: WebhookAttempt) =>
    attempt.status === null ? `error: ${attempt.error}` : `${attempt.status}`;
  const last = delivery.attempts.at(-1);
  const summary = last
    ? `${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? '' : 's'}, last answer ${answer(last)} at ${last.at}`
    : 'no attempt yet';
  return [
    `${delivery.createdAt}  webhook ${delivery.webhook} ${delivery.url}  ${delivery.event}  delivery ${delivery.id}: ${summary}`,
    ...delivery.attempts.map((attempt) => `  attempt ${attempt.attempt} at ${attempt.at}: ${answer(attempt)}`),
  ];
}

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
