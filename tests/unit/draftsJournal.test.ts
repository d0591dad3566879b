import { appendFile, copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../core/result';
import { draftDelta, sentDraftOf, type JournalEntry } from '../../core/rules/draftJournal';
import { contentHash } from '../../core/rules/hash';
import { bookmarkFor } from '../../core/rules/page';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';
import { COMPACT_AFTER_ENTRIES, createDraftStore, type DraftStore } from '../../main/services/drafts';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { HOME_KEY, makeTempDir } from './helpers/pages';

/**
 * The draft store's journal (issue 17): deltas appended beside the draft, folded in now and then and on
 * reading, with a real folder. "A crash" is a new store opened on the same folder with nothing in memory.
 */

let root: string;
let dir: string;
let logged: string[];
let drafts: DraftStore;

const BOOKMARK = bookmarkFor(HOME_KEY);
const draftFile = () => join(dir, `${contentHash(BOOKMARK)}.json`);
const journalFile = () => join(dir, `${contentHash(BOOKMARK)}.journal`);
const openStore = () => createDraftStore(dir, { log: (message) => logged.push(message) });

beforeEach(async () => {
  root = await makeTempDir();
  dir = join(root, 'drafts');
  logged = [];
  drafts = openStore();
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const block = (id: string, title: string): Component => ({
  _component: 'Banner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

function firstDraft(count = 3): Draft {
  return {
    bookmark: BOOKMARK,
    key: HOME_KEY,
    meta: emptyPageMeta(),
    components: Array.from({ length: count }, (_, index) => block(`b${index}`, `Title ${index}`)),
    baseHash: null,
    cleanHash: 'clean',
    updatedAt: '2026-11-24T10:00:00.000Z',
  };
}

/** The editor's side: edits one component's title, and the entry main would journal for it. */
function editTitle(draft: Draft, id: string, title: string, second: number): { next: Draft; entry: JournalEntry } {
  const updatedAt = new Date(Date.UTC(2026, 10, 24, 10, 1, second)).toISOString();
  const next: Draft = {
    ...draft,
    components: draft.components.map((c) => (c._identifier === id ? { ...c, content: { title } } : c)),
    updatedAt,
  };
  return { next, entry: { ...draftDelta(sentDraftOf(draft), next)!, updatedAt } };
}

const fileExists = async (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  );

describe('draft store journal', () => {
  it('appends a delta beside the draft, flushed line by line, and folds it in when the draft is read', async () => {
    let draft = firstDraft();
    let revision = await drafts.put(draft);
    for (const [second, title] of ['One', 'Two'].entries()) {
      const edit = editTitle(draft, 'b1', title, second);
      const next = await drafts.applyDelta(BOOKMARK, revision, edit.entry);
      expect(next).toEqual(expect.any(String));
      revision = next!;
      draft = edit.next;
    }
    // The draft file is untouched; the journal holds a header and one line per delta, each a few hundred bytes.
    expect(JSON.parse(await readFile(draftFile(), 'utf8'))).toEqual(firstDraft());
    const lines = (await readFile(journalFile(), 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.length).toBeLessThan(400);

    expect(await drafts.get(BOOKMARK)).toEqual(draft);
    // Read: folded into the draft file, the journal gone, and deltas still build on it.
    expect(JSON.parse(await readFile(draftFile(), 'utf8'))).toEqual(draft);
    expect(await fileExists(journalFile())).toBe(false);
    const edit = editTitle(draft, 'b0', 'After reading', 9);
    expect(await drafts.applyDelta(BOOKMARK, revision, edit.entry)).toEqual(expect.any(String));
    expect(await drafts.list()).toEqual([edit.next]);
  });

  it('opens a draft written before this run for editing: its revision takes deltas at once', async () => {
    expect(await drafts.open(BOOKMARK)).toBeNull();
    const draft = firstDraft();
    await drafts.put(draft);
    const restarted = openStore();
    const opened = await restarted.open(BOOKMARK);
    expect(opened).toEqual({ draft, revision: expect.any(String) });
    const edit = editTitle(draft, 'b1', 'Edited after opening', 1);
    const next = await restarted.applyDelta(BOOKMARK, opened!.revision!, edit.entry);
    expect(next).toEqual(expect.any(String));
    // Opened again: the same draft, the revision the last delta made.
    expect(await restarted.open(BOOKMARK)).toEqual({ draft: edit.next, revision: next });
  });

  it(`folds the journal into the draft file after ${COMPACT_AFTER_ENTRIES} deltas`, async () => {
    let draft = firstDraft();
    let revision = await drafts.put(draft);
    for (let second = 0; second < COMPACT_AFTER_ENTRIES; second++) {
      const edit = editTitle(draft, 'b2', `Title ${second}`, second);
      revision = (await drafts.applyDelta(BOOKMARK, revision, edit.entry))!;
      draft = edit.next;
      if (second === COMPACT_AFTER_ENTRIES - 2) expect(await fileExists(journalFile())).toBe(true);
    }
    expect(await fileExists(journalFile())).toBe(false);
    expect(JSON.parse(await readFile(draftFile(), 'utf8'))).toEqual(draft);
    // The next delta starts a new journal naming the new draft file.
    const edit = editTitle(draft, 'b0', 'Next', 59);
    await drafts.applyDelta(BOOKMARK, revision, edit.entry);
    expect(await openStore().get(BOOKMARK)).toEqual(edit.next);
  });

  it('loses nothing when folding the journal in fails: the journal stays, and the next autosave is whole', async () => {
    let draft = firstDraft();
    let revision = await drafts.put(draft);
    for (let second = 0; second < COMPACT_AFTER_ENTRIES; second++) {
      if (second === COMPACT_AFTER_ENTRIES - 1) {
        // The draft file cannot be replaced now (a directory stands in its place, holding a file).
        await copyFile(draftFile(), join(root, 'draft-file'));
        await rm(draftFile());
        await mkdir(join(draftFile(), 'in-the-way'), { recursive: true });
      }
      const edit = editTitle(draft, 'b1', `Title ${second}`, second);
      revision = (await drafts.applyDelta(BOOKMARK, revision, edit.entry))!;
      draft = edit.next;
    }
    expect(revision).toEqual(expect.any(String));
    expect(logged).toContainEqual(expect.stringMatching(/folding its journal in failed/));
    const edit = editTitle(draft, 'b0', 'After the failure', 59);
    expect(await drafts.applyDelta(BOOKMARK, revision, edit.entry)).toBeNull();

    await rm(draftFile(), { recursive: true });
    await copyFile(join(root, 'draft-file'), draftFile());
    expect(await openStore().get(BOOKMARK)).toEqual(draft);
  });

  it('answers null, writing nothing, for a base it does not hold: unknown, superseded, removed, or after a restart', async () => {
    const draft = firstDraft();
    const { entry } = editTitle(draft, 'b0', 'Lost?', 1);
    expect(await drafts.applyDelta(BOOKMARK, 'never-given', entry)).toBeNull();
    expect(await readdir(root)).toEqual([]);

    const old = await drafts.put(draft);
    const current = await drafts.put(draft);
    expect(await drafts.applyDelta(BOOKMARK, old, entry)).toBeNull();
    // A new store (main restarted) holds no base: the editor sends the whole draft first.
    expect(await openStore().applyDelta(BOOKMARK, current, entry)).toBeNull();

    await rm(draftFile());
    expect(await drafts.applyDelta(BOOKMARK, current, entry)).toBeNull();
    const again = await drafts.put(draft);
    await drafts.remove(BOOKMARK);
    expect(await drafts.applyDelta(BOOKMARK, again, entry)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a delta that does not fit the draft, with the reason, and loses nothing', async () => {
    const draft = firstDraft();
    const revision = await drafts.put(draft);
    const good = editTitle(draft, 'b0', 'Kept', 1);
    const afterGood = (await drafts.applyDelta(BOOKMARK, revision, good.entry))!;
    const journalBefore = await readFile(journalFile(), 'utf8');

    const dropsOne: JournalEntry = { ...good.entry, upserts: [], order: ['b0', 'b1'] };
    const refusal = await drafts.applyDelta(BOOKMARK, afterGood, dropsOne).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StudioError);
    expect(refusal).toMatchObject({
      code: 'invalid-input',
      message: 'Invalid draft changes: component b2 left the order without being removed',
    });
    expect(await readFile(journalFile(), 'utf8')).toBe(journalBefore);
    // The base is still good for the editor's next delta.
    const next = editTitle(good.next, 'b1', 'Also kept', 2);
    expect(await drafts.applyDelta(BOOKMARK, afterGood, next.entry)).toEqual(expect.any(String));
    expect(await openStore().get(BOOKMARK)).toEqual(next.next);
  });

  it('refuses a delta that would make the draft larger than a draft may be, and keeps the draft', async () => {
    const draft = { ...firstDraft(1), components: [block('big', 'x'.repeat(11 * 1024 * 1024))] };
    const revision = await drafts.put(draft);
    const grown = { ...draft, components: [...draft.components, block('bigger', 'y'.repeat(10 * 1024 * 1024))] };
    const entry = { ...draftDelta(sentDraftOf(draft), grown)!, updatedAt: '2026-11-24T10:05:00.000Z' };
    await expect(drafts.applyDelta(BOOKMARK, revision, entry)).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'Invalid draft: larger than 20 MB (the limit)',
    });
    expect(await fileExists(journalFile())).toBe(false);
    // Past the bound of file and journal, the draft itself is measured: replacing the big text fits.
    const replaced = { ...draft, components: [block('big', 'z'.repeat(9 * 1024 * 1024))] };
    const fits = { ...draftDelta(sentDraftOf(draft), replaced)!, updatedAt: '2026-11-24T10:06:00.000Z' };
    expect(await drafts.applyDelta(BOOKMARK, revision, fits)).toEqual(expect.any(String));
    expect((await openStore().get(BOOKMARK))!.components).toEqual(replaced.components);
  });

  it('loses nothing when main dies between appending and folding: the journal is replayed on reading', async () => {
    let draft = firstDraft();
    let revision = await drafts.put(draft);
    for (let second = 0; second < 5; second++) {
      const edit = editTitle(draft, `b${second % 3}`, `Crash ${second}`, second);
      revision = (await drafts.applyDelta(BOOKMARK, revision, edit.entry))!;
      draft = edit.next;
    }
    // Nothing of the first store's memory survives: only the files.
    const restarted = openStore();
    expect(await restarted.list()).toEqual([draft]);
    expect(await fileExists(journalFile())).toBe(false);
    expect(restarted.damagedFiles()).toEqual([]);
  });

  it('drops a journal a crash left after the draft file was rewritten, instead of applying it twice', async () => {
    let draft = firstDraft();
    let revision = await drafts.put(draft);
    const remove = { ...draft, components: draft.components.slice(0, 2) };
    revision = (await drafts.applyDelta(BOOKMARK, revision, {
      ...draftDelta(sentDraftOf(draft), remove)!,
      updatedAt: '2026-11-24T10:02:00.000Z',
    }))!;
    draft = { ...remove, updatedAt: '2026-11-24T10:02:00.000Z' };
    const edit = editTitle(draft, 'b0', 'Folded', 3);
    await drafts.applyDelta(BOOKMARK, revision, edit.entry);
    // The compaction's atomic write happened, then the crash came before the journal was removed.
    await copyFile(journalFile(), join(root, 'journal-before-folding'));
    expect(await drafts.get(BOOKMARK)).toEqual(edit.next);
    await copyFile(join(root, 'journal-before-folding'), journalFile());

    // Replaying it would fail (b2 is gone) or undo later edits; its header names the older draft file.
    const restarted = openStore();
    expect(await restarted.get(BOOKMARK)).toEqual(edit.next);
    expect(logged.some((line) => line.includes('was folded into the draft already'))).toBe(true);
    expect(await fileExists(journalFile())).toBe(false);
    expect(restarted.damagedFiles()).toEqual([]);
  });

  it('drops a torn last journal line with a log line, and keeps the draft and every whole line', async () => {
    const draft = firstDraft();
    let revision = await drafts.put(draft);
    const first = editTitle(draft, 'b0', 'Whole line', 1);
    revision = (await drafts.applyDelta(BOOKMARK, revision, first.entry))!;
    const second = editTitle(first.next, 'b1', 'Torn line', 2);
    await drafts.applyDelta(BOOKMARK, revision, second.entry);
    // A power cut in the middle of the last append.
    const text = await readFile(journalFile(), 'utf8');
    await writeFile(journalFile(), text.slice(0, text.length - 40));

    const restarted = openStore();
    expect(await restarted.get(BOOKMARK)).toEqual(first.next);
    expect(logged).toContainEqual(expect.stringMatching(/dropped its last line, cut short by a crash/));
    expect(restarted.damagedFiles()).toEqual([]);
    expect(JSON.parse(await readFile(draftFile(), 'utf8'))).toEqual(first.next);
  });

  it('sets a journal damaged in the middle aside to damaged/, keeping the draft with the entries before', async () => {
    const draft = firstDraft();
    const revision = await drafts.put(draft);
    const first = editTitle(draft, 'b0', 'Before the damage', 1);
    await drafts.applyDelta(BOOKMARK, revision, first.entry);
    await appendFile(journalFile(), 'garbage that is not an entry\n');
    const third = editTitle(first.next, 'b1', 'After the damage', 3);
    await appendFile(journalFile(), `${JSON.stringify(third.entry)}\n`);

    const restarted = openStore();
    expect(await restarted.get(BOOKMARK)).toEqual(first.next);
    const [damaged] = restarted.damagedFiles();
    expect(damaged).toMatchObject({ kind: 'draft', file: journalFile() });
    expect(damaged!.reason).toMatch(/journal is damaged \(line 3 is not JSON/);
    // The damaged journal is kept whole for recovery by hand.
    expect(await readFile(damaged!.keptAt, 'utf8')).toContain('After the damage');
    expect(await fileExists(journalFile())).toBe(false);
  });
});

describe('saveDraftDelta channel', () => {
  let services: StudioServices;
  beforeEach(async () => {
    services = await createStudioServices({
      dataDir: join(root, 'data'),
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(join(root, 'data')),
      secrets: createMemorySecretStore(),
    });
  });
  afterEach(async () => {
    await services.close();
  });

  const value = async (channel: string, payload: unknown) => {
    const result = await services.dispatch(channel, payload);
    if (!result.ok) throw new Error(result.error.message);
    return result.value as Record<string, unknown>;
  };

  it('refuses a bad delta payload with the fields named, and the draft stays as it was', async () => {
    const draft = firstDraft();
    const { revision } = await value('saveDraft', { draft });
    const refused = await services.dispatch('saveDraftDelta', {
      key: HOME_KEY,
      base: revision,
      delta: { upserts: [{ _identifier: 'b0' }], removed: 'b1', order: ['b0', 'b1', 'b2'], cleanHash: 'x' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const message = refused.ok ? '' : refused.error.message;
    expect(message).toMatch(/^Invalid request for saveDraftDelta: /);
    expect(message).toContain('delta.upserts.0._component');
    expect(message).toContain('delta.removed');
    expect(message).toContain('delta.baseHash');

    const { draft: stored } = await value('getDraft', { bookmark: BOOKMARK });
    expect(stored).toMatchObject({ components: draft.components, meta: draft.meta });
    // The refusal did not spend the base: the next good delta applies.
    const edit = editTitle(draft, 'b2', 'Good', 1);
    const delta = draftDelta(sentDraftOf(draft), edit.next);
    expect(await value('saveDraftDelta', { key: HOME_KEY, base: revision, delta })).toMatchObject({
      status: 'saved',
    });
    const { draft: after } = await value('getDraft', { bookmark: BOOKMARK });
    expect(after).toMatchObject({ components: edit.next.components });
  });

  it("answers 'no-base' once the draft is gone (a save removes it), and the whole draft is accepted again", async () => {
    const draft = firstDraft();
    const { revision } = await value('saveDraft', { draft });
    await value('discardDraft', { bookmark: BOOKMARK });
    const delta = draftDelta(sentDraftOf(draft), editTitle(draft, 'b0', 'Edited', 1).next);
    expect(await value('saveDraftDelta', { key: HOME_KEY, base: revision, delta })).toEqual({ status: 'no-base' });
    const { draft: none } = await value('getDraft', { bookmark: BOOKMARK });
    expect(none).toBeNull();
  });
});
