import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { bookmarkFor } from '../../core/rules/page';
import { emptyPageMeta } from '../../core/schemas';
import { banner, HOME_KEY, makeTempDir } from './helpers/pages';

const FIXED_NOW = new Date('2026-11-22T10:00:00.000Z');

describe('the handler table behind both shells', () => {
  let dataDir: string;
  let services: StudioServices;

  beforeEach(async () => {
    dataDir = await makeTempDir();
    const store = createNodeStore(dataDir);
    services = await createStudioServices({
      dataDir,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store,
      secrets: createMemorySecretStore(),
      now: () => FIXED_NOW,
    });
  });
  afterEach(async () => {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (channel: string, payload: unknown) => {
    const result = await services.dispatch(channel, payload);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as Record<string, never>;
  };

  it('opens a new page as a draft, then saves it with the signed-in author and removes the draft', async () => {
    await call('signIn', { email: 'Ed@Example.com' });
    const opened = (await call('openPage', { key: HOME_KEY, category: 'Home' })) as unknown as {
      origin: string;
      draft: { baseHash: null };
    };
    expect(opened.origin).toBe('new');
    expect(opened.draft.baseHash).toBeNull();

    const saved = await services.dispatch('saveContent', {
      key: HOME_KEY,
      meta: emptyPageMeta(),
      components: [banner('Hello')],
      baseHash: null,
      commitMessage: 'First version',
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { version: { version: 1, author: 'ed@example.com', commitMessage: 'First version' } },
    });
    const listing = (await call('listPages', {})) as unknown as { pages: unknown[]; drafts: unknown[] };
    expect(listing.pages).toHaveLength(1);
    expect(listing.drafts).toHaveLength(0);

    const reopened = (await call('openPage', { key: HOME_KEY })) as unknown as {
      origin: string;
      draft: { components: unknown[] };
    };
    expect(reopened.origin).toBe('saved');
    expect(reopened.draft.components).toEqual([banner('Hello')]);
  });

  it('refuses a save without a message or before sign-in, and changes nothing', async () => {
    const save = (commitMessage: string) =>
      services.dispatch('saveContent', {
        key: HOME_KEY,
        meta: emptyPageMeta(),
        components: [],
        baseHash: null,
        commitMessage,
      });
    expect(await save('Message')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await call('signIn', { email: 'ed@example.com' });
    expect(await save(' ')).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: 'Please enter a message for the changes.' },
    });
    expect(((await call('listPages', {})) as unknown as { pages: unknown[] }).pages).toEqual([]);
  });

  it('keeps the draft when the content service is dead, and lists drafts with the error', async () => {
    await call('signIn', { email: 'ed@example.com' });
    const opened = (await call('openPage', { key: HOME_KEY })) as unknown as { draft: Record<string, unknown> };
    await call('saveDraft', { draft: { ...opened.draft, components: [banner('Unsaved work')] } });
    await call('updateSettings', { serviceUrls: { content: 'http://127.0.0.1:9/' } });

    const saved = await services.dispatch('saveContent', {
      key: HOME_KEY,
      meta: emptyPageMeta(),
      components: [banner('Unsaved work')],
      baseHash: null,
      commitMessage: 'Will fail',
    });
    expect(saved).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const draft = (await call('getDraft', { bookmark: bookmarkFor(HOME_KEY) })) as unknown as {
      draft: { components: unknown[] };
    };
    expect(draft.draft.components).toEqual([banner('Unsaved work')]);
    const listing = (await call('listPages', {})) as unknown as { pagesError: string; drafts: { dirty: boolean }[] };
    expect(listing.pagesError).toMatch(/not reachable/);
    expect(listing.drafts).toEqual([expect.objectContaining({ dirty: true })]);
  });
});

