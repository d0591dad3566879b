import { Writable } from 'node:stream';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  EVERYWHERE,
  effectivePermissions,
  may,
  roleTable,
  type Grant,
  type Scope,
} from '../../core/permissions';
import { ACTION_OF_CHANGE, changesOfSave } from '../../core/rules/saveChanges';
import type { Component, PageContent, PageKey } from '../../core/schemas';
import { addUser } from '../../server/auth';
import { grantRole, loadAccess, setUserDisabled } from '../../server/access/grants';
import { createPostgresStore } from '../../server/content/postgresStore';
import { createDatabase, type Database } from '../../server/db/database';
import { createLogger } from '../../server/log';
import { startTeamServer, type TeamServer } from '../../server/teamServer';
import type { ContentStore } from '../../core/store';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openEventStream, teamClient, type Answer } from '../helpers/teamServer';
import { makePage } from './helpers/pages';

/**
 * Issue 22 on the team server: every route for every built-in role (a table), the event stream and listings
 * filtered, deny beating allow, group grants, disabled users, and a property test of saves.
 */

let postgres: TestPostgres;
let server: TeamServer;
let pool: pg.Pool;
let database: Database;
let store: ContentStore;
const logLines: string[] = [];
const tokens = new Map<string, string>();

const scope = (fascias: string[], countries: string[]): Scope => ({ fascias, countries });
/** The users of the table, each with the grants that make their role. */
const USERS: Record<string, { role: string; scope: Scope; effect?: Grant['effect'] }[]> = {
  admin: [{ role: 'admin', scope: EVERYWHERE }],
  editor: [{ role: 'editor', scope: scope(['site_jd'], ['gb', 'ie']) }],
  translator: [{ role: 'translator', scope: scope(['site_jd'], ['de']) }],
  viewer: [{ role: 'viewer', scope: scope(['site_jd'], ['*']) }],
  publisher: [{ role: 'publisher', scope: scope(['site_jd'], ['gb']) }],
  // Deny beats allow: an editor everywhere but JD DE.
  denied: [
    { role: 'editor', scope: EVERYWHERE },
    { role: 'editor', scope: scope(['site_jd'], ['de']), effect: 'deny' },
  ],
  nobody: [],
};
const emailOf = (name: string) => `${name}@example.com`;
const client = (name: string) => teamClient(server.url, tokens.get(name));

beforeAll(async () => {
  postgres = await startTestPostgres();
  const databaseUrl = postgres.createDatabase('permissions');
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTeamServer({ databaseUrl, log: createLogger(logSink, 'info'), eventHeartbeatMs: 200 });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => undefined);
  database = createDatabase({ connectionString: databaseUrl });
  store = createPostgresStore(database);
  for (const [name, grants] of Object.entries(USERS)) {
    tokens.set(name, (await addUser(pool, emailOf(name))).token);
    for (const { role, scope: where, effect = 'allow' } of grants)
      await grantRole(pool, { role, to: { kind: 'user', name: emailOf(name) }, scope: where, effect }, 'test');
  }
});

afterAll(async () => {
  await server?.close();
  await pool?.end();
  await database?.end();
  postgres?.destroy();
});

const key = (fascia: string, country: PageKey['country'], page: string): PageKey => ({
  fascia,
  country,
  page,
  source: 'web',
  platform: 'web',
});
const query = (pageKey: PageKey, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...pageKey, ...extra }).toString();
const banner = (id: string, title: string): Component => ({
  _component: 'Banner',
  _identifier: `Banner-${id}`,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});
function withComponents(content: PageContent, components: Component[], extra: Partial<PageContent> = {}) {
  return { ...content, ...extra, content: components };
}

/** A page saved by the admin, for one request of the table. */
async function seed(pageKey: PageKey): Promise<PageContent> {
  const content = makePage({ key: pageKey, title: 'Seeded' });
  const saved = await client('admin').post('/saveContent', { content, baseHash: null });
  expect(saved.status).toBe(201);
  return { ...content, hash: saved.body.version.hash };
}

type Request = (name: string, place: PageKey) => Promise<Answer>;
const save = (name: string, content: PageContent, baseHash: string | null | undefined) =>
  client(name).post('/saveContent', { content, ...(baseHash === undefined ? {} : { baseHash }) });

