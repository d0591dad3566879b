import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_RATIOS, amplienceUrl, customCrop, type FocalPoint } from '../../core/rules/focalPoint';
import { createSampleImages, type SampleImageReply, type SampleImageRouter } from '../../main/services/sampleImages';

const SHIPPED_SAMPLE_DIR = fileURLToPath(new URL('../../resources/sample', import.meta.url));

const PICTURE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!-- a test picture -->',
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" aria-label="a > b">',
  '<rect x="10" y="20" width="30" height="40" fill="red"/>',
  '</svg>',
].join('\n');
const VIEWBOX_ONLY =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 600"><circle cx="150" cy="300" r="50"/></svg>';
const NO_SIZE = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/></svg>';
const SECRET = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>secret</text></svg>';

const CROP = 'poi=0.5,0.46,0.35,0.34&scaleFit=poi&sm=aspect&aspect=2:1&w=500';

let dir: string;
let router: SampleImageRouter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sample-images-'));
  await mkdir(join(dir, 'sample', 'images', 'nested'), { recursive: true });
  await mkdir(join(dir, 'sample', 'images', 'folder.svg'));
  await writeFile(join(dir, 'sample', 'images', 'pic.svg'), PICTURE);
  await writeFile(join(dir, 'sample', 'images', 'nested', 'tall.svg'), VIEWBOX_ONLY);
  await writeFile(join(dir, 'sample', 'images', 'nosize.svg'), NO_SIZE);
  await writeFile(join(dir, 'sample', 'secret.svg'), SECRET);
  await writeFile(join(dir, 'outside.svg'), SECRET);
  await symlink(join(dir, 'outside.svg'), join(dir, 'sample', 'images', 'link.svg'));
  router = createSampleImages({ sampleDir: join(dir, 'sample') });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, method = 'GET') => router({ method }, new URL(path, 'http://127.0.0.1:4000'));

async function svg(path: string): Promise<string> {
  const reply = await get(path);
  expect(reply?.status, JSON.stringify(reply?.body)).toBe(200);
  expect(reply?.raw).toBeTypeOf('string');
  return reply?.raw ?? '';
}

/** The outer element's width, height and viewBox numbers. */
function outer(raw: string): { width: number; height: number; viewBox: number[] } {
  const tag = /^<svg\b[^>]*>/.exec(raw)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return {
    width: Number(attribute('width')),
    height: Number(attribute('height')),
    viewBox: attribute('viewBox').split(' ').map(Number),
  };
}

function errorCode(reply: SampleImageReply | null): string | undefined {
  return (reply?.body as { error?: { code?: string } } | undefined)?.error?.code;
}

describe('the point-of-interest crop', () => {
  it('answers an SVG whose viewBox is customCrop’s rectangle, w wide and w x H / W high', async () => {
    const reply = await get(`/sample/images/pic.svg?${CROP}`);
    expect(reply?.status).toBe(200);
    expect(reply?.headers?.['Content-Type']).toBe('image/svg+xml');
    expect(reply?.headers?.['X-Content-Type-Options']).toBe('nosniff');
    expect(reply?.body).toBeNull();
    const rect = customCrop({ width: 400, height: 200 }, { x: 0.5, y: 0.46, w: 0.35, h: 0.34 }, '2:1');
    expect(outer(reply?.raw ?? '')).toEqual({
      width: 500,
      height: 250,
      viewBox: [rect.x, rect.y, rect.width, rect.height],
    });
    expect(rect).toEqual({ x: 0, y: 0, width: 400, height: 200 });
  });

  it('wraps the original as a nested <svg> at its own size, without its prolog', async () => {
    const raw = await svg(`/sample/images/pic.svg?${CROP}`);
    expect(raw.startsWith('<svg xmlns="http://www.w3.org/2000/svg" ')).toBe(true);
    expect(raw).not.toContain('<?xml');
    expect(raw).not.toContain('a test picture');
    expect(raw).toContain(
      '<svg x="0" y="0" width="400" height="200" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" aria-label="a > b">',
    );
    expect(raw).toContain('<rect x="10" y="20" width="30" height="40" fill="red"/>');
    expect(raw.match(/<svg\b/g)).toHaveLength(2);
    expect(raw.match(/<\/svg>/g)).toHaveLength(2);
  });

  it('gives a viewBox-only image its size from the viewBox', async () => {
    const raw = await svg('/sample/images/nested/tall.svg?poi=0.5,0.9,0.2,0.1&scaleFit=poi&sm=aspect&aspect=1:1&w=200');
    expect(raw).toContain('<svg x="0" y="0" width="300" height="600" xmlns=');
    const rect = customCrop({ width: 300, height: 600 }, { x: 0.5, y: 0.9, w: 0.2, h: 0.1 }, '1:1');
    expect(rect).toEqual({ x: 0, y: 300, width: 300, height: 300 });
    expect(outer(raw)).toEqual({ width: 200, height: 200, viewBox: [0, 300, 300, 300] });
  });

  it.each(PREVIEW_RATIOS)(
    '%s: follows the URL amplienceUrl writes, so both previews show the same crop',
    async (ratio) => {
      const point: FocalPoint = { x: 0.8123, y: 0.2, w: 0.125, h: 0.28169 };
      const raw = await svg(amplienceUrl('/sample/images/nested/tall.svg', point, ratio, 321));
      const rect = customCrop({ width: 300, height: 600 }, point, ratio);
      const [w = 0, h = 0] = ratio.split(':').map(Number);
      expect(outer(raw)).toEqual({
        width: 321,
        height: Math.round((321 * h) / w),
        viewBox: [rect.x, rect.y, rect.width, rect.height],
      });
    },
  );

  it('crops the shipped athlete portrait around its metadata point', async () => {
    const shipped = createSampleImages({ sampleDir: SHIPPED_SAMPLE_DIR });
    const reply = await shipped({ method: 'GET' }, new URL(`http://x/sample/images/athlete-moreau.svg?${CROP}`));
    expect(reply?.status).toBe(200);
    expect(outer(reply?.raw ?? '')).toEqual({ width: 500, height: 250, viewBox: [0, 218, 600, 300] });
  });

  it('clamps a point whose box overhangs the image, as the editor does', async () => {
    const raw = await svg('/sample/images/pic.svg?poi=1,1,0.5,0.5&scaleFit=poi&sm=aspect&aspect=1:1&w=100');
    expect(outer(raw)).toEqual({ width: 100, height: 100, viewBox: [200, 0, 200, 200] });
  });
});

