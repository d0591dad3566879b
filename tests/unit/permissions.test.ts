import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  BUILT_IN_ROLES,
  EVERYWHERE,
  describePlace,
  describeScope,
  effectivePermissions,
  grantsFor,
  may,
  mayEverywhere,
  roleTable,
  scopeCovers,
  scopeValues,
  type Action,
  type Grant,
  type Place,
  type Scope,
} from '../../core/permissions';
import type { PageSummary } from '../../core/schemas';
import { matchesPageQuery } from '../../core/store';
import { MeAnswerSchema } from '../../core/teamProtocol';

const user = (name: string) => ({ kind: 'user' as const, name });
const group = (name: string) => ({ kind: 'group' as const, name });
const grant = (
  role: string,
  scope: Scope,
  effect: Grant['effect'] = 'allow',
  to: Grant['to'] = user('ed@example.com'),
): Grant => ({
  role,
  to,
  scope,
  effect,
});
const JD_DE: Scope = { fascias: ['site_jd'], countries: ['de'] };
const builtIn = roleTable([]);
const permissionsOf = (...grants: Grant[]) => effectivePermissions(grants, builtIn);

describe('roles', () => {
  it('has the built-in roles of issue 22, and the publisher of issue 24; admin may publish', () => {
    expect(BUILT_IN_ROLES).toEqual({
      admin: ['view', 'edit', 'structure', 'scripts', 'bookmark', 'publish', 'admin'],
      editor: ['view', 'edit', 'structure', 'bookmark'],
      translator: ['view', 'edit'],
      publisher: ['view', 'publish'],
      viewer: ['view'],
    });
  });

  it('lets a publisher view and publish within the grant scope, and nothing else', () => {
    const publisher = permissionsOf(grant('publisher', JD_DE));
    const place: Place = { fascia: 'site_jd', country: 'de' };
    expect(ACTIONS.filter((action) => may(publisher, action, place))).toEqual(['view', 'publish']);
    expect(may(publisher, 'publish', { fascia: 'site_jd', country: 'gb' })).toBe(false);
    expect(may(permissionsOf(grant('editor', EVERYWHERE)), 'publish', place)).toBe(false);
    expect(mayEverywhere(permissionsOf(grant('admin', EVERYWHERE)), 'publish')).toBe(true);
  });

  it('reads the permissions of a server from before publish (its /me has none) as publish allowed nowhere', () => {
    const { publish, ...older } = permissionsOf(grant('admin', EVERYWHERE));
    expect(publish.allow).toEqual([EVERYWHERE]);
    const me = MeAnswerSchema.parse({
      user: 'ed@example.com',
      server: 'storefront-studio',
      groups: [],
      grants: [grant('admin', EVERYWHERE)],
      permissions: older,
    });
    expect(me.permissions.publish).toEqual({ allow: [], deny: [] });
    expect(may(me.permissions, 'publish', { fascia: 'site_jd', country: 'de' })).toBe(false);
    expect(may(me.permissions, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(true);
  });

  it('adds defined roles, but a defined role never replaces a built-in one', () => {
    const table = roleTable([
      { name: 'scripter', actions: ['view', 'scripts'] },
      { name: 'viewer', actions: ['admin'] },
    ]);
    expect(table.get('scripter')).toEqual(['view', 'scripts']);
    expect(table.get('viewer')).toEqual(['view']);
  });
});

describe('scope values', () => {
  it('parses --fascia and --country lists: countries lowercased, * for any, duplicates dropped', () => {
    expect(scopeValues('site_jd, site_sz,site_jd', 'fascia')).toEqual(['site_jd', 'site_sz']);
    expect(scopeValues('GB,IE', 'country')).toEqual(['gb', 'ie']);
    expect(scopeValues('GB,*', 'country')).toEqual(['*']);
    expect(scopeValues(undefined, 'fascia')).toEqual(['*']);
    expect(scopeValues(' , ', 'country')).toEqual(['*']);
  });
});

describe('effective permissions', () => {
  it('gives each action of the role within the grant scope, and nothing elsewhere', () => {
    const translator = permissionsOf(grant('translator', JD_DE));
    expect(may(translator, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(true);
    expect(may(translator, 'view', { fascia: 'site_jd', country: 'de' })).toBe(true);
    expect(may(translator, 'structure', { fascia: 'site_jd', country: 'de' })).toBe(false);
    expect(may(translator, 'edit', { fascia: 'site_jd', country: 'gb' })).toBe(false);
    expect(may(translator, 'edit', { fascia: 'site_sz', country: 'de' })).toBe(false);
  });

  it('lets a deny grant beat any allow grant, within its scope only', () => {
    const permissions = permissionsOf(grant('admin', EVERYWHERE), grant('editor', JD_DE, 'deny'));
    expect(may(permissions, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(false);
    expect(may(permissions, 'view', { fascia: 'site_jd', country: 'de' })).toBe(false);
    // The editor role has no scripts: the deny does not take them away.
    expect(may(permissions, 'scripts', { fascia: 'site_jd', country: 'de' })).toBe(true);
    expect(may(permissions, 'edit', { fascia: 'site_jd', country: 'gb' })).toBe(true);
    expect(mayEverywhere(permissions, 'admin')).toBe(true);
    expect(mayEverywhere(permissions, 'edit')).toBe(false);
  });

  it('gives nothing, and denies nothing, for a role that does not exist', () => {
    const permissions = permissionsOf(grant('editor', EVERYWHERE), grant('gone', EVERYWHERE, 'deny'));
    expect(may(permissions, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(true);
    expect(ACTIONS.every((action) => permissionsOf(grant('gone', EVERYWHERE))[action].allow.length === 0)).toBe(true);
  });

  it('counts administration only when allowed everywhere', () => {
    expect(mayEverywhere(permissionsOf(grant('admin', EVERYWHERE)), 'admin')).toBe(true);
    expect(mayEverywhere(permissionsOf(grant('admin', JD_DE)), 'admin')).toBe(false);
  });

  it("applies a user's own grants and their groups', whatever the case of the email", () => {
    const grants = [
      grant('editor', JD_DE, 'allow', user('ed@example.com')),
      grant('viewer', EVERYWHERE, 'allow', group('jd-readers')),
      grant('translator', EVERYWHERE, 'allow', group('other')),
      grant('admin', EVERYWHERE, 'allow', user('someone@example.com')),
    ];
    expect(grantsFor(grants, 'Ed@Example.com', ['jd-readers']).map((applied) => applied.role)).toEqual([
      'editor',
      'viewer',
    ]);
    expect(grantsFor(grants, 'nobody@example.com', [])).toEqual([]);
  });
});

describe('listings within scopes', () => {
  it('keeps the pages whose place the scopes allow, as both stores filter a listing (core/store.ts)', () => {
    const summary = (fascia: string, country: PageSummary['key']['country']): PageSummary => ({
      key: { fascia, country, page: 'home', source: 'web', platform: 'web' },
      category: '',
      author: 'a@example.com',
      timestamp: '2026-01-01T00:00:00.000Z',
      hash: '0',
      version: 1,
    });
    const within = permissionsOf(
      grant('viewer', { fascias: ['site_jd'], countries: ['*'] }),
      grant('viewer', JD_DE, 'deny'),
    ).view;
    expect(matchesPageQuery(summary('site_jd', 'gb'), { within })).toBe(true);
    expect(matchesPageQuery(summary('site_jd', 'de'), { within })).toBe(false);
    expect(matchesPageQuery(summary('site_sz', 'gb'), { within })).toBe(false);
    expect(matchesPageQuery(summary('site_sz', 'gb'), {})).toBe(true);
  });
});

describe('describing places and scopes', () => {
  it('names places and scopes as a reader says them', () => {
    expect(describePlace({ fascia: 'site_jd', country: 'de' })).toBe('JD DE');
    expect(describePlace({ fascia: 'app_jd', country: 'gb' })).toBe('JD App GB');
    expect(describeScope(EVERYWHERE)).toBe('every fascia in every country');
    expect(describeScope({ fascias: ['site_jd', 'site_sz'], countries: ['gb', 'ie'] })).toBe('JD, SZ in GB, IE');
    expect(describeScope({ fascias: ['site_jd'], countries: ['*'] })).toBe('JD in every country');
  });
});

describe('properties', () => {
  const fascia = fc.constantFrom('site_jd', 'site_sz', 'app_jd');
  const country = fc.constantFrom('gb', 'ie', 'de');
  const values = (one: fc.Arbitrary<string>): fc.Arbitrary<string[]> =>
    fc.oneof(fc.constant<string[]>(['*']), fc.uniqueArray(one, { minLength: 1, maxLength: 3 }));
  const scope: fc.Arbitrary<Scope> = fc.record({ fascias: values(fascia), countries: values(country) });
  const role = fc.constantFrom(...Object.keys(BUILT_IN_ROLES), 'gone');
  const grants = fc.array(
    fc.record({ role, to: fc.constant(user('ed@example.com')), scope, effect: fc.constantFrom('allow', 'deny') }),
    { maxLength: 6 },
  );
  const place = fc.record({ fascia, country });
  const action = fc.constantFrom(...ACTIONS);
  const roleHas = (name: string, wanted: Action) => (builtIn.get(name) ?? []).includes(wanted);

  it('allows an action exactly where an allow grant of a role with it covers the place and no such deny does', () => {
    fc.assert(
      fc.property(grants, place, action, (given, where, wanted) => {
        const covering = given.filter((one) => roleHas(one.role, wanted) && scopeCovers(one.scope, where));
        const expected =
          covering.some((one) => one.effect === 'allow') && !covering.some((one) => one.effect === 'deny');
        expect(may(permissionsOf(...(given as Grant[])), wanted, where)).toBe(expected);
      }),
    );
  });

  it('never allows more after a deny grant is added, nor less after an allow grant is added', () => {
    fc.assert(
      fc.property(grants, role, scope, place, action, (given, extraRole, extraScope, where, wanted) => {
        const before = may(permissionsOf(...(given as Grant[])), wanted, where);
        const denied = may(permissionsOf(...(given as Grant[]), grant(extraRole, extraScope, 'deny')), wanted, where);
        const allowed = may(permissionsOf(...(given as Grant[]), grant(extraRole, extraScope, 'allow')), wanted, where);
        if (denied) expect(before).toBe(true);
        if (before) expect(allowed).toBe(true);
      }),
    );
  });
});
