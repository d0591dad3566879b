import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContentClient, type ContentClient } from '../../main/services/contentClient';
import { startContentServer, type ContentServer } from '../../main/services/contentServer';
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
  it('saves, loads, lists and reads versions back', async () => {
    const first = makePage({ title: 'One' });
    const second = makePage({ title: 'Two', at: '2024-05-02T10:00:00.000Z' });

    const saved = await client.saveContent(first, null);
    expect(saved).toMatchObject({ version: 1, hash: first.hash, kind: 'content' });
    await client.saveContent(second, first.hash);

    expect(await client.loadPage(HOME_KEY)).toEqual({ content: second, version: expect.objectContaining({ version: 2 }) });
    expect((await client.listVersions(HOME_KEY)).map((version) => version.hash)).toEqual([second.hash, first.hash]);
    expect((await client.loadVersion(HOME_KEY, 1))?.content).toEqual(first);
    expect(await client.listPages()).toEqual([expect.objectContaining({ key: HOME_KEY, version: 2, hash: second.hash })]);
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

    expect(await flakyClient.listPages()).toEqual([]);
    expect(hits).toEqual(['GET /pages', 'GET /pages', 'GET /pages']);

    hits.length = 0;
    const error = await studioError(flakyClient.saveContent(makePage(), null));
    expect(error.code).toBe('unavailable');
    expect(hits).toEqual(['POST /saveContent']);
  });
});
