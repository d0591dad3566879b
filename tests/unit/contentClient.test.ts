import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContentClient, type ContentClient } from '../../main/services/contentClient';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
import { createStudioContentClient } from '../../main/services/offlineContent';
import type { TeamService } from '../../main/services/team';
import { StudioError } from '../../core/result';
import type { PageContent } from '../../core/schemas';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

let dataDir: string;
let server: ContentServer;
let client: ContentClient;
const stubs: Server[] = [];

beforeEach(async () => {
  dataDir = await makeTempDir();
  server = await startContentServer({ dataDir });
  client = createContentClient(server.url);
});
afterEach(async () => {
  await server.close();
  await Promise.all(stubs.splice(0).map((stub) => new Promise((resolve) => stub.close(resolve))));
  await rm(dataDir, { recursive: true, force: true });
});

/** A tiny local server answering whatever the test wants, to play a broken or foreign content service. */
async function startStub(listener: RequestListener): Promise<string> {
  const stub = createServer(listener);
  stubs.push(stub);
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}

/** The StudioError a promise rejects with; fails the test when it resolves or throws anything else. */
async function studioError(promise: Promise<unknown>): Promise<StudioError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(StudioError);
  return error as StudioError;
}

describe('against the embedded content service', () => {
  // The service sets each version's time (audit of issue 21); its clock reads the time the test's client
  // writes.
  const clockAt = (iso: string) => vi.setSystemTime(new Date(iso));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt('2024-05-01T10:00:00.000Z');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves, loads, lists and reads versions back', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two', at: '2024-05-02T10:00:00.000Z' });

    const saved = await client.saveContent(first, null);
    expect(saved).toMatchObject({ version: 1, hash: first.hash, kind: 'content' });
    clockAt(second.timestamp);
    await client.saveContent(second, first.hash);

    expect(await client.loadPage(HOME_KEY)).toEqual({
      content: second,
      version: expect.objectContaining({ version: 2 }),
      skipped: [],
    });
    expect((await client.listVersions(HOME_KEY)).versions.map((version) => version.hash)).toEqual([
      second.hash,
      first.hash,
    ]);
    expect((await client.loadVersion(HOME_KEY, 1))?.content).toEqual(first);
    expect(await client.listPages()).toEqual({
      pages: [expect.objectContaining({ key: HOME_KEY, version: 2, hash: second.hash })],
      total: 1,
      skipped: [],
    });
  });

  it('passes a listing query and reads the page it asked for', async () => {
    await client.saveContent(makePage({ at: '2024-05-01T10:00:00.000Z' }), null);
    await client.saveContent(makePage({ key: { ...HOME_KEY, page: 'sale' }, at: '2024-05-02T10:00:00.000Z' }), null);
    const listing = await client.listPages({ text: 'SAL', limit: 1, offset: 0, fascia: 'jd', country: undefined });
    expect(listing.pages.map((page) => page.key.page)).toEqual(['sale']);
    expect(listing.total).toBe(1);
  });

  it('sends a save id, and a repeat of an applied save answers with the version it made', async () => {
    const first = makePage({ title: 'One' });
    await client.saveContent(first, null);
    const mine = makePage({ title: 'Mine' });
    const applied = await client.saveContent(mine, first.hash, 'save-id-0000001');
    expect(await client.saveContent(mine, first.hash, 'save-id-0000001')).toEqual(applied);
    expect((await client.listVersions(HOME_KEY)).versions).toHaveLength(2);
  });

  it('answers null for a page or version that does not exist', async () => {
    expect(await client.loadPage(HOME_KEY)).toBeNull();
    await client.saveContent(makePage(), null);
    expect(await client.loadVersion(HOME_KEY, 9)).toBeNull();
  });

  it('saves a bookmark over a newer version without a conflict', async () => {
    const first = makePage({ title: 'One' });
    await client.saveContent(first, null);
    await client.saveContent(makePage({ title: 'Two' }), first.hash);

    const bookmark = await client.saveBookmark(makePage({ title: 'Old copy' }));
    expect(bookmark).toMatchObject({ version: 3, kind: 'bookmark' });
  });

  it('turns a 409 into a conflict naming who saved, with the latest version as details', async () => {
    const first = makePage({ title: 'One' });
    await client.saveContent(first, null);
    clockAt('2024-05-01T14:37:12.000Z');
    const bobs = await client.saveContent(
      makePage({ title: 'Bob', author: 'bob@example.com', at: '2024-05-01T14:37:12.000Z' }),
      first.hash,
    );

    const error = await studioError(client.saveContent(makePage({ title: 'Alice' }), first.hash));

    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      'Someone else saved this page since you opened it (bob@example.com, 2024-05-01 14:37 UTC).',
    );
    expect(error.details).toEqual(bobs);
  });

  it('turns a 400 into invalid-input carrying the service message', async () => {
    const invalid = { ...makePage(), country: 'zz' } as unknown as PageContent;
    const error = await studioError(client.saveContent(invalid, null));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain('content.country');
  });
});

