import { describe, expect, it } from 'vitest';
import { parseServerArgs, rootRefusal, UsageError } from '../../server/cli';

const URL = 'postgres://studio@127.0.0.1:5432/studio';

describe('the server command line', () => {
  it('serves on the given port and host, or PORT and DATABASE_URL from the environment, on 127.0.0.1 by default', () => {
    expect(parseServerArgs(['--port', '9000', '--host', '0.0.0.0', '--database-url', URL], {})).toEqual({
      command: 'serve',
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: URL,
    });
    expect(parseServerArgs([], { PORT: '7000', DATABASE_URL: URL })).toEqual({
      command: 'serve',
      port: 7000,
      host: '127.0.0.1',
      databaseUrl: URL,
    });
    // Options win over the environment; an empty variable counts as unset.
    expect(parseServerArgs(['--port', '1'], { PORT: '2', DATABASE_URL: URL })).toMatchObject({ port: 1 });
    expect(parseServerArgs([], { PORT: '', DATABASE_URL: URL })).toMatchObject({ port: 8080 });
  });

  it('reads the user and token commands', () => {
    expect(parseServerArgs(['user', 'add', 'a@b.com'], { DATABASE_URL: URL })).toEqual({
      command: 'user add',
      argument: 'a@b.com',
      databaseUrl: URL,
    });
    expect(parseServerArgs(['user', 'list'], { DATABASE_URL: URL })).toEqual({
      command: 'user list',
      databaseUrl: URL,
    });
    expect(parseServerArgs(['token', 'revoke', 'abc123'], { DATABASE_URL: URL })).toMatchObject({
      command: 'token revoke',
      argument: 'abc123',
    });
  });

  it('reads the role and grant commands (issue 22)', () => {
    const env = { DATABASE_URL: URL };
    expect(
      parseServerArgs(
        ['role', 'grant', 'editor', '--to', 'Editor.GB@example.com', '--fascia', 'site_jd', '--country', 'IE,GB'],
        env,
      ),
    ).toEqual({
      command: 'role grant',
      grant: {
        role: 'editor',
        to: { kind: 'user', name: 'editor.gb@example.com' },
        scope: { fascias: ['site_jd'], countries: ['gb', 'ie'] },
        effect: 'allow',
      },
      databaseUrl: URL,
    });
    expect(parseServerArgs(['role', 'revoke', 'viewer', '--to', 'group:jd-de', '--deny'], env)).toMatchObject({
      command: 'role revoke',
      grant: { to: { kind: 'group', name: 'jd-de' }, scope: { fascias: ['*'], countries: ['*'] }, effect: 'deny' },
    });
    expect(parseServerArgs(['role', 'revoke', '--id', '12'], env)).toMatchObject({
      command: 'role revoke by id',
      argument: '12',
    });
    expect(parseServerArgs(['role', 'define', 'scripter', 'view,scripts'], env)).toMatchObject({
      command: 'role define',
      argument: 'scripter',
      actions: 'view,scripts',
    });
    expect(parseServerArgs(['grant', 'list'], env)).toMatchObject({ command: 'grant list', to: undefined });
    expect(parseServerArgs(['user', 'add', 'a@b.com', '--role', 'viewer', '--country', 'DE'], env)).toMatchObject({
      command: 'user add',
      access: { role: 'viewer', scope: { fascias: ['*'], countries: ['de'] } },
    });
    expect(parseServerArgs(['user', 'disable', 'a@b.com'], env)).toMatchObject({ command: 'user disable' });
    expect(() => parseServerArgs(['role', 'grant', 'editor'], env)).toThrow(
      /role grant needs --to EMAIL or --to group:NAME/,
    );
    expect(() => parseServerArgs(['role', 'grant', 'editor', '--to', 'not-an-email'], env)).toThrow(
      /--to takes an email address or group:NAME/,
    );
    expect(() => parseServerArgs(['user', 'add', 'a@b.com', '--fascia', 'site_jd'], env)).toThrow(
      /--fascia and --country go with role grant, role revoke, or user add with --role/,
    );
  });

  it('refuses what it cannot use, saying why', () => {
    const refused =
      (argv: string[], env: NodeJS.ProcessEnv = { DATABASE_URL: URL }) =>
      () =>
        parseServerArgs(argv, env);
    expect(refused([], {})).toThrow(UsageError);
    expect(refused([], {})).toThrow(/--database-url postgres:\/\/USER@HOST:PORT\/DB or DATABASE_URL/);
    expect(refused(['--database-url', 'mysql://x'], {})).toThrow(/must start with postgres:\/\//);
    expect(refused(['--port', '70000'])).toThrow(/port must be a number from 0 to 65535, not '70000'/);
    expect(refused(['--port', 'http'])).toThrow(/not 'http'/);
    expect(refused(['user', 'add'])).toThrow(/Unknown command: user add/);
    expect(refused(['user', 'remove', 'a@b.com'])).toThrow(/Unknown command/);
    expect(refused(['user', 'add', 'a@b.com', 'extra'])).toThrow(/Unexpected arguments: extra/);
  });

  it('refuses root only', () => {
    expect(rootRefusal(0)).toMatch(/refuses to run as root/);
    expect(rootRefusal(1000)).toBeNull();
    expect(rootRefusal(undefined)).toBeNull();
  });
});
