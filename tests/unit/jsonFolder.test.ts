import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJsonFolder, type DamagedFilePolicy } from '../../main/services/jsonFolder';
import { makeTempDir } from './helpers/pages';

/** One helper for the data folder's JSON files, each folder with its named policy for a damaged file. */

let dir: string;
beforeEach(async () => {
  dir = join(await makeTempDir(), 'folder');
  await mkdir(dir);
  await writeFile(join(dir, 'a.json'), '{"n":1}');
  await writeFile(join(dir, 'b.json'), '{"n":"two"}');
  await writeFile(join(dir, 'c.json'), '{"n":');
  await writeFile(join(dir, 'ignored.txt'), 'not listed');
});
afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

const folderWith = (policy: DamagedFilePolicy, logged: string[]) =>
  createJsonFolder({
    dir,
    files: /^[a-z]\.json$/,
    schema: z.object({ n: z.number() }),
    policy,
    reason: (problem) => (problem.kind === 'invalid' ? `not a number (${problem.issues})` : problem.kind),
    log: (message) => logged.push(message),
    now: () => new Date('2026-05-01T10:00:00.000Z'),
  });

async function readAll(policy: DamagedFilePolicy, logged: string[] = []) {
  const folder = folderWith(policy, logged);
  const names = await folder.names();
  const values = await Promise.all(names.map(async (name) => (await folder.read(name))?.value ?? null));
  return { folder, names, values, logged };
}

describe('a folder of JSON files', () => {
  it('lists its own files in order, and reads what is valid', async () => {
    const { names, values } = await readAll('ignore');
    expect(names).toEqual(['a.json', 'b.json', 'c.json']);
    expect(values).toEqual([{ n: 1 }, null, null]);
    expect(await folderWith('ignore', []).read('missing.json')).toBeNull();
  });

  it("'move-to-damaged' moves each damaged file to damaged/ and remembers where, with the reason", async () => {
    const { folder, logged } = await readAll('move-to-damaged');
    expect((await readdir(dir)).sort()).toEqual(['a.json', 'damaged', 'ignored.txt']);
    expect(await readdir(join(dir, 'damaged'))).toHaveLength(2);
    expect(folder.setAside().map((file) => [file.file, file.reason.split(' (')[0]])).toEqual([
      [join(dir, 'b.json'), 'not a number'],
      [join(dir, 'c.json'), 'not-json'],
    ]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain(`kept at ${join(dir, 'damaged')}`);
  });

  it("'leave-in-place' leaves them and says so once; 'ignore' leaves them and says nothing", async () => {
    const leaving = await readAll('leave-in-place');
    await readAll('leave-in-place', leaving.logged);
    expect((await readdir(dir)).sort()).toEqual(['a.json', 'b.json', 'c.json', 'ignored.txt']);
    expect(leaving.logged.filter((line) => line.startsWith(join(dir, 'b.json')))).toHaveLength(2);
    const again = leaving.folder;
    await again.read('b.json');
    expect(leaving.logged.filter((line) => line.startsWith(join(dir, 'b.json')))).toHaveLength(2);
    expect(leaving.logged[0]).toMatch(/; it is left in place\.$/);

    const ignoring = await readAll('ignore');
    expect(ignoring.logged).toEqual([]);
    expect(ignoring.folder.setAside()).toEqual([]);
  });

  it("'skip' leaves them and tells each pass over them, with the reason inspect gives", async () => {
    const skipped: [string, string][] = [];
    const folder = createJsonFolder({
      dir,
      files: /^[a-z]\.json$/,
      schema: z.object({ n: z.number() }),
      policy: 'skip',
      reason: (problem) =>
        problem.kind === 'not-json'
          ? `not JSON (${String(problem.error)})`
          : problem.kind === 'check'
            ? problem.reason
            : problem.kind,
      check: (value) => (value.n > 0 ? null : 'not positive'),
      onSkipped: (path, reason) => skipped.push([path, reason]),
    });
    await writeFile(join(dir, 'd.json'), '{"n":0}');
    expect(await folder.inspect('a.json')).toEqual({ value: { n: 1 }, text: '{"n":1}' });
    expect(await folder.inspect('b.json')).toEqual({ damaged: 'invalid' });
    expect(await folder.inspect('c.json')).toEqual({ damaged: expect.stringMatching(/^not JSON \(SyntaxError/) });
    expect(await folder.inspect('d.json')).toEqual({ damaged: 'not positive' });
    expect(await folder.inspect('missing.json')).toBeNull();
    expect(await folder.read('b.json')).toBeNull();
    expect(skipped.map(([path, reason]) => [path, reason.split(' (')[0]])).toEqual([
      [join(dir, 'b.json'), 'invalid'],
      [join(dir, 'c.json'), 'not JSON'],
      [join(dir, 'd.json'), 'not positive'],
      [join(dir, 'b.json'), 'invalid'],
    ]);
    expect((await readdir(dir)).sort()).toEqual(['a.json', 'b.json', 'c.json', 'd.json', 'ignored.txt']);
    expect(folder.setAside()).toEqual([]);

    // A file that cannot even be read (here a folder) fails the read rather than pass for a missing one.
    await mkdir(join(dir, 'e.json'));
    await expect(folder.inspect('e.json')).rejects.toThrow('unreadable');
    expect(skipped).toHaveLength(4);
  });
});
