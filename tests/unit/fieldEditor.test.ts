// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { FieldEditor } from '../../renderer/editor/src/fields/FieldEditor';
import type { Path } from '../../core/rules/paths';

const view = reactRootPerTest();

/** One field of a component's content, its writes kept like the document keeps them. */
function renderField(name: string, initial: unknown): { value: () => unknown } {
  let current = initial;
  function Content() {
    const [content, setContent] = useState<Record<string, unknown>>({ [name]: initial });
    const onChange = (path: Path, next: unknown) => {
      current = path.length === 1 ? next : { ...(content[name] as object), [path[1]!]: next };
      setContent({ [name]: current });
    };
    return createElement(FieldEditor, { name, path: [name], value: content[name], onChange });
  }
  act(() => view.root.render(createElement(Content)));
  return { value: () => current };
}

function type(input: HTMLInputElement, text: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const textInput = () => view.host.querySelector<HTMLInputElement>('input:not([type="checkbox"]):not([type="color"])')!;

describe('FieldEditor', () => {
  it('labels the items of a plain list after the list, not "Item n"', () => {
    renderField('keywords', ['new', 'sale']);
    const labels = [...view.host.querySelectorAll('ol.list-items label')].map((label) => label.textContent?.trim());
    expect(labels).toContain('Keyword 2');
    expect(labels.some((label) => label?.startsWith('Item'))).toBe(false);
  });

  it.each([
    ['an empty field', 'title', 'Big sale', 'Big sale'],
    ['an empty colour', 'backgroundColor', '#ff0000', '#ff0000'],
    ['an empty date', 'startDate', '2026-11-24', '2026-11-24'],
    ['an empty launch time', 'launchTime', '18:30', '18:30'],
  ])('keeps the element of %s when the first keystroke gives it a kind', (_, name, typed, stored) => {
    const field = renderField(name, null);
    const before = textInput();
    type(before, typed);
    expect(field.value()).toBe(stored);
    expect(textInput()).toBe(before);
  });

  it.each([
    ['a text', 'title', 'Sale', 'input'],
    ['a number', 'fontSize', 16, '.number-field input[inputmode="decimal"]'],
    ['a time of day', 'launchTime', '09:00', '.time-field input[placeholder="HH:mm"]'],
    ['hand-written HTML', 'markup', '<p>Hi</p>', '.markup-field'],
    ['a flag', 'isLive', true, 'input[type="checkbox"]'],
    ['a date and time', 'endDateTime', '2026-11-24T10:00', 'input[type="datetime-local"]'],
    ['a select box', 'align', { selectBox: { current: 'left', options: 'no such list' } }, 'input + .field-warning'],
    ['rich text', 'body', { html: { value: '<p>Hi</p>' } }, '[data-slate-editor]'],
    ['an object', 'settings', { title: 'Sale' }, 'fieldset > legend + .field input'],
    ['a list', 'tags', ['new', 'sale'], 'ol.list-items input'],
    ['images', 'images', { desktop: 'a.jpg', mobile: 'b.jpg' }, '.shape-images'],
    ['an aspect ratio', 'aspectRatio', { desktop: '16:9', mobile: '1:1' }, '.shape-pair'],
    ['a link pair', 'url', { desktop: '/a', mobile: '/b' }, '.shape-url'],
    ['calls to action', 'ctas', [{ text: 'Shop', url: '/shop' }], '.shape-ctas'],
    ['a colour', 'textColor', '#000000', 'input[type="color"]'],
  ])('edits %s with its own editor', async (_, name, value, selector) => {
    renderField(name, value);
    // The rich-text editor's code loads on first use (fields/RichTextHtmlField.tsx): it arrives within act.
    await act(() => import('../../renderer/editor/src/richtext/RichTextField'));
    expect(view.host.querySelector(selector)).not.toBeNull();
  });

  it('writes a number inside the bounds the catalogue sets for its key, and nothing outside them', () => {
    const field = renderField('itemsPerPage', 10);
    type(textInput(), '500');
    expect(field.value()).toBe(10);
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(
      'Enter a number from 1 to 100. Not saved until valid.',
    );
    type(textInput(), '25');
    expect(field.value()).toBe(25);
  });

  it('writes a launch time only when it is a time of day', () => {
    const field = renderField('launchTime', '09:00');
    type(textInput(), '25:99');
    expect(field.value()).toBe('09:00');
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(
      'Hours go from 00 to 23. Not saved until valid.',
    );
    type(textInput(), '7:45');
    expect(field.value()).toBe('07:45');
  });

  it('writes a nested field at its path', () => {
    const field = renderField('settings', { title: 'Sale' });
    type(textInput(), 'Big sale');
    expect(field.value()).toEqual({ title: 'Big sale' });
  });

  it('labels list items by their content, in full: products by title and PLU, calls to action by text', () => {
    const product = (plu: string, title: string) => ({ pluDetails: { plu, title } });
    renderField('products', [
      product('100001', 'Apex Core Runner Black'),
      product('100002', 'Apex Core Runner White'),
      { images: { desktop: 'a.jpg', mobile: 'b.jpg' }, ctas: [{ text: 'Shop now', url: '/sale/' }] },
      {},
    ]);
    const labels = [...view.host.querySelectorAll('.item-summary')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Apex Core Runner Black · PLU 100001',
      'Apex Core Runner White · PLU 100002',
      'CTA · Shop now',
      'Product 4',
    ]);
    // Shown in full on hover too, where a narrow panel wraps it.
    expect(view.host.querySelector('.item-title')?.getAttribute('title')).toBe('Apex Core Runner Black · PLU 100001');
  });

  it('labels calls to action by their text, and one with no text by its position', () => {
    renderField('ctas', [
      { text: 'Shop now', url: '/sale/' },
      { text: '', url: '' },
    ]);
    const labels = [...view.host.querySelectorAll('.cta-item .item-title')].map((label) => label.textContent);
    expect(labels).toEqual(['CTA · Shop now', 'CTA 2']);
  });
});