/** Each request of the table, made at a place on a page of its own. */
const REQUESTS: Record<string, Request> = {
  'GET /page': async (name, at) => (await seed(at), client(name).get(`/page?${query(at)}`)),
  'GET /versions': async (name, at) => (await seed(at), client(name).get(`/versions?${query(at)}`)),
  'GET /version': async (name, at) => (await seed(at), client(name).get(`/version?${query(at, { version: '1' })}`)),
  'save: edit': async (name, at) => {
    const base = await seed(at);
    return save(name, withComponents(base, [banner('abcdefghij', 'Edited')]), base.hash);
  },
  'save: structure': async (name, at) => {
    const base = await seed(at);
    return save(name, withComponents(base, [...base.content, banner('added', 'New')]), base.hash);
  },
  'save: scripts': async (name, at) => {
    const base = await seed(at);
    return save(name, withComponents(base, base.content, { customScripts: 'track()' }), base.hash);
  },
  'save: new page': async (name, at) => save(name, makePage({ key: at }), null),
  'save: overwrite with a structural change': async (name, at) => {
    const base = await seed(at);
    return save(name, withComponents(base, []), undefined);
  },
  'POST /saveBookmark': async (name, at) => (
    await seed(at),
    client(name).post('/saveBookmark', { content: makePage({ key: at }) })
  ),
  'POST /presence': async (name, at) => client(name).post('/presence', { pageKey: at, state: 'open' }),
  'POST /goLive': async (name, at) => (
    await seed(at),
    client(name).post('/goLive', { pageKey: at, version: 1, message: 'Go live', by: emailOf(name) })
  ),
  // Live twice, so that there is a version to go back to.
  'POST /rollBack': async (name, at) => {
    await seed(at);
    for (let times = 0; times < 2; times++)
      expect((await client('admin').post('/goLive', { pageKey: at, version: 1, message: 'Go', by: 'x' })).status).toBe(
        201,
      );
    return client(name).post('/rollBack', { pageKey: at, message: 'Back', by: emailOf(name) });
  },
};

