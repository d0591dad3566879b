import type { IncomingMessage, Server } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../http/errors';
import { createPostgresStore } from '../../server/content/postgresStore';
import { LiveChangeError, pageKeyId, type ContentStore } from '../../core/store';
import { createDatabase } from '../../server/db/database';
import { applyMigrationsIn } from '../../server/db/migrate';
import { createFilesStore } from '../../main/services/filesStore';
import { versionHash } from '../../core/rules/page';
import type { PageKey } from '../../core/schemas';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../core/teamProtocol';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { serveContentStore } from './helpers/contentApp';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

/**
 * The content API's contract, run over HTTP against both stores (issue 12): what the embedded files store
 * answers, the team server's PostgreSQL store answers the same.
 */

interface Backend {
  store: ContentStore;
  dispose(): Promise<void>;
}

/** Users for the authenticated variant: token → user, as a team server would look them up. */
const USERS: Record<string, string> = { 'token-bob': 'Bob@Example.COM', 'token-carol': 'carol@example.com' };

async function authenticate(request: IncomingMessage): Promise<string> {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const user = token === undefined ? undefined : USERS[token];
  if (!user) throw new HttpError(401, 'unauthorized', 'Send a valid API token.');
  return user;
}

function serve(store: ContentStore, withAuth: boolean): Promise<{ url: string; server: Server }> {
  return serveContentStore(store, withAuth ? authenticate : undefined);
}

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
  headers: Headers;
}

