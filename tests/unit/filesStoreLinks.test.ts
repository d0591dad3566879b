import * as fsp from 'node:fs/promises';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFilesStore } from '../../main/services/filesStore';
import { HOME_KEY, makePage, makeTempDir } from './helpers/pages';

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, link: vi.fn(actual.link) };
});

let dataDir: string;
beforeEach(async () => {
  dataDir = await makeTempDir();
});
afterEach(async () => {
  vi.mocked(fsp.link).mockReset();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the files store on a file system without hard links', () => {
  it('still saves each version once, under its own number, leaving no temporary file', async () => {
    const unsupported = Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    vi.mocked(fsp.link).mockRejectedValue(unsupported);
    const store = createFilesStore(join(dataDir, 'content'));

    const first = await store.save({ content: makePage({ title: 'One' }), kind: 'content' });
    const second = await store.save({
      content: makePage({ title: 'Two' }),
      kind: 'content',
      baseHash: first.version.hash,
    });

    expect([first.version.version, second.version.version]).toEqual([1, 2]);
    const folder = join(
      dataDir,
      'content',
      HOME_KEY.fascia,
      HOME_KEY.platform,
      HOME_KEY.source,
      HOME_KEY.page,
      'uat',
      HOME_KEY.country,
    );
    expect((await readdir(folder)).sort()).toEqual(['v000001.json', 'v000002.json']);
    expect((await store.latest(HOME_KEY)).stored?.content.content[0]?.content).toEqual({ title: 'Two' });
    expect(fsp.link).toHaveBeenCalledTimes(2);
  });

  it('fails a save on any other link error, writing nothing', async () => {
    vi.mocked(fsp.link).mockRejectedValue(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    const store = createFilesStore(join(dataDir, 'content'));
    await expect(store.save({ content: makePage(), kind: 'content' })).rejects.toThrow('disk full');
    const folder = join(
      dataDir,
      'content',
      HOME_KEY.fascia,
      HOME_KEY.platform,
      HOME_KEY.source,
      HOME_KEY.page,
      'uat',
      HOME_KEY.country,
    );
    expect(await readdir(folder)).toEqual([]);
  });
});