describe('a save with a save id', () => {
  it('is sent again after a dropped connection, and the repeat answers with the version the first made', async () => {
    const sent: string[] = [];
    let dropped = false;
    // A proxy in front of the real service that lets the first save through but cuts its answer off.
    const url = await startStub(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.method === 'POST') sent.push(JSON.parse(body).saveId);
      const upstream = await fetch(`${server.url}${request.url}`, {
        method: request.method,
        headers: { 'content-type': 'application/json' },
        ...(request.method === 'POST' ? { body } : {}),
      });
      const text = await upstream.text();
      if (request.method === 'POST' && !dropped) {
        dropped = true;
        request.socket.destroy();
        return;
      }
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(text);
    });
    const proxied = createContentClient(url, { retryDelayMs: 10 });
    const first = makePage({ title: 'One' });
    await client.saveContent(first, null);

    const saved = await proxied.saveContent(makePage({ title: 'Two' }), first.hash, 'save-id-dropped-1');

    expect(saved).toMatchObject({ version: 2 });
    expect(sent).toEqual(['save-id-dropped-1', 'save-id-dropped-1']);
    expect((await client.listVersions(HOME_KEY)).versions).toHaveLength(2);
  });
});

describe('a team server', () => {
  it('gets the API token as a bearer header, and a 401 becomes unauthorized with the server message', async () => {
    const seen: (string | undefined)[] = [];
    const url = await startStub((request, response) => {
      seen.push(request.headers.authorization);
      const ok = request.headers.authorization === 'Bearer right-token';
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          ok
            ? { pages: [], total: 0, skipped: [] }
            : { error: { code: 'unauthorized', message: 'This token was revoked.' } },
        ),
      );
    });

    expect((await createContentClient(url, { token: 'right-token' }).listPages()).pages).toEqual([]);
    const error = await studioError(createContentClient(url, { token: 'old-token' }).saveContent(makePage(), null));

    expect(error.code).toBe('unauthorized');
    expect(error.message).toBe(`The content service at ${url} refused the API token: This token was revoked.`);
    expect(seen).toEqual(['Bearer right-token', 'Bearer old-token']);
    expect(await studioError(createContentClient(url).listPages())).toMatchObject({ code: 'unauthorized' });
  });

  it('reads listings of a service that sends no total or skipped', async () => {
    const url = await startStub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ pages: [] }));
    });
    expect(await createContentClient(url).listPages()).toEqual({ pages: [], total: 0, skipped: [] });
  });

  it('does not wait out a long Retry-After while the database is down', async () => {
    let hits = 0;
    const url = await startStub((_request, response) => {
      hits++;
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      response.end(
        JSON.stringify({
          error: { code: 'unavailable', message: 'The database is not reachable; try again shortly.' },
        }),
      );
    });
    const startedAt = Date.now();
    const error = await studioError(createContentClient(url, { retryDelayMs: 10 }).listPages());
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('The database is not reachable');
    expect(Date.now() - startedAt).toBeLessThan(3000);
    expect(hits).toBe(1);
  });
});