// Expected status per request for [JD GB, JD DE].
const TABLE: [string, string, number, number][] = [
  ['admin', 'GET /page', 200, 200],
  ['admin', 'GET /versions', 200, 200],
  ['admin', 'GET /version', 200, 200],
  ['admin', 'save: edit', 201, 201],
  ['admin', 'save: structure', 201, 201],
  ['admin', 'save: scripts', 201, 201],
  ['admin', 'save: new page', 201, 201],
  ['admin', 'save: overwrite with a structural change', 201, 201],
  ['admin', 'POST /saveBookmark', 201, 201],
  ['admin', 'POST /presence', 200, 200],
  ['admin', 'POST /goLive', 201, 201],
  ['admin', 'POST /rollBack', 201, 201],
  ['editor', 'GET /page', 200, 404],
  ['editor', 'GET /versions', 200, 404],
  ['editor', 'GET /version', 200, 404],
  ['editor', 'save: edit', 201, 403],
  ['editor', 'save: structure', 201, 403],
  ['editor', 'save: scripts', 403, 403],
  ['editor', 'save: new page', 201, 403],
  ['editor', 'save: overwrite with a structural change', 201, 403],
  ['editor', 'POST /saveBookmark', 201, 403],
  ['editor', 'POST /presence', 200, 403],
  ['editor', 'POST /goLive', 403, 404],
  ['editor', 'POST /rollBack', 403, 404],
  ['translator', 'GET /page', 404, 200],
  ['translator', 'GET /versions', 404, 200],
  ['translator', 'GET /version', 404, 200],
  ['translator', 'save: edit', 403, 201],
  ['translator', 'save: structure', 403, 403],
  ['translator', 'save: scripts', 403, 403],
  ['translator', 'save: new page', 403, 403],
  ['translator', 'save: overwrite with a structural change', 403, 403],
  ['translator', 'POST /saveBookmark', 403, 403],
  ['translator', 'POST /presence', 403, 200],
  ['translator', 'POST /goLive', 404, 403],
  ['translator', 'POST /rollBack', 404, 403],
  ['viewer', 'GET /page', 200, 200],
  ['viewer', 'GET /versions', 200, 200],
  ['viewer', 'GET /version', 200, 200],
  ['viewer', 'save: edit', 403, 403],
  ['viewer', 'save: structure', 403, 403],
  ['viewer', 'save: scripts', 403, 403],
  ['viewer', 'save: new page', 403, 403],
  ['viewer', 'save: overwrite with a structural change', 403, 403],
  ['viewer', 'POST /saveBookmark', 403, 403],
  ['viewer', 'POST /presence', 200, 200],
  ['viewer', 'POST /goLive', 403, 403],
  ['viewer', 'POST /rollBack', 403, 403],
  ['denied', 'GET /page', 200, 404],
  ['denied', 'GET /versions', 200, 404],
  ['denied', 'GET /version', 200, 404],
  ['denied', 'save: edit', 201, 403],
  ['denied', 'save: structure', 201, 403],
  ['denied', 'save: scripts', 403, 403],
  ['denied', 'save: new page', 201, 403],
  ['denied', 'save: overwrite with a structural change', 201, 403],
  ['denied', 'POST /saveBookmark', 201, 403],
  ['denied', 'POST /presence', 200, 403],
  ['denied', 'POST /goLive', 403, 404],
  ['denied', 'POST /rollBack', 403, 404],
  ['publisher', 'GET /page', 200, 404],
  ['publisher', 'GET /versions', 200, 404],
  ['publisher', 'GET /version', 200, 404],
  ['publisher', 'save: edit', 403, 403],
  ['publisher', 'save: structure', 403, 403],
  ['publisher', 'save: scripts', 403, 403],
  ['publisher', 'save: new page', 403, 403],
  ['publisher', 'save: overwrite with a structural change', 403, 403],
  ['publisher', 'POST /saveBookmark', 403, 403],
  ['publisher', 'POST /presence', 200, 403],
  ['publisher', 'POST /goLive', 201, 404],
  ['publisher', 'POST /rollBack', 201, 404],
  ['nobody', 'GET /page', 404, 404],
  ['nobody', 'GET /versions', 404, 404],
  ['nobody', 'GET /version', 404, 404],
  ['nobody', 'save: edit', 403, 403],
  ['nobody', 'save: structure', 403, 403],
  ['nobody', 'save: scripts', 403, 403],
  ['nobody', 'save: new page', 403, 403],
  ['nobody', 'save: overwrite with a structural change', 403, 403],
  ['nobody', 'POST /saveBookmark', 403, 403],
  ['nobody', 'POST /presence', 403, 403],
  ['nobody', 'POST /goLive', 404, 404],
  ['nobody', 'POST /rollBack', 404, 404],
];

describe('every route for every role', () => {
  it('covers every built-in role and every request', () => {
    expect(new Set(TABLE.map(([name]) => name))).toEqual(new Set(Object.keys(USERS)));
    for (const role of Object.keys(BUILT_IN_ROLES)) expect(TABLE.some(([name]) => name === role)).toBe(true);
    for (const request of Object.keys(REQUESTS))
      expect(TABLE.filter(([, name]) => name === request)).toHaveLength(Object.keys(USERS).length);
  });

  let pageNumber = 0;
  it.each(TABLE)('%s: %s answers %i at JD GB and %i at JD DE', async (name, request, gb, de) => {
    for (const [country, expected] of [
      ['gb', gb],
      ['de', de],
    ] as const) {
      const at = key('site_jd', country, `table-${++pageNumber}`);
      const answer = await REQUESTS[request]!(name, at);
      expect(answer.status, `${request} at JD ${country.toUpperCase()}: ${JSON.stringify(answer.body)}`).toBe(expected);
      if (expected === 403) {
        expect(answer.body.error).toMatchObject({ code: 'forbidden', scope: { fascia: 'site_jd', country } });
        expect(answer.body.error.message).toMatch(
          /^Your roles let you .*, not .* \((view|edit|structure|scripts|bookmark|publish)\)\.$/,
        );
        // Nothing was written for the refused request: the admin's seeded version is all there is.
        const seeded = request === 'save: new page' || request === 'POST /presence' ? 0 : 1;
        expect((await store.versions(at)).total).toBe(seeded);
        // Nor did a refused live move move the pointer: a rollback's page was put live twice by the admin.
        if (request === 'POST /goLive' || request === 'POST /rollBack')
          expect((await store.liveHistory(at)).total).toBe(request === 'POST /rollBack' ? 2 : 0);
      }
    }
  });
});

