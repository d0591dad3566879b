import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDraftStore, type DraftStore } from '../../main/services/drafts';
import { contentHash } from '../../core/rules/hash';
import { bookmarkFor, documentHash } from '../../core/rules/page';
import { emptyPageMeta, type Draft, type PageKey } from '../../core/schemas';
import { StudioError } from '../../core/result';
import { HOME_KEY, banner, makeTempDir } from './helpers/pages';

let root: string;
let dir: string;
let logged: string[];
let drafts: DraftStore;
const NOW = new Date('2026-11-24T21:45:03.123Z');
const STAMP = '2026-11-24T21-45-03-123Z';

beforeEach(async () => {
  root = await makeTempDir();
  dir = join(root, 'drafts');
  logged = [];
  drafts = createDraftStore(dir, { now: () => NOW, log: (message) => logged.push(message) });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function makeDraft(options: { key?: PageKey; bookmark?: string; title?: string; updatedAt?: string } = {}): Draft {
  const key = options.key ?? HOME_KEY;
  const meta = emptyPageMeta();
  const components = [banner(options.title ?? 'Draft title')];
  return {
    bookmark: options.bookmark ?? bookmarkFor(key),
    key,
    meta,
    components,
    baseHash: null,
    cleanHash: documentHash(meta, components),
    updatedAt: options.updatedAt ?? '2024-05-01T10:00:00.000Z',
  };
}

describe('draft store', () => {
  it('gives back what was put, and null for a bookmark without a draft', async () => {
    const draft = makeDraft();
    await drafts.put(draft);
    expect(await drafts.get(draft.bookmark)).toEqual(draft);
    expect(await drafts.get('jd~fr~app~ios~other')).toBeNull();
  });

  it('names the file by the hash of the bookmark', async () => {
    const draft = makeDraft();
    await drafts.put(draft);
    expect(await readdir(dir)).toEqual([`${contentHash(draft.bookmark)}.json`]);
  });

  it('keeps a bookmark that looks like a path inside the folder', async () => {
    const draft = makeDraft({ bookmark: '../../escaped/../../etc/passwd' });
    await drafts.put(draft);

    expect(await readdir(root)).toEqual(['drafts']);
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{16}\.json$/)]);
    expect(await drafts.get(draft.bookmark)).toEqual(draft);
  });

  it('removes a draft, and removing a missing one is not an error', async () => {
    const draft = makeDraft();
    await drafts.put(draft);
    await drafts.remove(draft.bookmark);
    expect(await drafts.get(draft.bookmark)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
    await expect(drafts.remove(draft.bookmark)).resolves.toBeUndefined();
  });

  it('lists drafts most recently updated first, and nothing before the folder exists', async () => {
    expect(await drafts.list()).toEqual([]);
    const older = makeDraft({ updatedAt: '2024-05-01T10:00:00.000Z' });
    const newer = makeDraft({ key: { ...HOME_KEY, page: 'sale' }, updatedAt: '2024-05-02T10:00:00.000Z' });
    await drafts.put(older);
    await drafts.put(newer);

    expect(await drafts.list()).toEqual([newer, older]);
  });

  it('moves damaged files to damaged/ with a timestamp, reports them, and still lists the others', async () => {
    const good = makeDraft();
    await drafts.put(good);
    const brokenJson = join(dir, `${contentHash('broken')}.json`);
    const wrongShape = join(dir, `${contentHash('shape')}.json`);
    const wrongShapeText = JSON.stringify({ ...makeDraft({ bookmark: 'shape' }), components: 'none' });
    await writeFile(brokenJson, '{"bookmark": "bro');
    await writeFile(wrongShape, wrongShapeText);

    expect(await drafts.list()).toEqual([good]);

    const keptBroken = join(dir, 'damaged', `${contentHash('broken')}.damaged-${STAMP}.json`);
    const keptShape = join(dir, 'damaged', `${contentHash('shape')}.damaged-${STAMP}.json`);
    expect(await readFile(keptBroken, 'utf8')).toBe('{"bookmark": "bro');
    expect(await readFile(keptShape, 'utf8')).toBe(wrongShapeText);
    expect((await readdir(dir)).sort()).toEqual([`${contentHash(good.bookmark)}.json`, 'damaged'].sort());
    const reports = drafts.damagedFiles().sort((a, b) => a.file.localeCompare(b.file));
    expect(reports).toEqual(
      [
        {
          kind: 'draft',
          file: brokenJson,
          keptAt: keptBroken,
          reason: expect.stringContaining('does not hold valid JSON'),
          usedInstead: null,
        },
        {
          kind: 'draft',
          file: wrongShape,
          keptAt: keptShape,
          reason: expect.stringContaining('components'),
          usedInstead: null,
        },
      ].sort((a, b) => a.file.localeCompare(b.file)),
    );
    expect(logged).toHaveLength(2);
  });

  it('opening a page whose draft is damaged keeps the damaged file and writes the new draft beside it', async () => {
    // About 62 KB of work cut off mid-write, as in the issue.
    const work = JSON.stringify(makeDraft({ title: 'x'.repeat(62_000) }));
    const path = join(dir, `${contentHash(bookmarkFor(HOME_KEY))}.json`);
    await mkdir(dir, { recursive: true });
    await writeFile(path, work.slice(0, -10));

    expect(await drafts.get(bookmarkFor(HOME_KEY))).toBeNull();
    const fresh = makeDraft({ title: 'Fresh' });
    await drafts.put(fresh);

    const [kept] = drafts.damagedFiles();
    expect(await readFile(kept!.keptAt, 'utf8')).toBe(work.slice(0, -10));
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toEqual(fresh);
  });

  it('isolates a draft nested 3,500 levels deep: it is set aside naming the limit, the others still list', async () => {
    const good = makeDraft();
    await drafts.put(good);
    const deep = join(dir, `${contentHash('deep')}.json`);
    const nested = '{"children":['.repeat(3500) + ']}'.repeat(3500);
    await writeFile(deep, `{"bookmark":"deep","meta":${nested}}`);

    expect(await drafts.list()).toEqual([good]);
    expect(drafts.damagedFiles()).toEqual([
      expect.objectContaining({
        file: deep,
        reason: expect.stringContaining('nested more than 64 levels deep (the limit is 64)'),
      }),
    ]);
  });

  it('refuses to write a draft nested past the limit, naming it', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 3500; i++) deep = { children: [deep] };
    const draft = { ...makeDraft(), meta: { ...emptyPageMeta(), deep } } as unknown as Draft;
    await expect(drafts.put(draft)).rejects.toThrow('Invalid draft: nested more than 64 levels deep (the limit is 64)');
    expect(await readdir(root)).toEqual([]);
  });

  it('never replaces an earlier damaged copy kept at the same moment', async () => {
    const path = join(dir, `${contentHash(bookmarkFor(HOME_KEY))}.json`);
    await mkdir(dir, { recursive: true });
    await writeFile(path, 'first damage');
    await drafts.get(bookmarkFor(HOME_KEY));
    await writeFile(path, 'second damage');
    await drafts.get(bookmarkFor(HOME_KEY));

    const kept = drafts.damagedFiles().map((file) => file.keptAt);
    expect(kept).toHaveLength(2);
    expect(await readFile(kept[0]!, 'utf8')).toBe('first damage');
    expect(await readFile(kept[1]!, 'utf8')).toBe('second damage');
    expect(kept[1]).toMatch(/\.damaged-2026-11-24T21-45-03-123Z-2\.json$/);
  });

  it('does not write over a damaged draft it could not move aside', async () => {
    const path = join(dir, `${contentHash(bookmarkFor(HOME_KEY))}.json`);
    await mkdir(dir, { recursive: true });
    await writeFile(path, '{"half a draft');
    await writeFile(join(dir, 'damaged'), 'a file where the folder should be');

    expect(await drafts.get(bookmarkFor(HOME_KEY))).toBeNull();
    expect(drafts.damagedFiles()).toEqual([
      expect.objectContaining({ keptAt: path, reason: expect.stringContaining('moving it aside failed') }),
    ]);
    await expect(drafts.put(makeDraft())).rejects.toThrow('is not written over');
    expect(await readFile(path, 'utf8')).toBe('{"half a draft');

    // Once someone moves it away by hand, autosaving works again.
    await rm(path);
    await drafts.put(makeDraft());
    expect(await drafts.get(bookmarkFor(HOME_KEY))).toEqual(makeDraft());
  });

  it('lists the other drafts when one file cannot be read at all, and refuses to open that one', async () => {
    const good = makeDraft();
    await drafts.put(good);
    const blocked = `${contentHash('blocked')}.json`;
    await mkdir(join(dir, blocked)); // reading it fails with EISDIR, as an unreadable file would

    expect(await drafts.list()).toEqual([good]);
    await expect(drafts.get('blocked')).rejects.toThrow(
      `The draft file ${join(dir, blocked)} could not be read: EISDIR`,
    );
    expect(drafts.damagedFiles()).toEqual([]);
  });

  it("sets aside a draft stored under another bookmark's file name, so the next autosave cannot replace it", async () => {
    const draft = makeDraft();
    await drafts.put(draft);
    const stray = join(dir, `${contentHash('somewhere else')}.json`);
    await copyFile(join(dir, `${contentHash(draft.bookmark)}.json`), stray);

    expect(await drafts.list()).toEqual([draft]);
    expect(drafts.damagedFiles()).toEqual([
      expect.objectContaining({ file: stray, reason: expect.stringContaining(draft.bookmark) }),
    ]);
    expect(await readdir(join(dir, 'damaged'))).toHaveLength(1);
  });

  it('keeps the last of many autosaves made in quick succession', async () => {
    // Earlier autosaves are made larger, so without ordering they would finish writing last and win.
    const saves = Array.from({ length: 25 }, (_, index) =>
      makeDraft({ title: `Edit ${index} ${'x'.repeat((25 - index) * 40_000)}` }),
    );
    await Promise.all(saves.map((draft) => drafts.put(draft)));

    expect(await drafts.get(bookmarkFor(HOME_KEY))).toEqual(saves.at(-1));
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('refuses to write a draft that could not be read back', async () => {
    const invalid = { ...makeDraft(), updatedAt: 'yesterday' };
    const error = await drafts.put(invalid).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(StudioError);
    expect((error as StudioError).code).toBe('invalid-input');
    expect((error as StudioError).message).toContain('updatedAt');
    expect(await readdir(root)).toEqual([]);
  });
});
