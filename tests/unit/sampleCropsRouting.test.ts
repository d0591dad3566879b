import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { amplienceUrl } from '../../core/rules/focalPoint';
import { makeTempDir } from './helpers/pages';

/*
 * The focal-point tool's Amplience previews are root-relative crops (/sample/images/x.svg?poi=...) loaded by the
 * editor page. Both shells answer them with the sample image service before serving /sample/ as files: the
 * Electron app:// handler (with a fake 'electron', as in electron-security.test.ts) and the browser host.
 */
vi.mock('electron', () => ({
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  app: { isPackaged: false },
}));

import { createAppRequestHandler } from '../../main/electron/protocol';
import { startBrowserHost, type BrowserHost } from '../../main/host/browserHost';

const SHIPPED_IMAGE = join(import.meta.dirname, '../../resources/sample/images/athlete-okafor.svg');
const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="red"/></svg>';
const POINT = { x: 0.5, y: 0.46, w: 0.35, h: 0.34 };
const CROP = amplienceUrl('/sample/images/athlete-okafor.svg', POINT, '2:1', 500);

let root: string;
let sampleDir: string;
let rendererDir: string;

beforeAll(async () => {
  root = await makeTempDir();
  sampleDir = join(root, 'resources', 'sample');
  rendererDir = join(root, 'renderer');
  await mkdir(join(sampleDir, 'images'), { recursive: true });
  await mkdir(join(rendererDir, 'editor'), { recursive: true });
  await copyFile(SHIPPED_IMAGE, join(sampleDir, 'images', 'athlete-okafor.svg'));
  await writeFile(join(sampleDir, 'images', 'pic.svg'), PICTURE);
  await writeFile(join(sampleDir, 'products.json'), '{"products":[]}');
  await writeFile(join(rendererDir, 'editor', 'index.html'), '<html><head><title>t</title></head><body></body></html>');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The outer element of a crop: its size and viewBox. */
function outer(svg: string): { width: number; height: number; viewBox: string } {
  const tag = /^<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return { width: Number(attribute('width')), height: Number(attribute('height')), viewBox: attribute('viewBox') };
}

/** What both shells must answer, given a way to GET a root-relative path. */
function sharedCases(get: (path: string) => Promise<Response>) {
  it('answers an Amplience preview URL with the crop: an SVG of the asked width and ratio', async () => {
    expect(CROP).toBe(
      '/sample/images/athlete-okafor.svg?poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500',
    );
    const response = await get(CROP);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await response.text();
    // The portrait is 600 x 800: the widest 2:1 crop is 600 x 300, centred on y 0.46 (368 px) -> top 218.
    expect(outer(svg)).toEqual({ width: 500, height: 250, viewBox: '0 218 600 300' });
    expect(svg).toContain('<svg x="0" y="0" width="600" height="800"');
  });

  it('crops every preview ratio of the tool', async () => {
    for (const [ratio, height] of [
      ['1:1', 300],
      ['1:2', 600],
      ['3:4', 400],
      ['4:3', 225],
    ] as const) {
      const response = await get(amplienceUrl('/sample/images/pic.svg', POINT, ratio, 300));
      expect(response.status, ratio).toBe(200);
      expect(outer(await response.text()), ratio).toMatchObject({ width: 300, height });
    }
  });

  it('answers a bad crop query with a JSON error, not the file', async () => {
    const response = await get('/sample/images/pic.svg?poi=2,0,0,0&scaleFit=poi&sm=aspect&aspect=2:1&w=500');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid-input', message: expect.stringContaining('poi') },
    });
  });

  it('answers a crop of a missing image with a JSON 404', async () => {
    const response = await get(amplienceUrl('/sample/images/missing.svg', POINT, '1:1', 10));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not-found' } });
  });

  it('still serves the sample files as they are when no crop is asked', async () => {
    const image = await get('/sample/images/pic.svg');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toBe(PICTURE);
    const other = await get('/sample/images/pic.svg?cacheBust=4');
    expect(await other.text()).toBe(PICTURE);
    const json = await get('/sample/products.json');
    expect(await json.json()).toEqual({ products: [] });
  });
}

describe('the Electron app:// handler', () => {
  const handler = () => createAppRequestHandler({ rendererDir, sampleDir });
  const get = (path: string) => handler()({ url: `app://studio${path}`, method: 'GET' });

  sharedCases(get);

  it('takes a request without a method as a GET (protocol.handle always gives one)', async () => {
    const response = await handler()({ url: `app://studio${CROP}` });
    expect(response.status).toBe(200);
  });

  it('answers another method on a crop with 405 and Allow', async () => {
    const response = await handler()({ url: `app://studio${CROP}`, method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toMatchObject({ error: { code: 'method-not-allowed' } });
  });

  it('crops only on its own host: another host stays a 404', async () => {
    const response = await handler()({ url: `app://other${CROP}`, method: 'GET' });
    expect(response.status).toBe(404);
  });
});

describe('the browser host', () => {
  let host: BrowserHost;
  beforeAll(async () => {
    host = await startBrowserHost({
      port: 0,
      dataDir: join(root, 'data'),
      rendererDir,
      resourcesDir: join(root, 'resources'),
    });
  });
  afterAll(async () => {
    await host.close();
  });
  const get = (path: string) => fetch(`${host.url}${path}`);

  sharedCases(get);

  it('sends one content type and lets the sandboxed preview load crops too', async () => {
    const response = await get(CROP);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
