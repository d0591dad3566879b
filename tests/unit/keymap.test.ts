// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYMAP, handleShortcut } from '../../renderer/editor/src/app/keymap';
import { ShortcutsDialog } from '../../renderer/editor/src/app/shortcuts';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { emptyPageMeta, type Component } from '../../core/schemas';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const component = (id: string): Component => ({
  _component: 'MainBanner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title: id },
});

let doc: EditorDocument;
let shown: number;
let stopListening: () => void;

beforeEach(() => {
  doc = new EditorDocument({
    bookmark: 'b',
    key: { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' },
    meta: emptyPageMeta(),
    components: [component('a'), component('b')],
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date(0).toISOString(),
  });
  shown = 0;
  const onKeyDown = (event: KeyboardEvent) => handleShortcut(event, { doc, showShortcuts: () => shown++ });
  window.addEventListener('keydown', onKeyDown);
  stopListening = () => window.removeEventListener('keydown', onKeyDown);
  document.body.innerHTML = `
    <div data-row-id="a"><button class="row-title">a</button></div>
    <div data-row-id="b"><button class="row-title">b</button></div>
    <input id="name">
    <div class="cm-editor"><div id="json" contenteditable="true"></div></div>`;
});

afterEach(() => {
  stopListening();
  document.body.innerHTML = '';
});

/** Presses keys on an element; answers whether the editor took them (prevented their default). */
function press(selector: string, key: string, modifiers: KeyboardEventInit = {}): boolean {
  const target = document.querySelector(selector)!;
  return !target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers }));
}

describe('the keymap', () => {
  it('undoes and redoes from anywhere but the editors with their own history', () => {
    doc.rename('a', 'Hero');
    expect(press('#name', 'z', { ctrlKey: true })).toBe(true);
    expect(doc.component('a').name).toBe('a');
    expect(press('[data-row-id="a"] .row-title', 'Z', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(doc.component('a').name).toBe('Hero');
    expect(press('#json', 'z', { ctrlKey: true })).toBe(false);
    expect(doc.component('a').name).toBe('Hero');
    expect(press('#name', 'y', { ctrlKey: true })).toBe(true);
  });

  it('removes the component whose row has the focus on Delete, never while typing', () => {
    expect(press('#name', 'Delete')).toBe(false);
    expect(press('[data-row-id="b"] .row-title', 'Delete')).toBe(true);
    expect(doc.order).toEqual(['a']);
  });

  it('moves the open component with Alt+arrows, and leaves the keys alone with none open', () => {
    expect(press('#name', 'ArrowDown', { altKey: true })).toBe(false);
    doc.setOpen('a');
    expect(press('#name', 'ArrowDown', { altKey: true })).toBe(true);
    expect(doc.order).toEqual(['b', 'a']);
  });

  it('steps between rows, keeping the key at the last row', () => {
    expect(press('[data-row-id="a"] .row-title', 'ArrowDown')).toBe(true);
    expect(press('[data-row-id="b"] .row-title', 'ArrowDown')).toBe(false);
  });

  it('shows the list on ?, except in a text field', () => {
    expect(press('#name', '?')).toBe(false);
    expect(press('[data-row-id="a"] .row-title', '?')).toBe(true);
    expect(shown).toBe(1);
  });
});

describe('the ? list', () => {
  let root: Root;
  afterEach(() => act(() => root.unmount()));

  it('lists every line of the keymap the handler uses, in its order', () => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root.render(createElement(ShortcutsDialog, { open: true, onOpenChange: () => {} })));
    const rows = Array.from(document.querySelectorAll('table.shortcuts tr')).map((row) => [
      row.querySelector('kbd')?.textContent,
      row.querySelector('td')?.textContent,
    ]);
    expect(rows).toEqual(KEYMAP.map(({ keys, action }) => [keys, action]));
    expect(rows.map(([keys]) => keys)).toEqual([
      'Ctrl+Z',
      'Ctrl+Shift+Z or Ctrl+Y',
      'Alt+↑ / Alt+↓',
      'Ctrl+D',
      'Delete',
      '↑ / ↓',
      'Enter',
      'Space, arrows, Space',
      '?',
    ]);
  });
});
