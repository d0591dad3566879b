import { describe, expect, it } from 'vitest';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { History, HISTORY_LIMIT, TYPING_PAUSE_MS } from '../../renderer/editor/src/state/history';
import { documentHash } from '../../core/rules/page';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';

const component = (id: string, title = id): Component => ({
  _component: 'MainBanner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

/** A page opened from a draft; `unsaved` opens one whose content differs from its saved version. */
function openPage(components: Component[], { unsaved = false } = {}) {
  let clock = 0;
  const meta = emptyPageMeta();
  const draft: Draft = {
    bookmark: 'b',
    key: { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' },
    meta,
    components,
    baseHash: 'saved-v1',
    cleanHash: unsaved ? 'hash of the version saved before these edits' : documentHash(meta, components),
    updatedAt: new Date(0).toISOString(),
  };
  const doc = new EditorDocument(draft, () => clock);
  return {
    doc,
    /** What the status line shows: the atom, which must always agree with the O(1) getter Back asks. */
    dirty: () => {
      expect(doc.store.get(doc.dirtyAtom)).toBe(doc.dirty);
      return doc.dirty;
    },
    tick: (ms: number) => (clock += ms),
    setTitle: (title: string) => doc.updateComponent('a', (c) => ({ ...c, content: { ...c.content, title } }), 'title'),
  };
}

describe('EditorDocument: unsaved changes', () => {
  it('is clean when opened from saved content, and dirty when opened from a draft with changes', () => {
    expect(openPage([component('a')]).dirty()).toBe(false);
    expect(openPage([component('a')], { unsaved: true }).dirty()).toBe(true);
  });

  it('is clean again when undo comes back to the saved content, and dirty when redo goes away from it', () => {
    const page = openPage([component('a', 'Sale')]);
    page.doc.rename('a', 'Hero');
    page.setTitle('Big sale');
    expect(page.dirty()).toBe(true);
    page.doc.undo();
    expect(page.dirty()).toBe(true);
    page.doc.undo();
    expect(page.dirty()).toBe(false);
    page.doc.redo();
    expect(page.dirty()).toBe(true);
  });

  it('counts a burst of typing merged into one step as a new content', () => {
    const page = openPage([component('a', 'Sale')]);
    page.setTitle('Sale!');
    page.doc.undo();
    page.doc.redo();
    page.doc.markSaved('saved-v2');
    expect(page.dirty()).toBe(false);
    // Within the typing pause this merges into the step just saved: the content is not the saved one any more.
    page.tick(50);
    page.setTitle('Sale!!');
    expect(page.dirty()).toBe(true);
  });

  it('after a save, undo goes away from the saved content and redo comes back to it', () => {
    const page = openPage([component('a', 'Sale')]);
    page.setTitle('Big sale');
    page.doc.markSaved('saved-v2');
    expect(page.dirty()).toBe(false);
    expect(page.doc.baseHash).toBe('saved-v2');
    page.doc.undo();
    expect(page.dirty()).toBe(true);
    page.doc.redo();
    expect(page.dirty()).toBe(false);
  });

  it('a new edit after undoing past the save can never come back to it', () => {
    const page = openPage([component('a', 'Sale')]);
    page.setTitle('Big sale');
    page.doc.markSaved('saved-v2');
    page.doc.undo();
    page.tick(TYPING_PAUSE_MS + 1);
    page.setTitle('Other sale');
    page.doc.undo();
    expect(page.dirty()).toBe(true);
    expect(page.doc.store.get(page.doc.canRedoAtom)).toBe(true);
  });

  it('a draft opened with unsaved changes stays dirty through undo until it is saved', () => {
    const page = openPage([component('a', 'Sale')], { unsaved: true });
    page.setTitle('Big sale');
    page.doc.undo();
    expect(page.dirty()).toBe(true);
    page.doc.markSaved('saved-v2');
    expect(page.dirty()).toBe(false);
  });

  it('rebase moves the base of the next save and leaves the unsaved state alone', () => {
    const page = openPage([component('a', 'Sale')]);
    page.doc.rebase('their-v2');
    expect(page.doc.baseHash).toBe('their-v2');
    expect(page.dirty()).toBe(false);
    expect(page.doc.toDraft('now').baseHash).toBe('their-v2');
    page.setTitle('Mine');
    page.doc.rebase('their-v3');
    expect(page.dirty()).toBe(true);
    expect(page.doc.toDraft('now').baseHash).toBe('their-v3');
  });

  it('a change made by another document (multi-country) is dirty, even undone, until the next save', () => {
    const page = openPage([component('a', 'Sale')]);
    const followed = page.doc.followingReplacement([component('a', 'Translated')]);
    followed.redo();
    expect(page.dirty()).toBe(true);
    followed.undo();
    expect(page.dirty()).toBe(true);
  });
});

describe('History clean marker', () => {
  const step = () => ({ key: null, label: 'step', undo: () => {}, redo: () => {} });

  it('still finds the saved content after its step fell off the limit', () => {
    const history = new History(() => 0);
    history.record(step());
    history.markClean();
    for (let n = 0; n < HISTORY_LIMIT; n++) history.record(step());
    expect(history.isClean).toBe(false);
    while (history.canUndo) history.undo();
    expect(history.isClean).toBe(true);
  });

  it('clear keeps the content as clean or dirty as it was', () => {
    const history = new History(() => 0);
    history.record(step());
    history.markClean();
    history.clear();
    expect(history.isClean).toBe(true);
    history.record(step());
    history.clear();
    expect(history.isClean).toBe(false);
  });
});