describe('answers', () => {
  it('refuses a save with 403 naming the missing action and its scope (core/teamProtocol.ts ForbiddenBodySchema)', async () => {
    const at = key('site_jd', 'de', 'refused');
    const base = await seed(at);
    const answer = await save('translator', withComponents(base, [...base.content, banner('added', 'New')]), base.hash);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: {
        code: 'forbidden',
        message: 'Your roles let you edit JD DE text, not add or remove components (structure).',
        action: 'structure',
        scope: { fascia: 'site_jd', country: 'de' },
      },
    });
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'refused' && line.refused?.action === 'structure');
    expect(logged).toMatchObject({ level: 30, refused: { status: 403, reason: answer.body.error.message } });
  });

  it('answers a page outside the view scope exactly as a missing page, so its existence does not leak', async () => {
    const existing = key('site_jd', 'gb', 'exists');
    await seed(existing);
    const missing = key('site_jd', 'gb', 'never-saved');
    for (const path of ['/page', '/versions', '/version']) {
      const extra: Record<string, string> = path === '/version' ? { version: '1' } : {};
      const hidden = await client('translator').get(`${path}?${query(existing, extra)}`);
      const absent = await client('translator').get(`${path}?${query(missing, extra)}`);
      expect(hidden.status, path).toBe(404);
      expect(hidden.body.error.message.replace('exists', 'never-saved')).toBe(absent.body.error.message);
      expect(Object.keys(hidden.body.error)).toEqual(Object.keys(absent.body.error));
    }
    // The log says why (the answer does not).
    expect(
      logLines.some((line) => {
        const entry = JSON.parse(line);
        return (
          entry.level === 30 &&
          entry.refused?.status === 404 &&
          entry.refused.reason === "outside the user's view scope"
        );
      }),
    ).toBe(true);
    // An admin reading the page that does not exist gets the same message.
    const adminAbsent = await client('admin').get(`/page?${query(missing)}`);
    expect(adminAbsent.body).toEqual((await client('translator').get(`/page?${query(missing)}`)).body);
  });

  it('lists only pages the user may view, with totals and paging that count those only', async () => {
    for (const [fascia, country] of [
      ['site_jd', 'gb'],
      ['site_jd', 'de'],
      ['site_sz', 'gb'],
    ] as const)
      await seed(key(fascia, country, `listing-${fascia}-${country}`));
    const expected: Record<string, string[]> = {
      admin: ['site_jd-de', 'site_jd-gb', 'site_sz-gb'],
      editor: ['site_jd-gb'],
      translator: ['site_jd-de'],
      viewer: ['site_jd-de', 'site_jd-gb'],
      denied: ['site_jd-gb', 'site_sz-gb'],
      nobody: [],
    };
    for (const [name, pages] of Object.entries(expected)) {
      const listed = await client(name).get('/pages?text=listing-&limit=500');
      expect(listed.status).toBe(200);
      const places = listed.body.pages.map((page: { key: PageKey }) => `${page.key.fascia}-${page.key.country}`);
      expect(places.sort(), name).toEqual(pages);
      expect(listed.body.total, name).toBe(pages.length);
      const first = await client(name).get('/pages?text=listing-&limit=1&offset=0');
      expect(first.body.pages.length, name).toBe(Math.min(1, pages.length));
      expect(first.body.total, name).toBe(pages.length);
    }
  });

  it('answers /me with the user, their grants and their permissions', async () => {
    const me = await client('denied').get('/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toBe('denied@example.com');
    expect(me.body.groups).toEqual([]);
    expect(me.body.grants).toEqual([
      { role: 'editor', to: { kind: 'user', name: 'denied@example.com' }, scope: EVERYWHERE, effect: 'allow' },
      {
        role: 'editor',
        to: { kind: 'user', name: 'denied@example.com' },
        scope: scope(['site_jd'], ['de']),
        effect: 'deny',
      },
    ]);
    expect(me.body.permissions.structure).toEqual({ allow: [EVERYWHERE], deny: [scope(['site_jd'], ['de'])] });
    expect(me.body.permissions.scripts).toEqual({ allow: [], deny: [] });
    const nobody = await client('nobody').get('/me');
    expect(nobody.body.grants).toEqual([]);
    expect(nobody.body.permissions.view).toEqual({ allow: [], deny: [] });
  });
});