describe('favourites and feeds', () => {
  let dataDir: string;
  let services: StudioServices;

  beforeEach(async () => {
    dataDir = await makeTempDir();
    await mkdir(join(dataDir, 'resources', 'sample', 'blog'), { recursive: true });
    await writeFile(
      join(dataDir, 'resources', 'sample', 'blog', 'posts.json'),
      JSON.stringify([{ id: 1, title: { rendered: 'Hello' } }]),
    );
    await writeFile(join(dataDir, 'resources', 'secret.json'), '{"secret": true}');
    services = await createStudioServices({
      dataDir: join(dataDir, 'data'),
      resourcesDir: join(dataDir, 'resources'),
      store: createNodeStore(join(dataDir, 'data')),
      secrets: createMemorySecretStore(),
    });
  });
  afterEach(async () => {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps favourites per signed-in user', async () => {
    expect(await services.dispatch('listFavourites', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await services.dispatch('signIn', { email: 'a@example.com' });
    await services.dispatch('setFavourite', { componentType: 'MainBanner', favourite: true });
    await services.dispatch('setFavourite', { componentType: 'Blog', favourite: true });
    expect(await services.dispatch('setFavourite', { componentType: 'MainBanner', favourite: false })).toEqual({
      ok: true,
      value: { favourites: ['Blog'] },
    });
    await services.dispatch('signIn', { email: 'b@example.com' });
    expect(await services.dispatch('listFavourites', {})).toEqual({ ok: true, value: { favourites: [] } });
    await services.dispatch('signIn', { email: 'a@example.com' });
    expect(await services.dispatch('listFavourites', {})).toEqual({ ok: true, value: { favourites: ['Blog'] } });
  });

  it('reads the feed a Blog block declares: the embedded server’s sample feed, and nothing else of the app’s', async () => {
    const blog = (apiLink: string) => ({
      component: { _component: 'Blog', _identifier: 'blog-1', content: { apiLink } },
    });
    expect(await services.dispatch('fetchFeed', blog('/sample/blog/posts.json?_embed&per_page=12'))).toEqual({
      ok: true,
      value: { data: [{ id: 1, title: { rendered: 'Hello' } }] },
    });
    for (const url of [
      '/sample/../secret.json',
      '/sample/%2e%2e/secret.json',
      '/sample/blog/missing.json',
      '/content/',
      'file:///etc/passwd',
      'http://127.0.0.1:9/feed.json',
    ]) {
      expect(await services.dispatch('fetchFeed', blog(url)), url).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    // The preview names a block; a block whose type declares no feed reads nothing, whatever its content says.
    const banner = {
      component: { _component: 'MainBanner', _identifier: 'banner-1', content: { apiLink: '/sample/blog/posts.json' } },
    };
    expect(await services.dispatch('fetchFeed', banner)).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'A MainBanner block declares no feed.' },
    });
    expect(await services.dispatch('fetchFeed', { url: '/sample/blog/posts.json' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });
});

describe('the browser host', () => {
  let dataDir: string;
  let host: BrowserHost;
  let rendererDir: string;

  beforeEach(async () => {
    dataDir = await makeTempDir();
    rendererDir = join(dataDir, 'renderer');
    await mkdir(join(rendererDir, 'editor'), { recursive: true });
    await writeFile(
      join(rendererDir, 'editor', 'index.html'),
      '<html><head><title>t</title></head><body></body></html>',
    );
    await writeFile(join(dataDir, 'secret.txt'), 'not for the browser');
    host = await startBrowserHost({
      port: 0,
      dataDir: join(dataDir, 'data'),
      rendererDir,
      resourcesDir: join(dataDir, 'resources'),
      user: 'host@example.com',
    });
  });
  afterEach(async () => {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const api = (channel: string, body: string, origin: string | null = host.url) =>
    fetch(`${host.url}/api/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body,
    });

  it('answers the API from the editor origin with the dispatcher', async () => {
    const response = await api('getSession', '{}');
    expect(await response.json()).toEqual({ ok: true, value: { user: 'host@example.com' } });
  });

  it('refuses API calls from other origins and from the sandboxed preview', async () => {
    for (const origin of [null, 'null', 'http://evil.example']) {
      const response = await api('getSession', '{}', origin);
      expect(response.status, String(origin)).toBe(403);
    }
  });

  it('answers malformed JSON and invalid payloads with clear errors', async () => {
    const malformed = await api('signIn', '{"email": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/^Malformed JSON/) },
    });
    const invalid = await (await api('signIn', '{"email": 42}')).json();
    expect(invalid).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('signIn: email') },
    });
    const unknown = await (await api('dropDatabase', '{}')).json();
    expect(unknown).toMatchObject({ ok: false, error: { message: 'Unknown channel: dropDatabase' } });
  });

  it('injects the bridge into the editor page and never serves files outside its folders', async () => {
    const html = await (await fetch(`${host.url}/editor/index.html`)).text();
    expect(html).toContain('<script src="/host/studio.js"></script></head>');
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/editor/..%2f..%2fsecret.txt',
      '/sample/..%2f..%2fsecret.txt',
    ]) {
      const response = await fetch(`${host.url}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect(await readdir(dataDir)).toContain('secret.txt');
  });

  it('serves the bridges built into the renderer folder as scripts of its own pages only', async () => {
    await mkdir(join(rendererDir, 'host'));
    for (const name of ['studio.js', 'preview-bridge.js']) {
      await writeFile(join(rendererDir, 'host', name), `/* built ${name} */`);
      const response = await fetch(`${host.url}/host/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin'), name).toBeNull();
      expect(await response.text()).toBe(`/* built ${name} */`);
    }
  });
});
