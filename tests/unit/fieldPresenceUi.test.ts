// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { Provider, getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOCUS_ACTIVITY_REPORT_MS } from '../../core/rules/focusPacing';
import { emptyPageMeta, type Component, type PageKey } from '../../core/schemas';
import type { PresenceEntry } from '../../core/team';
import { ComponentRow } from '../../renderer/editor/src/app/ComponentRow';
import { DocContext } from '../../renderer/editor/src/state/docContext';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { presenceAtom } from '../../renderer/editor/src/state/teamStore';
import { watchEditorActivity } from '../../renderer/editor/src/team/focusReport';
import { reactRootPerTest } from './helpers/reactRoot';

/**
 * Field-level presence in the editor (issue 23 §3): the open component's form reports where the focus is, and
 * shows a colleague's focus on the row and on the field, without locking it.
 */

const view = reactRootPerTest();
const key: PageKey = { fascia: 'site_jd', country: 'gb', page: 'home', source: 'content-editor', platform: 'web' };
const banner: Component = {
  _component: 'MainBanner',
  _identifier: 'MainBannerAbc',
  name: 'Main Banner',
  hidden: false,
  classes: [],
  content: { title: 'Sale', subtitle: 'Now on', slides: [{ heading: 'First' }] },
};

let reported: unknown[];
beforeEach(() => {
  reported = [];
  (window as unknown as { studio: unknown }).studio = {
    pageFocus: async (input: { focus: unknown }) => {
      reported.push(input.focus);
      return { ok: true, value: {} };
    },
  };
  getDefaultStore().set(presenceAtom, []);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The component's row, opened, with its form loaded (ComponentRow loads it on first use). */
async function openRow(): Promise<EditorDocument> {
  const doc = new EditorDocument({
    bookmark: 'b',
    key,
    meta: emptyPageMeta(),
    components: [banner],
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date(0).toISOString(),
  });
  doc.setOpen(banner._identifier);
  await act(async () => {
    view.root.render(
      createElement(
        Provider,
        { store: doc.store },
        createElement(DocContext.Provider, { value: doc }, createElement(ComponentRow, { id: banner._identifier })),
      ),
    );
    await import('../../renderer/editor/src/fields/ContentFields');
  });
  return doc;
}

const field = (label: string): HTMLInputElement => {
  const found = [...view.host.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const input =
    found?.querySelector('input') ?? (found && view.host.querySelector<HTMLInputElement>(`[id="${found.htmlFor}"]`));
  if (!input) throw new Error(`no field ${label}`);
  return input;
};
const focus = (element: HTMLElement) => act(() => element.focus());
const at = (path: string) => ({ component: banner._identifier, field: path });

describe('reporting the focus', () => {
  it('says which field has the focus as it moves, and none once it leaves the form', async () => {
    await openRow();
    focus(field('Title'));
    focus(field('Subtitle'));
    focus(field('Heading'));
    // The component's name is not one of its content fields.
    focus(field('Name'));
    expect(reported).toEqual([at('content.title'), at('content.subtitle'), at('content.slides[0].heading'), null]);
  });

  it('says none when the form goes with the focus in it', async () => {
    const doc = await openRow();
    focus(field('Title'));
    act(() => doc.setOpen(null));
    expect(reported).toEqual([at('content.title'), null]);
  });

  it('says the focus again on a key or the pointer, at most once a second, so main knows the editor is active', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const stop = watchEditorActivity();
    try {
      await openRow();
      focus(field('Title'));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      vi.advanceTimersByTime(FOCUS_ACTIVITY_REPORT_MS - 1);
      document.dispatchEvent(new PointerEvent('pointermove'));
      expect(reported).toHaveLength(1);
      vi.advanceTimersByTime(1);
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'b' }));
      expect(reported).toEqual([at('content.title'), at('content.title')]);
    } finally {
      stop();
    }
    vi.advanceTimersByTime(FOCUS_ACTIVITY_REPORT_MS);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'c' }));
    expect(reported).toHaveLength(2);
  });
});

describe("showing a colleague's focus", () => {
  const colleague = (path: string): PresenceEntry => ({
    pageKey: key,
    user: 'editor.gb@example.com',
    lastSeen: '2026-11-28T01:00:00.000Z',
    focus: at(path),
  });

  it('puts their initials on the row and a described mark on the field, which stays editable', async () => {
    await openRow();
    act(() => getDefaultStore().set(presenceAtom, [colleague('content.title')]));
    const initials = view.host.querySelector('[role="img"]');
    expect(initials?.textContent).toBe('EG');
    expect(initials?.getAttribute('aria-label')).toBe('editor.gb@example.com is editing Title in Main Banner');
    const marked = view.host.querySelectorAll('[role="group"][aria-description]');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.getAttribute('aria-label')).toBe('Title');
    expect(marked[0]!.getAttribute('aria-description')).toBe('editor.gb@example.com is editing this field');
    expect(marked[0]!.contains(field('Title'))).toBe(true);
    expect(field('Title').disabled || field('Title').readOnly).toBe(false);

    act(() => getDefaultStore().set(presenceAtom, [colleague('content.slides[0].heading')]));
    expect(view.host.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'editor.gb@example.com is editing Heading in Main Banner',
    );
    expect(view.host.querySelector('[role="group"][aria-description]')?.getAttribute('aria-label')).toBe('Heading');

    act(() => getDefaultStore().set(presenceAtom, [{ ...colleague('content.title'), focus: undefined }]));
    expect(view.host.querySelector('[role="img"]')).toBeNull();
    expect(view.host.querySelector('[aria-description]')).toBeNull();
  });

  it('shows nothing for a focus on another page or another component', async () => {
    await openRow();
    act(() =>
      getDefaultStore().set(presenceAtom, [
        { ...colleague('content.title'), pageKey: { ...key, page: 'other' } },
        { ...colleague('content.title'), focus: { component: 'MainBannerXyz', field: 'content.title' } },
      ]),
    );
    expect(view.host.querySelector('[role="img"]')).toBeNull();
    expect(view.host.querySelector('[aria-description]')).toBeNull();
  });
});