describe('when the service misbehaves', () => {
  it('reports a closed port as unavailable, naming the address', async () => {
    const dead = await startContentServer({ dataDir });
    await dead.close();
    const deadClient = createContentClient(dead.url, { retryDelayMs: 10 });

    for (const attempt of [deadClient.saveContent(makePage(), null), deadClient.listPages()]) {
      const error = await studioError(attempt);
      expect(error.code).toBe('unavailable');
      expect(error.message).toContain(`The content service at ${dead.url} is not reachable`);
    }
  });

  it('reports a service that does not answer in time as unavailable', async () => {
    const url = await startStub(() => undefined);
    const slowClient = createContentClient(url, { timeoutMs: 150 });

    const startedAt = Date.now();
    const error = await studioError(slowClient.listPages());

    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('no answer within 0.15 s');
    // Timeouts are not retried: one wait, not three.
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });

  it('reports an answer that is not JSON as failed', async () => {
    const url = await startStub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"pages": [');
    });
    const error = await studioError(createContentClient(url).listPages());
    expect(error.code).toBe('failed');
    expect(error.message).toBe(`The content service at ${url} answered /pages with something that is not JSON.`);
  });

  it('reports JSON of the wrong shape as failed, with what was wrong', async () => {
    const url = await startStub((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ pages: [{ key: 'home' }] }));
    });
    const error = await studioError(createContentClient(url).listPages());
    expect(error.code).toBe('failed');
    expect(error.message).toContain('unexpected shape');
    expect(error.message).toContain('pages.0.key');
  });

  it('does not mistake a 404 from something that is not a content service for a missing page', async () => {
    const url = await startStub((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<h1>Not Found</h1>');
    });
    const error = await studioError(createContentClient(url).loadPage(HOME_KEY));
    expect(error.code).toBe('failed');
    expect(error.message).toContain('HTTP 404');
  });

  it('tries a read again after a 503, but never a save', async () => {
    const hits: string[] = [];
    const url = await startStub((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      const failing = request.method === 'POST' || hits.length < 3;
      response.writeHead(failing ? 503 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(failing ? { error: { code: 'busy', message: 'busy' } } : { pages: [] }));
    });
    const flakyClient = createContentClient(url, { retryDelayMs: 10 });

    expect((await flakyClient.listPages()).pages).toEqual([]);
    expect(hits).toEqual(['GET /pages', 'GET /pages', 'GET /pages']);

    hits.length = 0;
    const error = await studioError(flakyClient.saveContent(makePage(), null));
    expect(error.code).toBe('unavailable');
    expect(hits).toEqual(['POST /saveContent']);
  });
});

describe('History against a service whose listings are bounded', () => {
  it('reads every version page by page, asking for the most one answer holds', async () => {
    const versions = Array.from({ length: 7 }, (_, index) => ({
      version: 7 - index,
      author: 'ed@example.com',
      timestamp: '2026-05-01T10:00:00.000Z',
      hash: `hash-${7 - index}`,
      commitMessage: `Save ${7 - index}`,
      kind: 'content',
    }));
    const asked: string[] = [];
    // A service that answers at most 3 versions, whatever the client asks for.
    const url = await startStub((request, response) => {
      const query = new URL(request.url ?? '/', 'http://stub').searchParams;
      asked.push(`${query.get('limit')}/${query.get('offset')}`);
      const offset = Number(query.get('offset'));
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          versions: versions.slice(offset, offset + 3),
          total: versions.length,
          skipped: offset === 0 ? [9] : [],
        }),
      );
    });

    const listing = await createContentClient(url).listVersions(HOME_KEY);

    expect(listing.versions.map((version) => version.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(listing.skipped).toEqual([9]);
    expect(asked).toEqual(['500/0', '500/3', '500/6']);
  });
});

describe("a page's audit trail (issue 22 §4)", () => {
  const refusal = 'Reading the audit log needs the admin permission.';

  it("answers the team server's refusal of a user who is not an admin as 'not available', with its reason", async () => {
    const url = await startStub((request, response) => {
      expect(request.url).toMatch(/^\/audit\?/);
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'forbidden', message: refusal } }));
    });
    const teamClient = createContentClient(url);
    const error = await studioError(teamClient.pageAudit(HOME_KEY));
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe(refusal);
    // Only what the studio client asks of the team service here: whether it is signed in, and its client.
    const team = { active: () => true, client: () => teamClient } as unknown as TeamService;
    const studio = createStudioContentClient(() => client, team);
    expect(await studio.pageAudit(HOME_KEY)).toEqual({ available: false, reason: refusal });
  });
});