describe('which requests are the router’s', () => {
  it.each([
    ['no query', '/sample/images/pic.svg'],
    ['another query only', '/sample/images/pic.svg?cacheBust=4'],
    ['the metadata route', '/sample/images/pic.svg.json/?metadata=true&metaFilter=pointOfInterest&cacheBust=4'],
    ['not an SVG', `/sample/images/pic.png?${CROP}`],
    ['not under images/', `/sample/secret.svg?${CROP}`],
    ['another service', `/products/lookup?${CROP}`],
  ])('%s -> null', async (_name, path) => {
    expect(await get(path)).toBeNull();
  });

  it('a crop parameter alone makes it the router’s, and then the rest are required', async () => {
    const reply = await get('/sample/images/pic.svg?w=500');
    expect(reply?.status).toBe(400);
    expect(errorCode(reply)).toBe('invalid-input');
  });

  it('answers GET only', async () => {
    const reply = await get(`/sample/images/pic.svg?${CROP}`, 'POST');
    expect(reply?.status).toBe(405);
    expect(reply?.headers).toEqual({ Allow: 'GET' });
    expect(reply?.raw).toBeUndefined();
  });
});

describe('strict parsing', () => {
  it.each([
    ['poi missing', 'scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['w missing', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1'],
    ['aspect missing', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&w=500'],
    ['scaleFit missing', 'poi=0.5,0.5,0.1,0.1&sm=aspect&aspect=2:1&w=500'],
    ['sm missing', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&aspect=2:1&w=500'],
    ['an unknown parameter', `${CROP}&h=300`],
    ['a repeated parameter', `${CROP}&poi=0.5,0.5,0.1,0.1`],
    ['three numbers', 'poi=0.5,0.5,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['five numbers', 'poi=0.5,0.5,0.1,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['a fraction above 1', 'poi=1.2,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['a negative fraction', 'poi=-0.1,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['an exponent', 'poi=1e-1,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['a zero size', 'poi=0.5,0.5,0,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['a blank number', 'poi=0.5,,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=500'],
    ['another scaleFit', 'poi=0.5,0.5,0.1,0.1&scaleFit=fit&sm=aspect&aspect=2:1&w=500'],
    ['another sm', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=c&aspect=2:1&w=500'],
    ['a zero ratio', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=0:1&w=500'],
    ['a ratio not W:H', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=1.5&w=500'],
    ['a zero width', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=0'],
    ['a fractional width', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=50.5'],
    ['too wide', 'poi=0.5,0.5,0.1,0.1&scaleFit=poi&sm=aspect&aspect=2:1&w=4001'],
  ])('%s is a 400', async (_name, query) => {
    const reply = await get(`/sample/images/pic.svg?${query}`);
    expect(reply?.status).toBe(400);
    expect(errorCode(reply)).toBe('invalid-input');
    expect(reply?.raw).toBeUndefined();
  });

  it('accepts the largest width and the bounds of a fraction', async () => {
    const raw = await svg('/sample/images/pic.svg?poi=0,1,1.0,0.02&scaleFit=poi&sm=aspect&aspect=4:3&w=4000');
    expect(outer(raw).width).toBe(4000);
    expect(outer(raw).height).toBe(3000);
  });
});

describe('paths that leave images/ are refused', () => {
  it.each([
    ['an encoded ..', `/sample/images/..%2Fsecret.svg?${CROP}`],
    ['an encoded .. in dots', `/sample/images/%2e%2e%2fsecret.svg?${CROP}`],
    ['two levels up', `/sample/images/..%2F..%2Foutside.svg?${CROP}`],
    ['a backslash', `/sample/images/..%5Csecret.svg?${CROP}`],
    ['an absolute path', `/sample/images/%2Fetc%2Fsecret.svg?${CROP}`],
    ['a NUL', `/sample/images/pic%00.svg?${CROP}`],
    ['a link leading out', `/sample/images/link.svg?${CROP}`],
    ['a missing file', `/sample/images/missing.svg?${CROP}`],
    ['a folder', `/sample/images/folder.svg?${CROP}`],
  ])('%s -> 404', async (_name, path) => {
    const reply = await get(path);
    expect(reply?.status).toBe(404);
    expect(errorCode(reply)).toBe('not-found');
    expect(JSON.stringify(reply)).not.toContain('secret</text>');
  });

  it('a bad percent-encoding is a 400', async () => {
    const reply = await get(`/sample/images/%E0%A4%A.svg?${CROP}`);
    expect(reply?.status).toBe(400);
  });

  it('an image without a size is a 422', async () => {
    const reply = await get(`/sample/images/nosize.svg?${CROP}`);
    expect(reply?.status).toBe(422);
    expect(errorCode(reply)).toBe('unprocessable');
  });
});