describe('the live stream and presence', () => {
  it('carries only the saves and presence of pages the user may view, and follows grant changes', async () => {
    const gb = key('site_jd', 'gb', 'streamed');
    const de = key('site_jd', 'de', 'streamed');
    await client('admin').post('/presence', { pageKey: gb, state: 'open' });
    await client('admin').post('/presence', { pageKey: de, state: 'open' });
    const translators = await openEventStream(server.url, tokens.get('translator')!);
    const editors = await openEventStream(server.url, tokens.get('editor')!);
    try {
      const snapshot = await translators.next((event) => event.event === 'presence-snapshot');
      const streamedPlaces = (presence: { pageKey: PageKey; user: string }[]) =>
        presence.filter((entry) => entry.pageKey.page === 'streamed').map((entry) => entry.pageKey.country);
      expect(streamedPlaces(snapshot.data.presence)).toEqual(['de']);
      expect(streamedPlaces((await client('editor').get('/presence')).body.presence)).toEqual(['gb']);
      expect(streamedPlaces((await client('admin').get('/presence')).body.presence).sort()).toEqual(['de', 'gb']);

      await seed(gb);
      await seed(de);
      await translators.next((event) => event.event === 'saved' && event.data.pageKey.country === 'de');
      await editors
        .next((event) => event.event === 'saved' && event.data.pageKey.country === 'de', 300)
        .then(
          () => expect.unreachable('the editor heard of a JD DE save'),
          () => undefined,
        );
      const savedIn = (stream: typeof editors) =>
        stream.events
          .filter((event) => event.event === 'saved' && event.data.pageKey.page === 'streamed')
          .map((event) => event.data.pageKey.country);
      expect(savedIn(translators)).toEqual(['de']);
      expect(savedIn(editors)).toEqual(['gb']);

      // A grant given while the stream is open applies to it once announced.
      await grantRole(
        pool,
        {
          role: 'viewer',
          to: { kind: 'user', name: 'translator@example.com' },
          scope: scope(['site_jd'], ['gb']),
          effect: 'allow',
        },
        'test',
      );
      const later = key('site_jd', 'gb', 'streamed-later');
      await expect.poll(async () => (await client('translator').get(`/page?${query(gb)}`)).status).toBe(200);
      await seed(later);
      await translators.next((event) => event.event === 'saved' && event.data.pageKey.page === 'streamed-later');
    } finally {
      translators.close();
      editors.close();
      await pool.query(`DELETE FROM grants WHERE grantee_name = 'translator@example.com' AND role = 'viewer'`);
      await pool.query(`SELECT pg_notify('studio_events', '{"type":"access-changed"}')`);
    }
  }, 20_000);
});

