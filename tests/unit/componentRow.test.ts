// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { ComponentRow } from '../../renderer/editor/src/app/ComponentRow';
import { DocContext } from '../../renderer/editor/src/state/docContext';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { emptyPageMeta, type Component } from '../../core/schemas';

const view = reactRootPerTest();

const banner: Component = {
  _component: 'MainBanner',
  _identifier: 'a',
  name: 'Banner',
  hidden: false,
  classes: [],
  content: { title: 'Sale' },
};

/** The row of one component, opened, as the editor shows it. */
function openRow(): EditorDocument {
  const doc = new EditorDocument({
    bookmark: 'b',
    key: { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' },
    meta: emptyPageMeta(),
    components: [banner],
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date(0).toISOString(),
  });
  doc.setOpen('a');
  act(() =>
    view.root.render(
      createElement(
        Provider,
        { store: doc.store },
        createElement(DocContext.Provider, { value: doc }, createElement(ComponentRow, { id: 'a' })),
      ),
    ),
  );
  return doc;
}

function input(labelText: string): HTMLInputElement {
  const label = Array.from(view.host.querySelectorAll('label')).find((l) => l.textContent?.startsWith(labelText));
  const found =
    label?.querySelector('input') ?? (label && view.host.querySelector<HTMLInputElement>(`[id="${label.htmlFor}"]`));
  if (!found) throw new Error(`no field ${labelText}`);
  return found;
}

function type(labelText: string, value: string): void {
  const field = input(labelText);
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function click(name: string): void {
  const button = Array.from(view.host.querySelectorAll('button')).find((b) => b.textContent?.trim() === name);
  if (!button) throw new Error(`no button ${name}`);
  act(() => button.click());
}

describe('ComponentRow name and classes', () => {
  it('shows the name again after undoing a rename, and the new one after redo', () => {
    const doc = openRow();
    type('Name', 'Hero');
    click('Update Name');
    expect(doc.component('a').name).toBe('Hero');
    act(() => doc.undo());
    expect(input('Name').value).toBe('Banner');
    act(() => doc.redo());
    expect(input('Name').value).toBe('Hero');
  });

  it('shows the classes again after undoing Apply Classes', () => {
    const doc = openRow();
    type('Custom Classes', 'wide,  dark');
    click('Apply Classes');
    expect(doc.component('a').classes).toEqual(['wide', 'dark']);
    expect(input('Custom Classes').value).toBe('wide, dark');
    act(() => doc.undo());
    expect(input('Custom Classes').value).toBe('');
  });

  it('keeps a name being typed while other fields change, until the stored name changes', () => {
    const doc = openRow();
    type('Name', 'Half typed');
    act(() => doc.updateComponent('a', (c) => ({ ...c, content: { title: 'Big sale' } }), 'title'));
    expect(input('Name').value).toBe('Half typed');
    act(() => doc.rename('a', 'From the JSON panel'));
    expect(input('Name').value).toBe('From the JSON panel');
  });
});
