import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import type { PageContent, PageKey } from '../../core/schemas';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

let dataDir: string;
let server: ContentServer;

beforeEach(async () => {
  dataDir = await makeTempDir();
  server = await startContentServer({ dataDir });
  // The service sets each version's time (audit of issue 21); its clock reads makePage's time unless a test
  // moves it.
  vi.useFakeTimers({ toFake: ['Date'] });
  clockAt('2024-05-01T10:00:00.000Z');
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test assertions read arbitrary fields
  headers: Headers;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

function clockAt(iso: string): void {
  vi.setSystemTime(new Date(iso));
}

function post(path: string, body: unknown): Promise<Answer> {
  return call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function query(key: Record<string, string>, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...key, ...extra }).toString();
}

const homeFolder = () => join(dataDir, 'content', 'jd', 'app', 'ios', 'home', 'uat', 'gb');

describe('saving content', () => {
  it('stores each save as a new version file at the s3JsonUrl layout', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two', at: '2024-05-02T10:00:00.000Z' });

    const saved1 = await post('/saveContent', { content: first });
    clockAt(second.timestamp);
    const saved2 = await post('/saveContent', { content: second });

    expect(saved1.status).toBe(201);
    expect(saved1.body.version).toEqual({
      version: 1,
      hash: first.hash,
      author: 'alice@example.com',
      timestamp: first.timestamp,
      commitMessage: 'Set title to One',
      kind: 'content',
    });
    expect(saved2.body.version.version).toBe(2);
    expect((await readdir(homeFolder())).sort()).toEqual(['v000001.json', 'v000002.json']);
    const stored = JSON.parse(await readFile(join(homeFolder(), 'v000001.json'), 'utf8'));
    expect(stored).toEqual({ version: 1, kind: 'content', content: first });
  });

  it('serves the latest version, every version newest first, and any one version', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two' });
    await post('/saveContent', { content: first });
    await post('/saveContent', { content: second });

    const latest = await call(`/page?${query(HOME_KEY)}`);
    expect(latest.status).toBe(200);
    expect(latest.body.content).toEqual(second);
    expect(latest.body.version.version).toBe(2);

    const versions = await call(`/versions?${query(HOME_KEY)}`);
    expect(versions.body.versions.map((v: { version: number; hash: string }) => [v.version, v.hash])).toEqual([
      [2, second.hash],
      [1, first.hash],
    ]);

    const old = await call(`/version?${query(HOME_KEY, { version: '1' })}`);
    expect(old.body.content).toEqual(first);
  });

  it('keeps component and page fields it does not know', async () => {
    const page = makePage();
    const extended = { ...page, teamField: 'kept', content: [{ ...page.content[0], futureField: [1, 2] }] };
    await post('/saveContent', { content: extended });

    const latest = await call(`/page?${query(HOME_KEY)}`);
    expect(latest.body.content.teamField).toBe('kept');
    expect(latest.body.content.content[0].futureField).toEqual([1, 2]);
  });

  it('numbers concurrent saves of one page without gaps or collisions', async () => {
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, index) => post('/saveContent', { content: makePage({ title: `T${index}` }) })),
    );

    expect(saves.map((save) => save.status)).toEqual(Array(12).fill(201));
    expect(saves.map((save) => save.body.version.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    expect(await readdir(homeFolder())).toHaveLength(12);
  });

  it('answers 404 for a page or version that was never saved', async () => {
    const page = await call(`/page?${query(HOME_KEY)}`);
    expect(page.status).toBe(404);
    expect(page.body.error.code).toBe('not-found');

    await post('/saveContent', { content: makePage() });
    const version = await call(`/version?${query(HOME_KEY, { version: '7' })}`);
    expect(version.status).toBe(404);
    expect(version.body.error.message).toContain('no version 7');
    expect((await call(`/versions?${query({ ...HOME_KEY, page: 'other' })}`)).body.versions).toEqual([]);
  });
});

