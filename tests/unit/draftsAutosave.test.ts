import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../core/result';
import { bookmarkFor } from '../../core/rules/page';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { autosaveOf, createAutosave, draftOpened } from '../../renderer/editor/src/state/autosave';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { HOME_KEY, makeTempDir } from './helpers/pages';

/**
 * The editor's autosave against main's real services (issue 17): the first write of a session is the whole
 * draft, later ones only what changed, and whatever main answers, the draft main keeps is the editor's.
 * Requests cross as JSON, as the browser host's bridge sends them.
 */

let root: string;
let services: StudioServices;
let sent: { channel: string; bytes: number }[];
/** Set by a test: main's answer to the next saveDraftDelta, instead of the real one. */
let nextDeltaAnswer: Result<never> | null;

beforeEach(async () => {
  root = await makeTempDir();
  services = await createStudioServices({
    dataDir: join(root, 'data'),
    resourcesDir: join(import.meta.dirname, '../../resources'),
    store: createNodeStore(join(root, 'data')),
    secrets: createMemorySecretStore(),
  });
  sent = [];
  nextDeltaAnswer = null;
  const channel = (name: string) => async (input: unknown) => {
    const body = JSON.stringify(input);
    sent.push({ channel: name, bytes: body.length });
    if (name === 'saveDraftDelta' && nextDeltaAnswer) {
      const answer = nextDeltaAnswer;
      nextDeltaAnswer = null;
      return answer;
    }
    return services.dispatch(name, JSON.parse(body));
  };
  vi.stubGlobal('window', {
    studio: {
      saveDraft: channel('saveDraft'),
      saveDraftDelta: channel('saveDraftDelta'),
      getDraft: channel('getDraft'),
    },
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await services.close();
  await rm(root, { recursive: true, force: true });
});

const block = (index: number): Component => ({
  _component: 'Banner',
  _identifier: `Banner-${String(index).padStart(10, '0')}`,
  name: `Banner ${index}`,
  hidden: false,
  classes: [],
  content: { title: `Title ${index}`, body: 'x'.repeat(400) },
});

function pageDraft(count: number): Draft {
  return {
    bookmark: bookmarkFor(HOME_KEY),
    key: HOME_KEY,
    meta: emptyPageMeta(),
    components: Array.from({ length: count }, (_, index) => block(index)),
    baseHash: null,
    cleanHash: 'clean',
    updatedAt: '2026-11-24T10:00:00.000Z',
  };
}

function openDocument(count: number) {
  const doc = new EditorDocument(pageDraft(count));
  const states: string[] = [];
  const autosave = createAutosave(doc, (state) => states.push(state.status));
  doc.connect({ changed: () => autosave.schedule() });
  return { doc, autosave, states };
}

const retitle = (doc: EditorDocument, index: number, title: string) =>
  doc.updateComponent(doc.order[index]!, (c) => ({ ...c, content: { ...c.content, title } }));

async function storedDraft(): Promise<Draft | null> {
  const result = await services.dispatch('getDraft', { bookmark: bookmarkFor(HOME_KEY) });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as { draft: Draft | null }).draft;
}

/** The draft's content as the editor holds it, for comparing with what main keeps. */
const contentOf = (draft: Draft) => ({
  meta: draft.meta,
  components: draft.components,
  baseHash: draft.baseHash,
  cleanHash: draft.cleanHash,
});

describe('autosave with incremental drafts', () => {
  it('sends the whole draft first, then only what changed, and main keeps what the editor holds', async () => {
    const { doc, autosave, states } = openDocument(300);
    retitle(doc, 10, 'First pause');
    await autosave.flush();
    retitle(doc, 150, 'Second pause');
    doc.move(0, 299);
    await autosave.flush();
    doc.setMeta((meta) => ({ ...meta, category: 'Trainers' }));
    doc.remove(doc.order[5]!);
    await autosave.flush();

    expect(sent.map((request) => request.channel)).toEqual(['saveDraft', 'saveDraftDelta', 'saveDraftDelta']);
    // The whole page once; after that, the edit and the order of ids only.
    const [full, delta] = sent;
    expect(full!.bytes).toBeGreaterThan(100_000);
    expect(delta!.bytes).toBeLessThan(full!.bytes / 10);
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
    expect(states.filter((state) => state === 'saved')).toHaveLength(3);
  });

  it('sends nothing when nothing changed since the last write', async () => {
    const { doc, autosave } = openDocument(5);
    retitle(doc, 1, 'Changed');
    await autosave.flush();
    retitle(doc, 1, 'Changed again');
    doc.undo();
    autosave.schedule();
    await autosave.flush();
    expect(sent.map((request) => request.channel)).toEqual(['saveDraft']);
  });

  it('sends the whole draft again when main holds no base (the draft was removed), losing nothing', async () => {
    const { doc, autosave } = openDocument(20);
    retitle(doc, 0, 'Before the save');
    await autosave.flush();
    // As a successful save does: main removes the draft.
    await services.dispatch('discardDraft', { bookmark: bookmarkFor(HOME_KEY) });
    retitle(doc, 1, 'After the save');
    await autosave.flush();
    expect(sent.map((request) => request.channel)).toEqual(['saveDraft', 'saveDraftDelta', 'saveDraft']);
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
    // And deltas build on that whole draft again.
    retitle(doc, 2, 'Later');
    await autosave.flush();
    expect(sent.at(-1)!.channel).toBe('saveDraftDelta');
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
  });

  it('sends the whole draft when main refuses a delta as not fitting, rather than failing at every pause', async () => {
    const { doc, autosave, states } = openDocument(20);
    retitle(doc, 0, 'One');
    await autosave.flush();
    retitle(doc, 1, 'Two');
    nextDeltaAnswer = { ok: false, error: { code: 'invalid-input', message: 'Invalid draft changes: test' } };
    await autosave.flush();
    expect(sent.map((request) => request.channel)).toEqual(['saveDraft', 'saveDraftDelta', 'saveDraft']);
    expect(states.at(-1)).toBe('saved');
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
  });

  it('keeps the changes of a delta that failed and sends them with the next write', async () => {
    const { doc, autosave, states } = openDocument(20);
    retitle(doc, 0, 'One');
    await autosave.flush();
    retitle(doc, 1, 'Not written yet');
    nextDeltaAnswer = { ok: false, error: { code: 'failed', message: 'The disk is full.' } };
    await autosave.flush();
    expect(states.at(-1)).toBe('failed');
    retitle(doc, 2, 'Next pause');
    await autosave.flush();
    expect(states.at(-1)).toBe('saved');
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
  });

  it('sends only what changed from the first pause on when the document was opened by getDraft', async () => {
    await services.dispatch('saveDraft', { draft: pageDraft(300) });
    const answer = await services.dispatch('getDraft', { bookmark: bookmarkFor(HOME_KEY) });
    if (!answer.ok) throw new Error(answer.error.message);
    // Across JSON, as the editor receives it.
    const draft = draftOpened(JSON.parse(JSON.stringify(answer.value)));
    const doc = new EditorDocument(draft!);
    const { autosave } = autosaveOf(doc);
    doc.connect({ changed: () => autosave.schedule() });
    retitle(doc, 42, 'First pause');
    await autosave.flush();
    expect(sent.map((request) => request.channel)).toEqual(['saveDraftDelta']);
    expect(sent[0]!.bytes).toBeLessThan(10_000);
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));

    // Opened again elsewhere (a second window) on the same base: whoever writes first moves it on, and the
    // other, its base gone, sends the whole draft.
    const other = await services.dispatch('getDraft', { bookmark: bookmarkFor(HOME_KEY) });
    if (!other.ok) throw new Error(other.error.message);
    const otherDoc = new EditorDocument(draftOpened(JSON.parse(JSON.stringify(other.value)))!);
    const otherAutosave = autosaveOf(otherDoc).autosave;
    otherDoc.connect({ changed: () => otherAutosave.schedule() });
    retitle(otherDoc, 7, 'Written in the other window');
    await otherAutosave.flush();
    retitle(doc, 43, 'Written here after it');
    await autosave.flush();
    expect(sent.map((request) => request.channel)).toEqual([
      'saveDraftDelta',
      'saveDraftDelta',
      'saveDraftDelta',
      'saveDraft',
    ]);
    expect(contentOf((await storedDraft())!)).toEqual(contentOf(doc.toDraft('2026-11-24T10:00:00.000Z')));
  });
});
