import { describe, expect, it } from 'vitest';
import { History, TYPING_PAUSE_MS } from '../../renderer/editor/src/state/history';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import type { PreviewCommand } from '../../core/preview';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';

const component = (id: string, title = id): Component => ({
  _component: 'MainBanner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

function openDocument(components: Component[]) {
  let clock = 0;
  const draft: Draft = {
    bookmark: 'b',
    key: { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' },
    meta: emptyPageMeta(),
    components,
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date(0).toISOString(),
  };
  const doc = new EditorDocument(draft, () => clock);
  const sent: PreviewCommand[] = [];
  let changes = 0;
  doc.connect({ preview: (command) => sent.push(command), changed: () => changes++ });
  return {
    doc,
    sent,
    changes: () => changes,
    tick: (ms: number) => (clock += ms),
    titles: () => doc.components().map((c) => c.content.title),
    setTitle: (id: string, title: string) =>
      doc.updateComponent(id, (c) => ({ ...c, content: { ...c.content, title } }), 'title'),
  };
}

describe('History', () => {
  it('merges changes with one key made without a pause, and not across a pause or another key', () => {
    let clock = 0;
    const history = new History(() => clock);
    const log: string[] = [];
    const change = (key: string | null, name: string) => ({
      key,
      label: name,
      undo: () => log.push(`undo ${name}`),
      redo: () => log.push(`redo ${name}`),
    });
    history.record(change('a', '1'));
    clock += 100;
    history.record(change('a', '2'));
    clock += TYPING_PAUSE_MS + 1;
    history.record(change('a', '3'));
    history.record(change('b', '4'));
    history.record(change(null, '5'));
    history.record(change(null, '6'));
    const undos = [];
    while (history.canUndo) {
      history.undo();
      undos.push(log.at(-1));
    }
    expect(undos).toEqual(['undo 6', 'undo 5', 'undo 4', 'undo 3', 'undo 1']);
    history.redo();
    expect(log.at(-1)).toBe('redo 2');
  });

  it('drops the redo stack on a new change', () => {
    const history = new History(() => 0);
    history.record({ key: null, label: 'step', undo: () => {}, redo: () => {} });
    history.undo();
    expect(history.canRedo).toBe(true);
    history.record({ key: null, label: 'step', undo: () => {}, redo: () => {} });
    expect(history.canRedo).toBe(false);
  });
});

describe('undo labels', () => {
  it('names the step undo takes back and the step redo makes again, and answers what it did', () => {
    const page = openDocument([component('banner'), component('script')]);
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBeNull();
    page.doc.remove('script');
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('remove script');
    page.setTitle('banner', 'Sale');
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('edit title in banner');
    expect(page.doc.undo()).toBe('edit title in banner');
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('remove script');
    expect(page.doc.store.get(page.doc.nextRedoAtom)).toBe('edit title in banner');
    expect(page.doc.undo()).toBe('remove script');
    expect(page.doc.undo()).toBeNull();
    expect(page.doc.redo()).toBe('remove script');
  });

  it('names a component without a name by its type in words, and each kind of structural edit', () => {
    const unnamed: Component = { ...component('video'), _component: 'CustomHTML', name: '' };
    const page = openDocument([component('a'), unnamed]);
    page.doc.setHidden('video', true);
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('hide Custom HTML');
    page.doc.move(1, 0);
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('move Custom HTML');
    page.doc.rename('video', 'Custom script');
    expect(page.doc.store.get(page.doc.nextUndoAtom)).toBe('rename Custom HTML to Custom script');
    page.doc.remove('video');
    expect(page.doc.undo()).toBe('remove Custom script');
  });

  it('a burst of typing merged into one step keeps one label', () => {
    const page = openDocument([component('a')]);
    page.setTitle('a', 'S');
    page.tick(100);
    page.setTitle('a', 'Sa');
    expect(page.doc.undo()).toBe('edit title in a');
    expect(page.doc.undo()).toBeNull();
  });
});

describe('EditorDocument undo and redo', () => {
  it('takes back a burst of typing as one step, and a later burst as another', () => {
    const page = openDocument([component('a', 'Sale')]);
    for (const title of ['Sale!', 'Sale!!', 'Sale!!!']) {
      page.tick(50);
      page.setTitle('a', title);
    }
    page.tick(TYPING_PAUSE_MS + 1);
    page.setTitle('a', 'Big sale');
    page.doc.undo();
    expect(page.titles()).toEqual(['Sale!!!']);
    page.doc.undo();
    expect(page.titles()).toEqual(['Sale']);
    expect(page.doc.store.get(page.doc.canUndoAtom)).toBe(false);
    page.doc.redo();
    page.doc.redo();
    expect(page.titles()).toEqual(['Big sale']);
    // The preview was told each time.
    expect(page.sent.at(-1)).toMatchObject({ type: 'upsert', component: { content: { title: 'Big sale' } } });
  });

  it('undoes add, remove, move and replace-all, keeping positions', () => {
    const page = openDocument([component('a'), component('b'), component('c')]);
    page.doc.move(0, 2);
    expect(page.titles()).toEqual(['b', 'c', 'a']);
    page.doc.remove('c');
    page.doc.add(component('d'), 1);
    page.doc.replaceAll([component('z')]);
    expect(page.titles()).toEqual(['z']);
    page.doc.undo();
    expect(page.titles()).toEqual(['b', 'd', 'a']);
    page.doc.undo();
    expect(page.titles()).toEqual(['b', 'a']);
    page.doc.undo();
    expect(page.titles()).toEqual(['b', 'c', 'a']);
    page.doc.undo();
    expect(page.titles()).toEqual(['a', 'b', 'c']);
    expect(page.sent.at(-1)).toEqual({ type: 'order', ids: ['a', 'b', 'c'] });
    page.doc.redo();
    expect(page.titles()).toEqual(['b', 'c', 'a']);
  });

  it('never merges a discrete change (hide) into typing just before it', () => {
    const page = openDocument([component('a', 'Sale')]);
    page.setTitle('a', 'Sale!');
    page.tick(50);
    page.doc.updateComponent('a', (c) => ({ ...c, hidden: true }));
    page.doc.undo();
    expect(page.doc.component('a')).toMatchObject({ hidden: false, content: { title: 'Sale!' } });
  });

  it('undoes page metadata edits and records nothing for a no-op', () => {
    const page = openDocument([component('a')]);
    page.doc.setMeta((meta) => ({ ...meta, category: 'Sale' }));
    page.doc.updateComponent('a', (c) => c);
    page.doc.undo();
    expect(page.doc.meta.category).toBe('');
    expect(page.doc.store.get(page.doc.canUndoAtom)).toBe(false);
  });
});
