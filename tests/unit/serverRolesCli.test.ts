import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYWHERE, may } from '../../core/permissions';
import { loadAccess } from '../../server/access/grants';
import { bundledMigrations, applyMigrations } from '../../server/db/migrate';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { addUserWithCommand, runServerCommand } from '../helpers/serverCommand';

/** Roles and grants from the built server's command line (issue 22), and the upgrade of migration 004. */

let postgres: TestPostgres;
let databaseUrl: string;
let pool: pg.Pool;

beforeAll(async () => {
  postgres = await startTestPostgres();
  databaseUrl = postgres.createDatabase('roles_cli');
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  postgres?.destroy();
});

const cli = (...args: string[]) => runServerCommand([...args, '--database-url', databaseUrl]);
const JD_GB = { fascia: 'site_jd', country: 'gb' } as const;
const JD_DE = { fascia: 'site_jd', country: 'de' } as const;

describe('roles and grants from the command line', () => {
  it('grants a role to a user within a scope, lists it, and revokes it by the same selector', async () => {
    await addUserWithCommand(databaseUrl, 'editor.gb@example.com', []);
    expect((await loadAccess(pool, 'editor.gb@example.com', [])).grants).toEqual([]);

    const granted = await cli(
      'role',
      'grant',
      'editor',
      '--to',
      'Editor.GB@example.com',
      '--fascia',
      'site_jd',
      '--country',
      'GB,IE',
    );
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toMatch(
      /^Granted: allow editor to editor\.gb@example\.com over JD in GB, IE \(grant id \d+\)\.$/m,
    );
    const access = await loadAccess(pool, 'editor.gb@example.com', []);
    expect(may(access.permissions, 'structure', JD_GB)).toBe(true);
    expect(may(access.permissions, 'view', JD_DE)).toBe(false);
    const again = await cli(
      'role',
      'grant',
      'editor',
      '--to',
      'editor.gb@example.com',
      '--fascia',
      'site_jd',
      '--country',
      'IE,GB',
    );
    expect(again.stdout).toMatch(/^Already granted: /m);

    const listed = await cli('grant', 'list', '--to', 'editor.gb@example.com');
    expect(listed.stdout).toMatch(
      /^\d+ {2}allow editor to editor\.gb@example\.com over JD in GB, IE {2}\(by command line \(.+\), .+\)$/m,
    );

    const revoked = await cli(
      'role',
      'revoke',
      'editor',
      '--to',
      'editor.gb@example.com',
      '--fascia',
      'site_jd',
      '--country',
      'ie,gb',
    );
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/^Revoked: allow editor to editor\.gb@example\.com over JD in GB, IE/m);
    expect((await loadAccess(pool, 'editor.gb@example.com', [])).grants).toEqual([]);
    const missing = await cli('role', 'revoke', 'editor', '--to', 'editor.gb@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /No grant is allow editor to editor\.gb@example\.com over every fascia in every country/,
    );
  });

  it('grants to a group and denies, and revokes by grant id', async () => {
    const group = await cli(
      'role',
      'grant',
      'translator',
      '--to',
      'group:jd-de-translators',
      '--fascia',
      'site_jd',
      '--country',
      'DE',
    );
    expect(group.code).toBe(0);
    const deny = await cli(
      'role',
      'grant',
      'viewer',
      '--to',
      'group:jd-de-translators',
      '--fascia',
      'site_sz',
      '--deny',
    );
    expect(deny.stdout).toMatch(/^Granted: deny viewer to group:jd-de-translators over SZ in every country/m);
    const member = await loadAccess(pool, 'someone@example.com', ['jd-de-translators']);
    expect(may(member.permissions, 'edit', JD_DE)).toBe(true);
    expect(member.permissions.view.deny).toEqual([{ fascias: ['site_sz'], countries: ['*'] }]);

    const id = /grant id (\d+)/.exec(deny.stdout)?.[1];
    const byId = await cli('role', 'revoke', '--id', id!);
    expect(byId.stdout).toMatch(`Revoked grant ${id}.`);
    expect((await cli('role', 'revoke', '--id', id!)).stderr).toMatch(`No grant has the id ${id}.`);
    expect((await loadAccess(pool, 'someone@example.com', ['jd-de-translators'])).permissions.view.deny).toEqual([]);
  });

  it('defines roles, refusing built-in names, unknown actions and unknown roles with a clear message', async () => {
    const defined = await cli('role', 'define', 'scripter', 'view,scripts');
    expect(defined.stdout).toMatch('Defined role scripter: view, scripts.');
    expect((await cli('role', 'define', 'scripter', 'view,scripts,edit')).stdout).toMatch(
      'Redefined role scripter: view, edit, scripts.',
    );
    const builtIn = await cli('role', 'define', 'editor', 'view');
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toMatch(/'editor' is a built-in role .* and cannot be redefined/);
    // publish (issue 24) is an action a defined role may hold too (migration 007).
    expect((await cli('role', 'define', 'releaser', 'view,publish')).stdout).toMatch(
      'Defined role releaser: view, publish.',
    );
    const unknownAction = await cli('role', 'define', 'poster', 'view,launch');
    expect(unknownAction.code).toBe(1);
    expect(unknownAction.stderr).toMatch(
      /Unknown action 'launch': the actions are view, edit, structure, scripts, bookmark, publish, admin\./,
    );
    const unknownRole = await cli('role', 'grant', 'poster', '--to', 'a@example.com');
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.stderr).toMatch(
      /No role is named 'poster'\. The roles: admin, editor, translator, publisher, viewer, releaser, scripter/,
    );

    await cli('role', 'grant', 'scripter', '--to', 'scripts@example.com');
    const scripter = await loadAccess(pool, 'scripts@example.com', []);
    expect(may(scripter.permissions, 'scripts', JD_GB)).toBe(true);
    expect(may(scripter.permissions, 'structure', JD_GB)).toBe(false);
  });

  it('adds a user with only the role it names, and nothing without one', async () => {
    const added = await runServerCommand([
      'user',
      'add',
      'tr.de@example.com',
      '--role',
      'translator',
      '--fascia',
      'site_jd',
      '--country',
      'de',
      '--database-url',
      databaseUrl,
    ]);
    expect(added.stdout).toMatch('Granted translator over JD in DE.');
    const translator = await loadAccess(pool, 'tr.de@example.com', []);
    expect(may(translator.permissions, 'edit', JD_DE)).toBe(true);
    expect(may(translator.permissions, 'edit', JD_GB)).toBe(false);

    const bare = await cli('user', 'add', 'bare@example.com');
    expect(bare.stdout).toMatch(
      'bare@example.com may do nothing yet: grant a role with npm run server -- role grant ROLE --to bare@example.com',
    );
    expect((await loadAccess(pool, 'bare@example.com', [])).grants).toEqual([]);

    const unknown = await cli('user', 'add', 'odd@example.com', '--role', 'nope');
    expect(unknown.code).toBe(1);
    const users = await pool.query('SELECT email FROM users WHERE email = $1', ['odd@example.com']);
    expect(users.rows).toEqual([]);
  });

  it('disables and enables a user', async () => {
    await cli('user', 'add', 'leaver@example.com');
    const disabled = await cli('user', 'disable', 'Leaver@example.com');
    expect(disabled.stdout).toMatch('Disabled leaver@example.com: their tokens are refused from now on');
    expect(
      (await pool.query('SELECT disabled_at FROM users WHERE email = $1', ['leaver@example.com'])).rows[0].disabled_at,
    ).not.toBeNull();
    expect((await cli('user', 'list')).stdout).toMatch(/^leaver@example\.com \(disabled\) {2}tokens: /m);
    expect((await cli('user', 'enable', 'leaver@example.com')).stdout).toMatch('Enabled leaver@example.com');
    expect((await cli('user', 'list')).stdout).toMatch(/^leaver@example\.com {2}tokens: /m);
    expect((await cli('user', 'disable', 'ghost@example.com')).stderr).toMatch('No user is ghost@example.com.');
  });

  it('records every grant, role and user change in the audit log, as made by the command line', async () => {
    await addUserWithCommand(databaseUrl, 'audited@example.com', []);
    const granted = await cli('role', 'grant', 'viewer', '--to', 'audited@example.com', '--country', 'fr');
    expect(granted.code).toBe(0);
    expect((await cli('role', 'define', 'proofreader', 'view,edit')).code).toBe(0);
    expect((await cli('user', 'disable', 'audited@example.com')).code).toBe(0);
    expect((await cli('role', 'revoke', 'viewer', '--to', 'audited@example.com', '--country', 'fr')).code).toBe(0);

    const { rows } = await pool.query<{ action: string; subject: string | null; user_agent: string }>(
      `SELECT action, subject, user_agent FROM audit_log
        WHERE subject = 'audited@example.com' OR details->>'role' = 'proofreader' ORDER BY id`,
    );
    const commandLine = 'storefront-studio-server command line';
    expect(rows).toEqual([
      { action: 'token.create', subject: 'audited@example.com', user_agent: commandLine },
      { action: 'grant.add', subject: 'audited@example.com', user_agent: commandLine },
      { action: 'role.define', subject: null, user_agent: commandLine },
      { action: 'user.disable', subject: 'audited@example.com', user_agent: commandLine },
      { action: 'grant.revoke', subject: 'audited@example.com', user_agent: commandLine },
    ]);
  });
});

describe('migration 004', () => {
  it('makes every user from before it an admin everywhere, and no one added after it', async () => {
    const url = postgres.createDatabase('upgrade_004');
    const client = new pg.Client(url);
    await client.connect();
    try {
      await applyMigrations(
        client,
        bundledMigrations().filter((migration) => migration.id < 4),
      );
      await client.query(`INSERT INTO users (email) VALUES ('early@example.com'), ('earlier@example.com')`);
      await applyMigrations(client);
      await client.query(`INSERT INTO users (email) VALUES ('late@example.com')`);
      for (const email of ['early@example.com', 'earlier@example.com']) {
        const access = await loadAccess(client, email, []);
        expect(access.grants).toEqual([
          { role: 'admin', to: { kind: 'user', name: email }, scope: EVERYWHERE, effect: 'allow' },
        ]);
      }
      expect((await loadAccess(client, 'late@example.com', [])).grants).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
