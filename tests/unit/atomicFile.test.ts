import * as fsp from 'node:fs/promises';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keepDamagedFile,
  readJsonFile,
  removeStrayTempFiles,
  TEMP_FILE_PATTERN,
  writeFileAtomic,
} from '../../main/services/atomicFile';
import { makeTempDir } from './helpers/pages';

// Wrapped so a test can make one step of the write fail; every other call goes to the real file system.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(actual.rename), open: vi.fn(actual.open), rm: vi.fn(actual.rm) };
});

const actualFs = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  vi.mocked(fsp.rename).mockReset().mockImplementation(actualFs.rename);
  vi.mocked(fsp.open).mockReset().mockImplementation(actualFs.open);
  vi.mocked(fsp.rm).mockReset().mockImplementation(actualFs.rm);
  await actualFs.rm(dir, { recursive: true, force: true });
});

function ioError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

describe('writeFileAtomic', () => {
  it('creates missing folders and writes the text', async () => {
    const target = join(dir, 'a', 'b', 'c.json');
    await writeFileAtomic(target, '{"ok":true}');
    expect(await actualFs.readFile(target, 'utf8')).toBe('{"ok":true}');
    expect(await actualFs.readdir(join(dir, 'a', 'b'))).toEqual(['c.json']);
  });

  it('keeps the old file intact and removes the temporary file when the rename fails', async () => {
    const target = join(dir, 'draft.json');
    await writeFileAtomic(target, 'old content');
    vi.mocked(fsp.rename).mockRejectedValueOnce(ioError('EIO'));

    await expect(writeFileAtomic(target, 'new content')).rejects.toThrow('EIO');

    expect(await actualFs.readFile(target, 'utf8')).toBe('old content');
    expect(await actualFs.readdir(dir)).toEqual(['draft.json']);
  });

  it('keeps the old file intact when the disk fills up halfway through the write', async () => {
    const target = join(dir, 'draft.json');
    await writeFileAtomic(target, 'old content');
    vi.mocked(fsp.open).mockImplementationOnce(async (path, flags) => {
      const handle = await actualFs.open(path, flags);
      // The real handle, except that writeFile writes half of the text and then fails.
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'writeFile') {
            return async (text: string) => {
              await target.writeFile(text.slice(0, text.length / 2));
              throw ioError('ENOSPC');
            };
          }
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    });

    await expect(writeFileAtomic(target, 'x'.repeat(100_000))).rejects.toThrow('ENOSPC');

    expect(await actualFs.readFile(target, 'utf8')).toBe('old content');
    expect(await actualFs.readdir(dir)).toEqual(['draft.json']);
  });

  it('has the complete new text on disk, beside the untouched target, at the moment it is renamed', async () => {
    const target = join(dir, 'page.json');
    await writeFileAtomic(target, 'old content');
    const seenAtRename: { target: string; temp: string }[] = [];
    vi.mocked(fsp.rename).mockImplementationOnce(async (from, to) => {
      seenAtRename.push({
        target: await actualFs.readFile(to, 'utf8'),
        temp: await actualFs.readFile(from, 'utf8'),
      });
      return actualFs.rename(from, to);
    });

    await writeFileAtomic(target, 'new content');

    expect(seenAtRename).toEqual([{ target: 'old content', temp: 'new content' }]);
    expect(await actualFs.readFile(target, 'utf8')).toBe('new content');
  });

  it('gives concurrent writers their own temporary files, so the result is one whole text', async () => {
    const target = join(dir, 'page.json');
    const texts = Array.from({ length: 20 }, (_, index) => JSON.stringify({ writer: index, pad: 'y'.repeat(5000) }));
    await Promise.all(texts.map((text) => writeFileAtomic(target, text)));

    expect(texts).toContain(await actualFs.readFile(target, 'utf8'));
    expect(await actualFs.readdir(dir)).toEqual(['page.json']);
  });
});