describe('conflicts', () => {
  it('refuses a save based on a version that is no longer the latest, and writes nothing', async () => {
    const first = makePage({ title: 'One' });
    await post('/saveContent', { content: first });
    const bob = await post('/saveContent', {
      content: makePage({ title: 'Bob', author: 'bob@example.com' }),
      baseHash: first.hash,
    });
    expect(bob.status).toBe(201);

    const alice = await post('/saveContent', { content: makePage({ title: 'Alice' }), baseHash: first.hash });

    expect(alice.status).toBe(409);
    expect(alice.body.error.code).toBe('conflict');
    expect(alice.body.error.latest).toMatchObject({ version: 2, author: 'bob@example.com', kind: 'content' });
    expect(await readdir(homeFolder())).toHaveLength(2);
  });

  it('accepts a save based on the latest version', async () => {
    const first = makePage({ title: 'One' });
    await post('/saveContent', { content: first });
    const next = await post('/saveContent', { content: makePage({ title: 'Two' }), baseHash: first.hash });
    expect(next.status).toBe(201);
    expect(next.body.version.version).toBe(2);
  });

  it('refuses to create a page (null base) that someone else created meanwhile', async () => {
    await post('/saveContent', { content: makePage({ author: 'bob@example.com' }), baseHash: null });
    const second = await post('/saveContent', { content: makePage({ title: 'Mine' }), baseHash: null });

    expect(second.status).toBe(409);
    expect(second.body.error.latest).toMatchObject({ version: 1, author: 'bob@example.com' });
    expect(second.body.error.message).toContain('created');
  });

  it('lets exactly one of two saves based on the same version through', async () => {
    const first = makePage({ title: 'One' });
    await post('/saveContent', { content: first });

    const results = await Promise.all([
      post('/saveContent', { content: makePage({ title: 'A' }), baseHash: first.hash }),
      post('/saveContent', { content: makePage({ title: 'B' }), baseHash: first.hash }),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  });
});

describe('bookmarks', () => {
  it('stores a bookmark as a version of kind bookmark, without a conflict check', async () => {
    const first = makePage({ title: 'One' });
    await post('/saveContent', { content: first });
    await post('/saveContent', { content: makePage({ title: 'Two' }), baseHash: first.hash });

    const bookmark = await post('/saveBookmark', { content: makePage({ title: 'Stale' }), baseHash: 'ignored' });

    expect(bookmark.status).toBe(201);
    expect(bookmark.body.version).toMatchObject({ version: 3, kind: 'bookmark' });
    const stored = JSON.parse(await readFile(join(homeFolder(), 'v000003.json'), 'utf8'));
    expect(stored.kind).toBe('bookmark');
  });

  it('is never the page itself: saves are checked against, and readers get, the newest content version', async () => {
    const saved = makePage({ title: 'Saved' });
    await post('/saveContent', { content: saved });
    await post('/saveBookmark', { content: makePage({ title: 'Snapshot' }) });

    const page = await call(`/page?${query(HOME_KEY)}`);
    expect(page.body.content.hash).toBe(saved.hash);
    expect(page.body.version.version).toBe(1);
    const listed = await call('/pages');
    expect(listed.body.pages).toHaveLength(1);
    expect(listed.body.pages[0].hash).toBe(saved.hash);

    // The editor's next save starts from the saved content, not from its own bookmark.
    const next = await post('/saveContent', { content: makePage({ title: 'Next' }), baseHash: saved.hash });
    expect(next.status).toBe(201);
    expect(next.body.version).toMatchObject({ version: 3, kind: 'content' });
  });
});

describe('listing pages', () => {
  it('lists each page once, at its latest version, most recent first', async () => {
    const saleKey: PageKey = { ...HOME_KEY, page: 'sale', country: 'fr' };
    clockAt('2024-05-01T09:00:00.000Z');
    await post('/saveContent', { content: makePage({ title: 'Old' }) });
    clockAt('2024-05-02T09:00:00.000Z');
    await post('/saveContent', { content: makePage({ key: saleKey }) });
    const latestHome = makePage({ title: 'New', at: '2024-05-03T09:00:00.000Z' });
    clockAt(latestHome.timestamp);
    await post('/saveContent', { content: latestHome });

    const { body } = await call('/pages');

    expect(body.pages).toEqual([
      {
        key: HOME_KEY,
        category: 'Trainers',
        author: 'alice@example.com',
        timestamp: latestHome.timestamp,
        hash: latestHome.hash,
        version: 2,
      },
      expect.objectContaining({ key: saleKey, version: 1 }),
    ]);
  });

  it('answers an empty list before anything is saved', async () => {
    expect((await call('/pages')).body).toEqual({ pages: [], total: 0, skipped: [] });
  });

  it('skips a damaged version file instead of failing the whole list, and says which', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await post('/saveContent', { content: makePage() });
    await post('/saveContent', { content: makePage({ key: { ...HOME_KEY, page: 'sale' } }) });
    const saleFile = join(dataDir, 'content', 'jd', 'app', 'ios', 'sale', 'uat', 'gb', 'v000001.json');
    await writeFile(saleFile, '{"version": 1, "kind": "content", "content": {"trunc');

    const { status, body } = await call('/pages');

    expect(status).toBe(200);
    expect(body.pages.map((page: { key: PageKey }) => page.key.page)).toEqual(['home']);
    expect(body.skipped).toEqual([{ key: { ...HOME_KEY, page: 'sale' }, versions: [1] }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('v000001.json'), expect.any(String));
    warn.mockRestore();
  });

  it('leaves a damaged version out of the history instead of failing it, and says which', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await post('/saveContent', { content: makePage({ title: 'One' }) });
    await post('/saveContent', { content: makePage({ title: 'Two' }) });
    await writeFile(join(homeFolder(), 'v000001.json'), 'not json');

    const { status, body } = await call(`/versions?${query(HOME_KEY)}`);

    expect(status).toBe(200);
    expect(body.versions.map((version: { version: number }) => version.version)).toEqual([2]);
    expect(body.skipped).toEqual([1]);
    warn.mockRestore();
  });
});

describe('a damaged newest version (issue 11, point 7)', () => {
  const damage = async (version: number, text: string) => writeFile(join(homeFolder(), `v00000${version}.json`), text);
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  async function saveThree() {
    const pages = [makePage({ title: 'One' }), makePage({ title: 'Two' }), makePage({ title: 'Three' })];
    for (const page of pages) await post('/saveContent', { content: page });
    return pages;
  }

  it('lists, opens and shows the history at the newest good version, naming the skipped one', async () => {
    const [, two] = await saveThree();
    await damage(3, '{"version": 3, "kind": "content", "content": {"fascia": "jd", "pa');

    const listed = await call('/pages');
    expect(listed.body.pages).toEqual([expect.objectContaining({ key: HOME_KEY, version: 2, hash: two!.hash })]);
    expect(listed.body.skipped).toEqual([{ key: HOME_KEY, versions: [3] }]);

    const opened = await call(`/page?${query(HOME_KEY)}`);
    expect(opened.status).toBe(200);
    expect(opened.body.content).toEqual(two);
    expect(opened.body.skipped).toEqual([3]);

    const history = await call(`/versions?${query(HOME_KEY)}`);
    expect(history.body.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    expect(history.body.skipped).toEqual([3]);

    const damaged = await call(`/version?${query(HOME_KEY, { version: '3' })}`);
    expect(damaged.status).toBe(422);
    expect(damaged.body.error).toMatchObject({ code: 'damaged', version: 3 });
  });

  it('takes the next number after the damaged file for a new save and never writes over it', async () => {
    const [, two] = await saveThree();
    const damagedText = '{"version": 3, "kind": "cont';
    await damage(3, damagedText);

    // The editor opened the page at version 2, the newest good one, so that is its base.
    const saved = await post('/saveContent', { content: makePage({ title: 'Four' }), baseHash: two!.hash });

    expect(saved.status).toBe(201);
    expect(saved.body.version.version).toBe(4);
    expect(await readFile(join(homeFolder(), 'v000003.json'), 'utf8')).toBe(damagedText);
    expect((await call(`/page?${query(HOME_KEY)}`)).body).toMatchObject({ version: { version: 4 }, skipped: [] });
  });

  it('treats a version too deeply nested, of the wrong shape or claiming another number as damaged', async () => {
    await saveThree();
    const deep = `{"version": 3, "kind": "content", "content": ${'['.repeat(3500)}${']'.repeat(3500)}}`;
    for (const text of [
      deep,
      '{"version": 3, "kind": "content", "content": {}}',
      await readFile(join(homeFolder(), 'v000001.json'), 'utf8'),
    ]) {
      await damage(3, text);
      const opened = await call(`/page?${query(HOME_KEY)}`);
      expect(opened.body.version.version).toBe(2);
      expect(opened.body.skipped).toEqual([3]);
    }
  });

  it("says why a version is damaged, in the store's words, when it is asked for and in the log", async () => {
    await saveThree();
    const file = join(homeFolder(), 'v000003.json');
    const cases: [string, RegExp][] = [
      ['{"version": 3, "kind": "cont', /^not readable JSON: /],
      ['{"version": 3, "kind": "content", "content": {}}', /^not a stored version: /],
      [await readFile(join(homeFolder(), 'v000001.json'), 'utf8'), /^it says it is version 1$/],
    ];
    for (const [text, why] of cases) {
      await damage(3, text);
      warn.mockClear();
      const damaged = await call(`/version?${query(HOME_KEY, { version: '3' })}`);
      expect(damaged.status).toBe(422);
      const reason = /^Version 3 of .+ is damaged and cannot be read \((.+)\)\.$/s.exec(
        damaged.body.error.message,
      )?.[1];
      expect(reason).toMatch(why);
      expect(warn).toHaveBeenCalledWith(`content service: skipping damaged ${file}:`, reason);
    }
  });

  it('notices a version damaged after it was first read', async () => {
    const [, two] = await saveThree();
    expect((await call('/pages')).body.pages[0].version).toBe(3);
    await damage(3, '{"version": 3, "kind": "content", "content": {"fascia": "jd", "pa');

    const opened = await call(`/page?${query(HOME_KEY)}`);
    expect(opened.body).toMatchObject({ content: two, skipped: [3] });
    expect((await call('/pages')).body).toMatchObject({
      pages: [{ version: 2 }],
      skipped: [{ key: HOME_KEY, versions: [3] }],
    });
  });

  it('answers 404 naming the damaged versions when no version can be read', async () => {
    await post('/saveContent', { content: makePage() });
    await damage(1, 'garbage');
    const opened = await call(`/page?${query(HOME_KEY)}`);
    expect(opened.status).toBe(404);
    expect(opened.body.error.message).toContain('version 1 could not be read');
    expect((await call('/pages')).body).toEqual({ pages: [], total: 0, skipped: [{ key: HOME_KEY, versions: [1] }] });
  });
});

describe('bad input', () => {
  it('refuses invalid content with the paths of the problems', async () => {
    const answer = await post('/saveContent', { content: { ...makePage(), author: undefined, country: 'zz' } });

    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid-input');
    expect(answer.body.error.message).toContain('content.author');
    expect(answer.body.error.message).toContain('content.country');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses duplicate component identifiers', async () => {
    const page = makePage();
    const answer = await post('/saveContent', { content: { ...page, content: [page.content[0], page.content[0]] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain('content.content.1._identifier');
  });

  it('answers malformed and empty JSON with a clear 400', async () => {
    const malformed = await post('/saveContent', '{"content": {');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'invalid-json' });
    expect(malformed.body.error.message).toMatch(/^The request body is not valid JSON/);

    const empty = await post('/saveContent', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('empty');
  });

  it('refuses a body that is not declared as JSON', async () => {
    const answer = await call('/saveContent', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ content: makePage() }),
    });
    expect(answer.status).toBe(415);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('answers 413 for a body over 20 MB', async () => {
    const answer = await post('/saveContent', { content: makePage(), padding: 'x'.repeat(21 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('too-large');
  });

  it('answers 413 for a streamed body that grows past 20 MB without declaring its length', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/saveContent',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      const chunk = 'x'.repeat(1024 * 1024);
      request.write('{"padding": "');
      for (let index = 0; index < 21; index++) request.write(chunk);
      request.end('"}');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('too-large');
  });

  it('answers a body growing past 20 MB at once with 413 and Connection: close, without waiting for its end', async () => {
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port: server.port,
            path: '/saveContent',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
            );
          },
        );
        request.on('error', (error) => (answered ? undefined : reject(error)));
        let answered = false;
        request.on('response', () => (answered = true));
        request.write('{"padding": "');
        for (let index = 0; index < 21; index++) request.write('x'.repeat(1024 * 1024));
        // The body never ends: the answer must not wait for it.
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body).error.message).toContain('20 MB');
  });

  it('answers a request target that is not a URL with 400 and keeps serving', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(`GET http://[ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('invalid-request');
    expect((await call('/pages')).status).toBe(200);
  });

  it('refuses a body nested deeper than 64 levels, naming the limit', async () => {
    const answer = await post('/saveContent', `{"content": ${'['.repeat(65)}${']'.repeat(65)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('too-deep');
    expect(answer.body.error.message).toContain('64');
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('quotes at most 100 characters of a huge bad value', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const answers = [
      await post('/saveContent', { content: { ...makePage(), fascia: huge } }),
      await post('/saveContent', {
        content: { ...makePage(), content: [{ ...makePage().content[0], _component: 5 }] },
        [huge]: 1,
      }),
      await post('/saveContent', `{"content": ${huge}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.message.length).toBeLessThan(500);
    }
  });

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    const unknown = await call('/deleteEverything');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('no-such-route');

    const wrongMethod = await call('/saveContent');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');

    const inherited = await call('/constructor');
    expect(inherited.status).toBe(404);
  });

  it.each([
    ['page', '..'],
    ['page', '../x'],
    ['page', '..\\x'],
    ['fascia', '../../../etc'],
    ['source', '/etc'],
    ['page', '.hidden'],
    ['page', ''],
  ])('refuses the key %s=%j for every read', async (field, value) => {
    const key = { ...HOME_KEY, [field]: value };
    for (const route of ['/page', '/versions']) {
      const answer = await call(`${route}?${query(key)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain(`page key: ${field}`);
    }
  });

  it('refuses to save content whose key would leave the content folder', async () => {
    for (const page of ['..', '../../outside', 'a/b']) {
      const answer = await post('/saveContent', { content: { ...makePage(), page } as PageContent });
      expect(answer.status).toBe(400);
    }
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('refuses a version number that is not a positive whole number', async () => {
    await post('/saveContent', { content: makePage() });
    for (const version of ['0', '-1', '1.5', 'abc', '']) {
      const answer = await call(`/version?${query(HOME_KEY, { version })}`);
      expect(answer.status, version).toBe(400);
    }
    expect((await call(`/version?${query(HOME_KEY)}`)).body.error.message).toContain('version is required');
  });

  it('refuses requests addressed to another host name (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: server.port, path: '/pages', headers: { host: `evil.example:${server.port}` } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
    expect((await call('/pages')).status).toBe(200);
  });
});

describe('fuzzed requests', () => {
  const anyJson = fc.jsonValue({ maxDepth: 6 });
  const keyField = fc.oneof(
    fc.string(),
    fc.constantFrom('..', '../x', 'a/b', '\u0000', '__proto__', '.hidden', 'x'.repeat(300)),
  );

  it('never answer a 5xx, quote at most a short message, and write nothing for a refused save', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          anyJson,
          fc.record({ content: anyJson, baseHash: anyJson, saveId: anyJson }, { requiredKeys: [] }),
          fc.record({
            content: fc.record(
              { ...Object.fromEntries(Object.keys(makePage()).map((name) => [name, anyJson])) },
              { requiredKeys: [] },
            ),
          }),
          fc
            .record({ field: fc.constantFrom('fascia', 'page', 'source', 'country', 'platform'), value: keyField })
            .map(({ field, value }) => ({
              content: { ...makePage(), [field]: value },
            })),
        ),
        async (body) => {
          const filesBefore = await readdir(dataDir, { recursive: true });
          const answer = await post('/saveContent', body);
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.body.error.message.length).toBeLessThan(2000);
            expect(await readdir(dataDir, { recursive: true })).toEqual(filesBefore);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never answer a read with a 5xx, whatever the query', async () => {
    const params = fc.dictionary(
      fc.constantFrom('fascia', 'page', 'source', 'country', 'platform', 'version', 'limit', 'offset', 'text'),
      keyField,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/page', '/versions', '/version', '/pages'), params, async (route, query) => {
        const answer = await call(`${route}?${new URLSearchParams(query)}`);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.body.error.message.length).toBeLessThan(2000);
      }),
      { numRuns: 150 },
    );
  });
});

describe('lifecycle', () => {
  it('listens on a random port on 127.0.0.1 and stops answering once closed', async () => {
    const other = await startContentServer({ dataDir });
    expect(other.url).toBe(`http://127.0.0.1:${other.port}`);
    expect(other.port).not.toBe(server.port);
    await other.close();
    await expect(fetch(`${other.url}/pages`)).rejects.toThrow();
  });
});

describe('the sample services', () => {
  it('are answered beside the content routes and the sample files, behind the same loopback check', async () => {
    const sampleDir = join(import.meta.dirname, '../../resources/sample');
    const other = await startContentServer({ dataDir, sampleDir, sampleServices: { sampleDir, apiKey: 'k' } });
    try {
      const keyless = await fetch(`${other.url}/stores/jdsportsuk/categories`);
      expect(keyless.status).toBe(401);
      const categories = await fetch(`${other.url}/stores/jdsportsuk/categories?apikey=k&tree=1`);
      expect(categories.status).toBe(200);
      expect(((await categories.json()) as { name: string }[]).map((node) => node.name)).toEqual([
        'Men',
        'Women',
        'Kids',
      ]);
      const metadata = await fetch(`${other.url}/sample/images/product-cap-b.svg.json/?metadata=false`);
      expect(await metadata.json()).toEqual({ width: 600, height: 600 });
      const posts = await fetch(`${other.url}/sample/blog/posts.json`);
      expect(posts.status).toBe(200);
      expect(await posts.json()).toEqual(JSON.parse(await readFile(join(sampleDir, 'blog', 'posts.json'), 'utf8')));
      expect((await fetch(`${other.url}/pages`)).status).toBe(200);
      const rebound = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${other.url}/stores/jdsportsuk/categories?apikey=k`, {
          headers: { host: `attacker.example:${other.port}` },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        request.end();
      });
      expect(rebound).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('two services on one data folder', () => {
  it('never write two saves over one version number, and decide conflicts against what the other wrote', async () => {
    const other = await startContentServer({ dataDir });
    try {
      const first = makePage({ title: 'One' });
      await post('/saveContent', { content: first });
      const postTo = (url: string, body: unknown) =>
        fetch(`${url}/saveContent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          postTo(index % 2 ? other.url : server.url, { content: makePage({ title: `T${index}` }) }),
        ),
      );
      const versions = await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { version: { version: number } }).version.version),
      );
      expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, index) => index + 2));
      expect((await readdir(homeFolder())).filter((name) => name.endsWith('.json'))).toHaveLength(17);

      const latest = (await call(`/page?${query(HOME_KEY)}`)).body.content;
      const onBoth = await Promise.all([
        postTo(server.url, { content: makePage({ title: 'A' }), baseHash: latest.hash }),
        postTo(other.url, { content: makePage({ title: 'B' }), baseHash: latest.hash }),
      ]);
      expect(onBoth.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect((await readdir(homeFolder())).filter((name) => name.startsWith('.'))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
