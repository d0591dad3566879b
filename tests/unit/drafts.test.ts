import { copyFile, readdir, rm, writeFile } from 'node:fs/promises';
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
let unreadable: { path: string; reason: string }[];
let drafts: DraftStore;

beforeEach(async () => {
  root = await makeTempDir();
  dir = join(root, 'drafts');
  unreadable = [];
  drafts = createDraftStore(dir, { onUnreadableFile: (path, reason) => unreadable.push({ path, reason }) });
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

  it('skips and reports damaged files, and still lists the others', async () => {
    const good = makeDraft();
    await drafts.put(good);
    const brokenJson = join(dir, `${contentHash('broken')}.json`);
    const wrongShape = join(dir, `${contentHash('shape')}.json`);
    await writeFile(brokenJson, '{"bookmark": "bro');
    await writeFile(wrongShape, JSON.stringify({ ...makeDraft({ bookmark: 'shape' }), components: 'none' }));

    expect(await drafts.list()).toEqual([good]);
    expect(unreadable.map((entry) => entry.path).sort()).toEqual([brokenJson, wrongShape].sort());
    expect(unreadable.find((entry) => entry.path === wrongShape)?.reason).toContain('components');
    expect(await drafts.get('broken')).toBeNull();
  });

  it('does not list a draft stored under another bookmark\'s file name', async () => {
    const draft = makeDraft();
    await drafts.put(draft);
    const stray = join(dir, `${contentHash('somewhere else')}.json`);
    await copyFile(join(dir, `${contentHash(draft.bookmark)}.json`), stray);

    expect(await drafts.list()).toEqual([draft]);
    expect(unreadable).toEqual([{ path: stray, reason: expect.stringContaining(draft.bookmark) }]);
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