function contract(name: string, makeBackend: () => Promise<Backend>) {
  describe(`content API contract: ${name}`, () => {
    let backend: Backend;
    let url: string;
    let server: Server;
    let token: string | undefined;

    beforeEach(async () => {
      backend = await makeBackend();
      ({ url, server } = await serve(backend.store, false));
      token = undefined;
      // The store sets each version's time (audit of issue 21); its clock reads makePage's time unless a test
      // moves it.
      vi.useFakeTimers({ toFake: ['Date'] });
      clockAt('2024-05-01T10:00:00.000Z');
    });
    afterEach(async () => {
      vi.useRealTimers();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await backend.dispose();
    });

    async function call(path: string, init: RequestInit = {}): Promise<Answer> {
      const headers = new Headers(init.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      const response = await fetch(`${url}${path}`, { ...init, headers });
      return { status: response.status, body: await response.json(), headers: response.headers };
    }
    const post = (path: string, body: unknown) =>
      call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const query = (key: PageKey, extra: Record<string, string> = {}) =>
      new URLSearchParams({ ...key, ...extra }).toString();
    const clockAt = (iso: string) => vi.setSystemTime(new Date(iso));
    const versionNumbers = async (key: PageKey = HOME_KEY) =>
      (await call(`/versions?${query(key)}`)).body.versions.map((version: { version: number }) => version.version);

    it('numbers saves from 1 and serves the latest, every version newest first, and one version', async () => {
      const first = makePage({ title: 'One' });
      const second = makePage({ title: 'Two', at: '2024-05-02T10:00:00.000Z' });
      const saved1 = await post('/saveContent', { content: first, baseHash: null });
      clockAt(second.timestamp);
      const saved2 = await post('/saveContent', { content: second, baseHash: first.hash });

      expect(saved1.status).toBe(201);
      expect(saved1.body).toEqual({
        version: {
          version: 1,
          hash: first.hash,
          author: 'alice@example.com',
          timestamp: first.timestamp,
          commitMessage: 'Set title to One',
          kind: 'content',
        },
        repeated: false,
      });
      expect(saved2.body.version.version).toBe(2);

      const latest = await call(`/page?${query(HOME_KEY)}`);
      expect(latest.body).toEqual({ content: second, version: saved2.body.version, skipped: [] });
      const versions = await call(`/versions?${query(HOME_KEY)}`);
      expect(versions.body).toEqual({ versions: [saved2.body.version, saved1.body.version], total: 2, skipped: [] });
      const old = await call(`/version?${query(HOME_KEY, { version: '1' })}`);
      expect(old.body).toEqual({ content: first, version: saved1.body.version });
    });

    it('keeps page and component fields it does not know', async () => {
      const page = makePage();
      const components = [{ ...page.content[0]!, futureField: [1, { deep: true }] }];
      // The hash covers the components as they are, unknown fields too, as the editor computes it.
      const extended = { ...page, teamField: 'kept', content: components };
      extended.hash = versionHash(extended);
      await post('/saveContent', { content: extended });
      const latest = await call(`/page?${query(HOME_KEY)}`);
      expect(latest.body.content).toEqual(extended);
    });

    it('answers 404 for a page or version never saved, and an empty history', async () => {
      expect((await call(`/page?${query(HOME_KEY)}`)).status).toBe(404);
      await post('/saveContent', { content: makePage() });
      const missing = await call(`/version?${query(HOME_KEY, { version: '7' })}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not-found');
      expect((await call(`/versions?${query({ ...HOME_KEY, page: 'other' })}`)).body).toEqual({
        versions: [],
        total: 0,
        skipped: [],
      });
    });

    describe('conflicts', () => {
      it('refuses a stale base with 409 and the latest version, and stores nothing', async () => {
        const first = makePage({ title: 'One' });
        await post('/saveContent', { content: first });
        await post('/saveContent', {
          content: makePage({ title: 'Bob', author: 'bob@example.com' }),
          baseHash: first.hash,
        });

        const stale = await post('/saveContent', { content: makePage({ title: 'Alice' }), baseHash: first.hash });

        expect(stale.status).toBe(409);
        expect(stale.body.error).toMatchObject({
          code: 'conflict',
          latest: { version: 2, author: 'bob@example.com', kind: 'content' },
        });
        expect(await versionNumbers()).toEqual([2, 1]);
      });

      it('refuses to create a page (null base) someone else created meanwhile', async () => {
        await post('/saveContent', { content: makePage({ author: 'bob@example.com' }), baseHash: null });
        const second = await post('/saveContent', { content: makePage({ title: 'Mine' }), baseHash: null });
        expect(second.status).toBe(409);
        expect(second.body.error.message).toContain('created');
      });

      it('lets exactly one of many concurrent saves on one base through, numbering without gaps', async () => {
        const first = makePage({ title: 'One' });
        await post('/saveContent', { content: first });
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            post('/saveContent', { content: makePage({ title: `T${index}` }), baseHash: first.hash }),
          ),
        );
        expect(results.map((result) => result.status).sort()).toEqual([201, ...Array(9).fill(409)]);
        expect(await versionNumbers()).toEqual([2, 1]);
      });

      it('numbers concurrent saves without a base one after another', async () => {
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, index) => post('/saveContent', { content: makePage({ title: `T${index}` }) })),
        );
        expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
        expect(await versionNumbers()).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      });
    });

    describe('bookmarks', () => {
      it('are versions of kind bookmark, never conflicting and never the page itself', async () => {
        const saved = makePage({ title: 'Saved' });
        await post('/saveContent', { content: saved });
        const bookmark = await post('/saveBookmark', { content: makePage({ title: 'Snapshot' }) });
        expect(bookmark.status).toBe(201);
        expect(bookmark.body.version).toMatchObject({ version: 2, kind: 'bookmark' });

        expect((await call(`/page?${query(HOME_KEY)}`)).body.version.version).toBe(1);
        expect((await call('/pages')).body.pages.map((page: { hash: string }) => page.hash)).toEqual([saved.hash]);
        const next = await post('/saveContent', { content: makePage({ title: 'Next' }), baseHash: saved.hash });
        expect(next.body.version).toMatchObject({ version: 3, kind: 'content' });
      });

      it('a page with only bookmarks is not listed and has no latest content', async () => {
        await post('/saveBookmark', { content: makePage({ title: 'Snapshot' }) });
        expect((await call('/pages')).body).toEqual({ pages: [], total: 0, skipped: [] });
        expect((await call(`/page?${query(HOME_KEY)}`)).status).toBe(404);
      });
    });

    describe('idempotent saves', () => {
      it('answers a repeated save id with the version it made (200, repeated), even when the base is now stale', async () => {
        const first = makePage({ title: 'One' });
        await post('/saveContent', { content: first });
        const mine = makePage({ title: 'Mine' });
        const applied = await post('/saveContent', { content: mine, baseHash: first.hash, saveId: 'save-0001-abcdef' });
        expect(applied.status).toBe(201);

        // The answer was lost (a crash or a dropped connection); the client sends the same save again.
        const retried = await post('/saveContent', { content: mine, baseHash: first.hash, saveId: 'save-0001-abcdef' });

        expect(retried.status).toBe(200);
        expect(retried.body).toEqual({ version: applied.body.version, repeated: true });
        expect(await versionNumbers()).toEqual([2, 1]);
      });

      it('refuses a save id reused for different content', async () => {
        await post('/saveContent', { content: makePage({ title: 'One' }), saveId: 'save-0002-abcdef' });
        const other = await post('/saveContent', { content: makePage({ title: 'Other' }), saveId: 'save-0002-abcdef' });
        expect(other.status).toBe(422);
        expect(other.body.error.code).toBe('save-id-reused');
        expect(await versionNumbers()).toEqual([1]);
      });

      it('keeps save ids apart per page and per kind', async () => {
        const page = makePage({ title: 'One' });
        await post('/saveContent', { content: page, saveId: 'save-0003-abcdef' });
        const elsewhere = await post('/saveContent', {
          content: makePage({ key: { ...HOME_KEY, page: 'sale' } }),
          saveId: 'save-0003-abcdef',
        });
        expect(elsewhere.status).toBe(201);
        const asBookmark = await post('/saveBookmark', { content: page, saveId: 'save-0003-abcdef' });
        expect(asBookmark.status).toBe(422);
      });

      it('refuses a malformed save id', async () => {
        const answer = await post('/saveContent', { content: makePage(), saveId: '../x' });
        expect(answer.status).toBe(400);
        expect(answer.body.error.message).toContain('saveId');
      });
    });

    describe('listing', () => {
      const sale: PageKey = { ...HOME_KEY, page: 'summer-sale', country: 'fr' };
      const size: PageKey = { fascia: 'size', country: 'gb', page: 'launch', source: 'web', platform: 'web' };

      beforeEach(async () => {
        clockAt('2024-05-01T09:00:00.000Z');
        await post('/saveContent', { content: makePage({ title: 'Old' }) });
        clockAt('2024-05-02T09:00:00.000Z');
        await post('/saveContent', { content: makePage({ key: sale, author: 'Bob@example.com' }) });
        await post('/saveContent', { content: makePage({ key: size }) });
        clockAt('2024-05-03T09:00:00.000Z');
        await post('/saveContent', { content: makePage({ title: 'New' }) });
      });
      const keys = (answer: Answer) => answer.body.pages.map((page: { key: PageKey }) => page.key);

      it('lists each page once at its latest version, newest first, ties by key', async () => {
        const all = await call('/pages');
        expect(all.body.total).toBe(3);
        expect(keys(all)).toEqual([HOME_KEY, sale, size]);
        expect(all.body.pages[0]).toMatchObject({
          version: 2,
          category: 'Trainers',
          author: 'alice@example.com',
          timestamp: '2024-05-03T09:00:00.000Z',
        });
      });

      it('filters by fascia and country', async () => {
        expect(keys(await call('/pages?fascia=size'))).toEqual([size]);
        expect(keys(await call('/pages?country=gb'))).toEqual([HOME_KEY, size]);
        expect(keys(await call('/pages?fascia=jd&country=fr'))).toEqual([sale]);
        expect((await call('/pages?fascia=none')).body).toEqual({ pages: [], total: 0, skipped: [] });
      });

      it('filters by text in the page name, category or author, ignoring case, wildcards taken literally', async () => {
        expect(keys(await call('/pages?text=SUMMER'))).toEqual([sale]);
        expect(keys(await call('/pages?text=bob@'))).toEqual([sale]);
        expect((await call('/pages?text=trainers')).body.total).toBe(3);
        expect((await call('/pages?text=%25')).body.total).toBe(0);
        expect((await call('/pages?text=_')).body.total).toBe(0);
        expect(keys(await call('/pages?text=summer-')).length).toBe(1);
      });

      it('pages with limit and offset, total counting every match', async () => {
        const second = await call('/pages?limit=1&offset=1');
        expect(keys(second)).toEqual([sale]);
        expect(second.body.total).toBe(3);
        expect(keys(await call('/pages?limit=2&offset=2'))).toEqual([size]);
        expect((await call('/pages?offset=5')).body.pages).toEqual([]);
      });

      it('refuses a bad query with a short 400', async () => {
        for (const bad of [
          'limit=0',
          'limit=abc',
          'limit=50000',
          'offset=-1',
          'country=zz',
          `fascia=${'x'.repeat(5000)}`,
          'text=a%0Ab',
        ]) {
          const answer = await call(`/pages?${bad}`);
          expect(answer.status, bad).toBe(400);
          expect(answer.body.error.message.length, bad).toBeLessThan(400);
        }
      });
    });

    describe('what the store decides, not the client (audit of issue 21)', () => {
      it("sets each version's time: a client's year 0000 or 9999 neither fails nor orders the listing", async () => {
        const other: PageKey = { ...HOME_KEY, page: 'other' };
        const future = await post('/saveContent', {
          content: { ...makePage(), timestamp: '9999-12-31T23:59:59.999Z' },
        });
        clockAt('2024-05-02T10:00:00.000Z');
        const past = await post('/saveContent', {
          content: { ...makePage({ key: other }), timestamp: '0000-01-01T00:00:00.000Z' },
        });

        expect([future.status, past.status]).toEqual([201, 201]);
        expect(future.body.version.timestamp).toBe('2024-05-01T10:00:00.000Z');
        expect(past.body.version.timestamp).toBe('2024-05-02T10:00:00.000Z');
        const listing = await call('/pages');
        expect(
          listing.body.pages.map((page: { key: PageKey; timestamp: string }) => [page.key.page, page.timestamp]),
        ).toEqual([
          ['other', '2024-05-02T10:00:00.000Z'],
          ['home', '2024-05-01T10:00:00.000Z'],
        ]);
        expect((await call(`/page?${query(other)}`)).body.content.timestamp).toBe('2024-05-02T10:00:00.000Z');
      });

      it("computes each version's hash as the editor does, so a reused hash cannot pass as another save's base", async () => {
        const first = makePage({ title: 'One' });
        const saved = await post('/saveContent', { content: { ...first, hash: 'forged' } });
        expect(saved.body.version.hash).toBe(versionHash(first));
        expect(saved.body.version.hash).toBe(first.hash);
        expect((await call(`/page?${query(HOME_KEY)}`)).body.content.hash).toBe(first.hash);

        // Someone saves other content claiming the first version's hash...
        const second = makePage({ title: 'Two' });
        const claimed = await post('/saveContent', { content: { ...second, hash: first.hash }, baseHash: first.hash });
        expect(claimed.body.version.hash).toBe(second.hash);
        // ...and an editor still on the first version is told of it rather than writing over it.
        const stale = await post('/saveContent', { content: makePage({ title: 'Stale' }), baseHash: first.hash });
        expect(stale.status).toBe(409);
        expect(stale.body.error.latest).toMatchObject({ version: 2, hash: second.hash });
        expect(await versionNumbers()).toEqual([2, 1]);
      });

      it('makes a new hash for a save that changes only page fields, so a save over the version before is a conflict', async () => {
        const first = makePage({ title: 'One' });
        await post('/saveContent', { content: first });
        // A colleague changes only the subcategory: the components are as they were.
        const options = { ...first, subcategory: 'Running', commitMessage: 'Subcategory' };
        const second = await post('/saveContent', { content: options, baseHash: first.hash });
        expect(second.body.version.hash).not.toBe(first.hash);

        // An editor still on the first version changes a title: told of the colleague's version, not saved over it.
        const stale = await post('/saveContent', { content: makePage({ title: 'Two' }), baseHash: first.hash });
        expect(stale.status).toBe(409);
        expect(stale.body.error.latest).toMatchObject({ version: 2, hash: second.body.version.hash });
        expect((await call(`/page?${query(HOME_KEY)}`)).body.content.subcategory).toBe('Running');
      });

      it('refuses a change message over 150 characters with a clear 400 and stores nothing', async () => {
        const longest = '\u{1F600}'.repeat(150);
        const fits = await post('/saveContent', { content: { ...makePage(), commitMessage: longest } });
        expect(fits.status).toBe(201);
        expect(fits.body.version.commitMessage).toBe(longest);

        for (const message of ['x'.repeat(151), 'y'.repeat(9_000)]) {
          const refused = await post('/saveContent', {
            content: { ...makePage({ title: 'Long' }), commitMessage: message },
          });
          expect(refused.status).toBe(400);
          expect(refused.body.error.code).toBe('invalid-input');
          expect(refused.body.error.message).toBe(
            `The change message has ${message.length} characters; it can have at most 150.`,
          );
          const bookmark = await post('/saveBookmark', { content: { ...makePage(), commitMessage: message } });
          expect(bookmark.status).toBe(400);
        }
        expect(await versionNumbers()).toEqual([1]);
      });
    });

    describe('bounded listings (audit of issue 21)', () => {
      it(`lists ${DEFAULT_LIST_LIMIT} pages without a limit and never more than ${MAX_LIST_LIMIT}, with the total`, async () => {
        const count = MAX_LIST_LIMIT + 1;
        for (let start = 0; start < count; start += 50) {
          await Promise.all(
            Array.from({ length: Math.min(50, count - start) }, (_, index) =>
              backend.store.save({
                content: makePage({ key: { ...HOME_KEY, page: `page-${start + index}` } }),
                kind: 'content',
              }),
            ),
          );
        }
        const byDefault = await call('/pages');
        expect(byDefault.body.pages).toHaveLength(DEFAULT_LIST_LIMIT);
        expect(byDefault.body.total).toBe(count);
        expect((await call(`/pages?limit=${MAX_LIST_LIMIT}`)).body.pages).toHaveLength(MAX_LIST_LIMIT);
        expect((await call(`/pages?limit=${MAX_LIST_LIMIT + 1}`)).status).toBe(400);
        // The store holds the bound whoever calls it.
        expect((await backend.store.listPages({ limit: 10_000 })).pages).toHaveLength(MAX_LIST_LIMIT);
        expect((await call(`/pages?offset=${count - 1}`)).body.pages).toHaveLength(1);
      });

      it(`pages the history with limit and offset, ${DEFAULT_LIST_LIMIT} versions without a limit, with the total`, async () => {
        const count = DEFAULT_LIST_LIMIT + 2;
        for (let index = 1; index <= count; index++) {
          await backend.store.save({ content: makePage({ title: `T${index}` }), kind: 'content' });
        }
        const byDefault = await call(`/versions?${query(HOME_KEY)}`);
        expect(byDefault.body.versions).toHaveLength(DEFAULT_LIST_LIMIT);
        expect(byDefault.body.versions[0].version).toBe(count);
        expect(byDefault.body.total).toBe(count);
        const page = await call(`/versions?${query(HOME_KEY, { limit: '2', offset: '1' })}`);
        expect(page.body.versions.map((version: { version: number }) => version.version)).toEqual([
          count - 1,
          count - 2,
        ]);
        expect(page.body.total).toBe(count);
        expect((await call(`/versions?${query(HOME_KEY, { offset: String(count - 1) })}`)).body.versions).toHaveLength(
          1,
        );
        expect((await call(`/versions?${query(HOME_KEY, { limit: String(MAX_LIST_LIMIT + 1) })}`)).status).toBe(400);
      });
    });

    it('never answers a 5xx for a fuzzed save, and stores nothing for a refused one', async () => {
      const text = fc.string({ unit: 'binary', maxLength: 40 });
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            field: fc.constantFrom('page', 'category', 'commitMessage', 'customStyles', 'author', 'hash'),
            value: fc.oneof(text, fc.constantFrom('\u0000', '\ud800', 'a\udfff', '\\u0000')),
            title: text,
          }),
          async ({ field, value, title }) => {
            const before = await versionNumbers();
            const answer = await post('/saveContent', { content: { ...makePage({ title }), [field]: value } });
            expect(answer.status).toBeLessThan(500);
            if (answer.status >= 400) expect(await versionNumbers()).toEqual(before);
          },
        ),
        { numRuns: 60 },
      );
    });

    describe('live versions (issue 24)', () => {
      const PUBLISHER = 'pub@example.com';
      const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
      const saveVersions = async (...titles: string[]) => {
        const hashes: string[] = [];
        for (const title of titles) {
          const saved = await backend.store.save({ content: makePage({ title }), kind: 'content' });
          hashes.push(saved.version.hash);
        }
        return hashes;
      };
      const goLive = (version: number, key: PageKey = HOME_KEY) =>
        backend.store.goLive({ key, version, by: PUBLISHER, message: `Version ${version} live` });
      const rollBack = (key: PageKey = HOME_KEY) => backend.store.rollBack({ key, by: PUBLISHER, message: 'Back' });
      const refusalOf = async (move: Promise<unknown>): Promise<string> => {
        const error = await move.then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(LiveChangeError);
        return (error as LiveChangeError).message;
      };
      const historyVersions = async (key: PageKey = HOME_KEY) =>
        (await backend.store.liveHistory(key)).entries.map((entry) => [entry.move, entry.version, entry.previous]);

      it('puts a version live: the first with no previous, each next with the version live before', async () => {
        const [first, second] = await saveVersions('One', 'Two');
        expect(await backend.store.live(HOME_KEY)).toBeNull();

        const one = await goLive(1);
        expect(one).toEqual({
          pageKey: HOME_KEY,
          version: 1,
          hash: first,
          previous: null,
          move: 'live',
          at: expect.stringMatching(ISO_UTC),
          by: PUBLISHER,
          message: 'Version 1 live',
          release: null,
        });
        expect(await backend.store.live(HOME_KEY)).toEqual(one);

        const two = await backend.store.goLive({
          key: HOME_KEY,
          version: 2,
          by: PUBLISHER,
          message: 'Both',
          release: 'summer',
        });
        expect(two).toMatchObject({ version: 2, hash: second, previous: 1, move: 'live', release: 'summer' });
        expect(await backend.store.live(HOME_KEY)).toEqual(two);
      });

      it('rolls back to the version live before, and a second rollback undoes the first', async () => {
        const [first, second] = await saveVersions('One', 'Two', 'Three');
        await goLive(1);
        await goLive(2);

        const back = await rollBack();
        expect(back).toEqual({
          pageKey: HOME_KEY,
          version: 1,
          hash: first,
          previous: 2,
          move: 'rollback',
          at: expect.stringMatching(ISO_UTC),
          by: PUBLISHER,
          message: 'Back',
          release: null,
        });
        expect(await backend.store.live(HOME_KEY)).toEqual(back);

        const again = await rollBack();
        expect(again).toMatchObject({ version: 2, hash: second, previous: 1, move: 'rollback' });
        expect(await historyVersions()).toEqual([
          ['rollback', 2, 1],
          ['rollback', 1, 2],
          ['live', 2, 1],
          ['live', 1, null],
        ]);
      });

      it('refuses a version that does not exist, a bookmark, and a rollback with nothing to go back to, recording nothing', async () => {
        await saveVersions('One');
        await backend.store.save({ content: makePage({ title: 'Snapshot' }), kind: 'bookmark' });
        const other: PageKey = { ...HOME_KEY, page: 'never-saved' };

        expect(await refusalOf(goLive(7))).toBe("page 'home' (jd, gb, app/ios) has no version 7 to put live.");
        expect(await refusalOf(goLive(1, other))).toBe(
          "page 'never-saved' (jd, gb, app/ios) has no version 1 to put live.",
        );
        expect(await refusalOf(goLive(2))).toBe(
          "Version 2 of page 'home' (jd, gb, app/ios) is a bookmark; only saved content goes live.",
        );
        expect(await refusalOf(rollBack())).toBe(
          "page 'home' (jd, gb, app/ios) is not live, so there is nothing to roll back.",
        );
        expect(await refusalOf(rollBack(other))).toBe(
          "page 'never-saved' (jd, gb, app/ios) is not live, so there is nothing to roll back.",
        );
        expect(await backend.store.liveHistory(HOME_KEY)).toEqual({ entries: [], total: 0 });

        const one = await goLive(1);
        expect(await refusalOf(rollBack())).toBe(
          "page 'home' (jd, gb, app/ios) has been live at version 1 only: there is no earlier live version to go back to.",
        );
        expect(await backend.store.liveHistory(HOME_KEY)).toEqual({ entries: [one], total: 1 });
      });

      it('keeps the history newest first, with the total, paged', async () => {
        await saveVersions('One', 'Two', 'Three');
        const moves = [await goLive(1), await goLive(3), await goLive(2), await rollBack()];
        const newestFirst = [...moves].reverse();

        expect(await backend.store.liveHistory(HOME_KEY)).toEqual({ entries: newestFirst, total: 4 });
        expect(await backend.store.liveHistory(HOME_KEY, { limit: 2, offset: 1 })).toEqual({
          entries: newestFirst.slice(1, 3),
          total: 4,
        });
        expect(await backend.store.liveHistory(HOME_KEY, { offset: 4 })).toEqual({ entries: [], total: 4 });
        const times = newestFirst.map((entry) => Date.parse(entry.at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        // Another page, and the same page in another country, have histories of their own.
        expect(await backend.store.liveHistory({ ...HOME_KEY, country: 'fr' })).toEqual({ entries: [], total: 0 });
        expect(await backend.store.live({ ...HOME_KEY, page: 'other' })).toBeNull();
      });

      it('lists the live version of each page that has one, with how many content versions UAT is ahead', async () => {
        const other: PageKey = { ...HOME_KEY, page: 'other' };
        await backend.store.save({ content: makePage({ key: other }), kind: 'content' });
        await saveVersions('One', 'Two');
        const live = await goLive(1);
        const listed = async (key: PageKey) =>
          (await backend.store.listPages()).pages.find((page) => pageKeyId(page.key) === pageKeyId(key));

        expect((await listed(HOME_KEY))?.live).toEqual({ version: 1, at: live.at, by: PUBLISHER, ahead: 1 });
        expect(await listed(other)).not.toHaveProperty('live');

        // Bookmarks are not content: UAT is ahead by the content versions saved after the live one.
        await backend.store.save({ content: makePage({ title: 'Snapshot' }), kind: 'bookmark' });
        await saveVersions('Three', 'Four');
        expect(await listed(HOME_KEY)).toMatchObject({ version: 5, live: { version: 1, ahead: 3 } });

        await goLive(5);
        expect((await listed(HOME_KEY))?.live).toMatchObject({ version: 5, ahead: 0 });
        await rollBack();
        expect((await listed(HOME_KEY))?.live).toMatchObject({ version: 1, ahead: 3 });
        // Over HTTP too, within the listing's filters and paging.
        const answer = await call('/pages?limit=1&text=home');
        expect(answer.body.pages).toHaveLength(1);
        expect(answer.body.pages[0].live).toEqual({
          version: 1,
          at: expect.stringMatching(ISO_UTC),
          by: PUBLISHER,
          ahead: 3,
        });
      });

      it('records every one of concurrent go-lives of one page, each previous the version live before it', async () => {
        await saveVersions('One', 'Two', 'Three', 'Four', 'Five', 'Six');
        const moved = await Promise.all([1, 2, 3, 4, 5, 6].map((version) => goLive(version)));

        const { entries, total } = await backend.store.liveHistory(HOME_KEY);
        expect(total).toBe(6);
        expect(entries.map((entry) => entry.version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
        entries.forEach((entry, index) => expect(entry.previous).toBe(entries[index + 1]?.version ?? null));
        expect(await backend.store.live(HOME_KEY)).toEqual(entries[0]);
        expect(moved).toEqual(expect.arrayContaining(entries));
      });
    });

    describe('with authentication', () => {
      beforeEach(async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        ({ url, server } = await serve(backend.store, true));
      });

      it('answers every route 401 without a valid token', async () => {
        for (const path of ['/pages', `/page?${query(HOME_KEY)}`, `/versions?${query(HOME_KEY)}`]) {
          const answer = await call(path);
          expect(answer.status).toBe(401);
          expect(answer.body.error.code).toBe('unauthorized');
        }
        token = 'token-nobody';
        expect((await post('/saveContent', { content: makePage() })).status).toBe(401);
        token = 'token-bob';
        expect(await versionNumbers()).toEqual([]);
      });

      it("stores the token's user, lowercased, as the author whatever the client sent; the hash is unchanged", async () => {
        token = 'token-bob';
        const page = makePage({ author: 'mallory@example.com' });
        const saved = await post('/saveContent', { content: page });
        expect(saved.body.version).toMatchObject({ author: 'bob@example.com', hash: page.hash });
        const latest = await call(`/page?${query(HOME_KEY)}`);
        expect(latest.body.content.author).toBe('bob@example.com');
        expect(latest.body.content.hash).toBe(page.hash);
        expect((await call('/pages')).body.pages[0].author).toBe('bob@example.com');

        // The client's conflict check still works from the hash it holds.
        token = 'token-carol';
        const next = await post('/saveContent', {
          content: makePage({ title: 'Carol' }),
          baseHash: latest.body.content.hash,
        });
        expect(next.body.version).toMatchObject({ version: 2, author: 'carol@example.com' });
        const bookmark = await post('/saveBookmark', { content: makePage({ title: 'Snap', author: 'x@y.z' }) });
        expect(bookmark.body.version.author).toBe('carol@example.com');
      });
    });
  });
}

contract('files', async () => {
  const dataDir = await makeTempDir();
  return {
    store: createFilesStore(join(dataDir, 'content'), { onDamagedFile: () => undefined }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
});

let postgres: TestPostgres;
let databases = 0;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(() => postgres?.destroy());

contract('PostgreSQL', async () => {
  const db = createDatabase({ connectionString: postgres.createDatabase(`contract_${++databases}`), max: 12 });
  await db.inTransaction((transaction) => applyMigrationsIn(transaction));
  return { store: createPostgresStore(db), dispose: () => db.end() };
});