describe('readJsonFile', () => {
  it('answers null for a missing file', async () => {
    expect(await readJsonFile(join(dir, 'missing.json'))).toBeNull();
  });

  it('parses what writeFileAtomic wrote', async () => {
    const target = join(dir, 'value.json');
    await writeFileAtomic(target, JSON.stringify({ pages: [1, 2] }));
    expect(await readJsonFile(target)).toEqual({ pages: [1, 2] });
  });

  it('names the file when it does not hold JSON', async () => {
    const target = join(dir, 'broken.json');
    await actualFs.writeFile(target, '{"half": ');
    await expect(readJsonFile(target)).rejects.toThrow(/broken\.json does not hold valid JSON/);
  });
});

describe('readJsonFile limits', () => {
  it('refuses a file nested past the depth limit, naming the file and the limit', async () => {
    const target = join(dir, 'deep.json');
    await actualFs.writeFile(target, '['.repeat(3500) + ']'.repeat(3500));
    await expect(readJsonFile(target)).rejects.toThrow(
      `${target} does not hold valid JSON: nested more than 64 levels deep (the limit is 64)`,
    );
  });
});

describe('keepDamagedFile', () => {
  it('moves the file into the folder under a timestamped name, never over an existing one', async () => {
    const now = new Date('2026-01-02T03:04:05.006Z');
    await actualFs.writeFile(join(dir, 'settings.json'), 'one');
    const first = keepDamagedFile(join(dir, 'settings.json'), dir, now);
    await actualFs.writeFile(join(dir, 'settings.json'), 'two');
    const second = keepDamagedFile(join(dir, 'settings.json'), join(dir, 'kept'), now);
    await actualFs.writeFile(join(dir, 'settings.json'), 'three');
    const third = keepDamagedFile(join(dir, 'settings.json'), dir, now);

    expect(first).toBe(join(dir, 'settings.damaged-2026-01-02T03-04-05-006Z.json'));
    expect(second).toBe(join(dir, 'kept', 'settings.damaged-2026-01-02T03-04-05-006Z.json'));
    expect(third).toBe(join(dir, 'settings.damaged-2026-01-02T03-04-05-006Z-2.json'));
    expect(await actualFs.readFile(first, 'utf8')).toBe('one');
    expect(await actualFs.readFile(second, 'utf8')).toBe('two');
    expect(await actualFs.readFile(third, 'utf8')).toBe('three');
    expect(await actualFs.readdir(dir)).not.toContain('settings.json');
  });
});

describe('removeStrayTempFiles', () => {
  const HOUR = 60 * 60 * 1000;

  /** The temporary file a write leaves behind when the process dies just before its rename. */
  async function crashedWrite(target: string): Promise<string> {
    let temp = '';
    vi.mocked(fsp.rename).mockImplementationOnce(async (from) => {
      temp = String(from);
      throw ioError('EINTR');
    });
    vi.mocked(fsp.rm).mockImplementationOnce(async () => undefined); // killed: no clean-up ran
    await writeFileAtomic(target, 'half-written').catch(() => undefined);
    return temp;
  }

  it("removes only old files of writeFileAtomic's own pattern, in nested folders too", async () => {
    const nested = join(dir, 'jd', 'gb', 'home');
    const strayOld = await crashedWrite(join(nested, '0001.json'));
    const strayYoung = await crashedWrite(join(dir, 'abc.json'));
    expect(TEMP_FILE_PATTERN.test(basename(strayOld))).toBe(true);
    const someoneElses = join(dir, 'notes.tmp');
    await actualFs.writeFile(someoneElses, 'not ours');
    const now = new Date();
    await actualFs.utimes(strayOld, new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR));
    await actualFs.utimes(someoneElses, new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR));

    const removed = await removeStrayTempFiles(dir, {
      pattern: TEMP_FILE_PATTERN,
      minAgeMs: HOUR,
      now,
      recursive: true,
    });

    expect(removed).toEqual([strayOld]);
    expect(await actualFs.readdir(nested)).toEqual([]);
    expect((await actualFs.readdir(dir)).sort()).toEqual(['jd', basename(strayYoung), 'notes.tmp'].sort());
  });

  it('finds nothing in a folder that does not exist', async () => {
    const options = { pattern: TEMP_FILE_PATTERN, minAgeMs: HOUR, now: new Date(), recursive: true };
    expect(await removeStrayTempFiles(join(dir, 'missing'), options)).toEqual([]);
  });
});