describe('grants and users', () => {
  it("applies the grants of the user's identity provider groups, and a group's deny beats the user's allow", async () => {
    const to = { kind: 'group' as const, name: 'jd-de-translators' };
    await grantRole(pool, { role: 'translator', to, scope: scope(['site_jd'], ['de']), effect: 'allow' }, 'test');
    await grantRole(
      pool,
      { role: 'viewer', to: { kind: 'group', name: 'no-sz' }, scope: scope(['site_sz'], ['*']), effect: 'deny' },
      'test',
    );
    const member = await loadAccess(pool, 'nobody@example.com', ['jd-de-translators', 'no-sz']);
    expect(member.groups).toEqual(['jd-de-translators', 'no-sz']);
    expect(may(member.permissions, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(true);
    expect(may(member.permissions, 'structure', { fascia: 'site_jd', country: 'de' })).toBe(false);
    // The user's own deny (editor at JD DE) beats the group's allow; the group's deny beats the user's allow.
    const denied = await loadAccess(pool, 'denied@example.com', ['jd-de-translators', 'no-sz']);
    expect(may(denied.permissions, 'edit', { fascia: 'site_jd', country: 'de' })).toBe(false);
    expect(may(denied.permissions, 'view', { fascia: 'site_sz', country: 'gb' })).toBe(false);
    expect(may(denied.permissions, 'structure', { fascia: 'site_jd', country: 'gb' })).toBe(true);
    const outsider = await loadAccess(pool, 'nobody@example.com', ['other-group']);
    expect(outsider.grants).toEqual([]);
  });

  it("refuses a disabled user's tokens with 401 and ends their streams, until they are enabled again", async () => {
    const stream = await openEventStream(server.url, tokens.get('viewer')!);
    expect(await setUserDisabled(pool, 'viewer@example.com', true)).toBe(true);
    const refused = await client('viewer').get('/me');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/^This user is disabled/);
    await expect(stream.ended).resolves.toBeUndefined();
    expect(await setUserDisabled(pool, 'viewer@example.com', false)).toBe(true);
    expect((await client('viewer').get('/me')).status).toBe(200);
    expect(await setUserDisabled(pool, 'ghost@example.com', true)).toBe(false);
  });
});

describe('the check and the save, together', () => {
  it('compares an overwrite again when the version it was checked against is outdated, so no structural change slips past', async () => {
    const at = key('site_jd', 'de', 'outdated');
    const base = await seed(at);
    // The translator's edit makes this process keep base + edit as the newest content.
    const edited = withComponents(base, [banner('abcdefghij', 'Edited')]);
    expect((await save('translator', edited, base.hash)).status).toBe(201);
    // Another server process (the store, directly) adds a component meanwhile.
    const added = withComponents(edited, [...edited.content, banner('theirs', 'Theirs')]);
    await store.save({ content: added, kind: 'content' });
    // An overwrite without a base: against the kept version it is an edit; against the newest it removes a component.
    const overwrite = await save('translator', withComponents(edited, [banner('abcdefghij', 'Again')]), undefined);
    expect(overwrite.status).toBe(403);
    expect(overwrite.body.error.action).toBe('structure');
    expect((await store.latest(at)).stored?.content.content).toHaveLength(2);
  });

  it('compares a save based on a version another process saved with that version, not the one kept here', async () => {
    const at = key('site_jd', 'de', 'saved-elsewhere');
    const base = await seed(at);
    const added = withComponents(base, [...base.content, banner('theirs', 'Theirs')]);
    const theirs = await store.save({ content: added, kind: 'content' });
    const edit = withComponents(added, [banner('abcdefghij', 'Mine'), banner('theirs', 'Theirs')]);
    const saved = await save('translator', edit, theirs.version.hash);
    expect(saved.status).toBe(201);
    const removal = await save(
      'translator',
      withComponents(added, [banner('abcdefghij', 'Mine')]),
      saved.body.version.hash,
    );
    expect(removal.status).toBe(403);
    const stale = await save('translator', edit, theirs.version.hash);
    expect(stale.status).toBe(409);
    expect(stale.body.error.latest.version).toBe(saved.body.version.version);
  });

  it('answers a save sent again after its first answer was lost as a repeat, as before roles', async () => {
    const at = key('site_jd', 'de', 'repeated');
    const base = await seed(at);
    const body = {
      content: withComponents(base, [banner('abcdefghij', 'Once')]),
      baseHash: base.hash,
      saveId: 'repeat-save-1',
    };
    const first = await client('translator').post('/saveContent', body);
    const again = await client('translator').post('/saveContent', body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual({ ...first.body, repeated: true });
    const stale = await save('translator', withComponents(base, [banner('abcdefghij', 'Stale')]), base.hash);
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/since you opened it/);
  });
});

describe('property: saves never change what the grants exclude', () => {
  const fascias = ['site_jd', 'site_sz'];
  const countries = ['gb', 'de'] as const;
  const values = <T extends string>(options: readonly T[]): fc.Arbitrary<string[]> =>
    fc.oneof(fc.constant<string[]>(['*']), fc.subarray([...options], { minLength: 1 }));
  const grantArbitrary = fc.record({
    role: fc.constantFrom(...Object.keys(BUILT_IN_ROLES)),
    scope: fc.record({ fascias: values(fascias), countries: values(countries) }),
    effect: fc.constantFrom<Grant['effect']>('allow', 'allow', 'deny'),
  });
  const requestArbitrary = fc.record({
    user: fc.nat(2),
    fascia: fc.constantFrom(...fascias),
    country: fc.constantFrom(...countries),
    change: fc.constantFrom('edit', 'add', 'remove', 'reorder', 'scripts', 'options', 'nothing'),
    base: fc.constantFrom('current', 'none', 'stale'),
  });
  let run = 0;

  it('keeps every stored change within the grants of its author (a model from core/permissions)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(grantArbitrary, { maxLength: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(requestArbitrary, { minLength: 1, maxLength: 8 }),
        async (grantsOfUsers, requests) => {
          run++;
          const users: { email: string; token: string; grants: Grant[] }[] = [];
          for (const [index, given] of grantsOfUsers.entries()) {
            const email = `prop-${run}-${index}@example.com`;
            const { token } = await addUser(pool, email);
            const grants: Grant[] = [];
            for (const one of given) {
              const grant: Grant = { ...one, to: { kind: 'user', name: email } };
              await grantRole(pool, grant, 'test');
              grants.push(grant);
            }
            users.push({ email, token, grants });
          }
          const known = new Map<string, string>();
          for (const request of requests) {
            const user = users[request.user]!;
            const at = key(request.fascia, request.country, `prop-${run}`);
            const before = (await store.latest(at)).stored?.content ?? null;
            const content = nextContent(before, at, request.change);
            const baseHash =
              request.base === 'none'
                ? undefined
                : request.base === 'stale'
                  ? (known.get(user.email) ?? null)
                  : (before?.hash ?? null);
            const answer = await teamClient(server.url, user.token).post('/saveContent', {
              content,
              ...(baseHash === undefined ? {} : { baseHash }),
            });
            const after = (await store.latest(at)).stored?.content ?? null;
            const permissions = effectivePermissions(user.grants, roleTable([]));
            const allowed =
              changesOfSave(before, { ...content, hash: after?.hash ?? content.hash }).every((change) =>
                may(permissions, ACTION_OF_CHANGE[change], at),
              ) && may(permissions, 'view', at);
            if (after?.hash !== before?.hash || (after && !before)) {
              // Something was stored: its author's grants allow every change it made.
              expect(answer.status).toBe(201);
              expect(
                changesOfSave(before, after!).every((change) => may(permissions, ACTION_OF_CHANGE[change], at)),
              ).toBe(true);
              known.set(user.email, after!.hash);
            } else if (answer.status === 201) {
              // A save that changed no component may still have been stored: its changes are allowed too.
              expect(allowed).toBe(true);
            }
            if (answer.status === 403) expect(allowed).toBe(false);
            // Liveness: an allowed save on the current base is never refused.
            if (request.base === 'current' && allowed) expect(answer.status).toBe(201);
            expect([201, 403, 409]).toContain(answer.status);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});

/** The page after one kind of change (a new page when there is none). */
function nextContent(before: PageContent | null, at: PageKey, change: string): PageContent {
  const page = before ?? makePage({ key: at });
  const components = before ? before.content : [banner('one', 'One'), banner('two', 'Two')];
  const stamp = `${Date.now()}-${Math.random()}`;
  switch (change) {
    case 'edit':
      return withComponents(
        page,
        components.map((one, index) => (index === 0 ? { ...one, content: { title: stamp } } : one)),
      );
    case 'add':
      return withComponents(page, [...components, banner(stamp.replace(/\W/g, ''), 'Added')]);
    case 'remove':
      return withComponents(page, components.slice(1));
    case 'reorder':
      return withComponents(page, [...components].reverse());
    case 'scripts':
      return withComponents(page, components, { customScripts: `track('${stamp}')` });
    case 'options':
      return withComponents(page, components, { category: stamp });
    default:
      return withComponents(page, components);
  }
}
