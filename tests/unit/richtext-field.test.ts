// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { RichTextField } from '../../renderer/editor/src/richtext/RichTextField';

const view = reactRootPerTest();

afterEach(() => {
  vi.useRealTimers();
});

/** Slate reports changes in a microtask, so every step awaits an async act. */
async function render(value: string, onChange: (html: string) => void = () => {}) {
  await act(async () => view.root.render(createElement(RichTextField, { id: 'body', label: 'Body', value, onChange })));
}

const editable = () => view.host.querySelector<HTMLElement>('[data-slate-editor]')!;
const alert = () => view.host.querySelector('[role="alert"]');

function button(name: string): HTMLButtonElement {
  const found = Array.from(view.host.querySelectorAll('button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent)?.trim() === name,
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
}

async function click(name: string) {
  await act(async () => button(name).click());
}

async function type(labelText: string, value: string) {
  const label = Array.from(view.host.querySelectorAll('label')).find((l) => l.textContent === labelText);
  const input =
    label && (view.host.querySelector(`[id="${label.htmlFor}"]`) as HTMLInputElement | HTMLSelectElement | null);
  if (!input) throw new Error(`no field ${labelText}`);
  const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

describe('RichTextField', () => {
  it('has a labelled editor and a toolbar with every tool', async () => {
    await render('<p>Hello</p>');
    expect(editable().id).toBe('body');
    expect(editable().getAttribute('aria-labelledby')).toBe('body-label');
    expect(view.host.querySelector('#body-label')?.textContent).toBe('Body');
    for (const name of [
      'Heading',
      'Paragraph',
      'Bold',
      'Link',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Clear formatting',
    ]) {
      expect(button(name)).toBeTruthy();
    }
    expect(editable().textContent).toContain('Hello');
  });

  it('shows unsupported markup as escaped source, never as live elements', async () => {
    await render(
      '<div class="custom">Hi</div><p>a <span style="color:red">b</span></p><script>window.__rt = 1</script><img src="x.png" onerror="window.__rt = 2">',
    );
    const chips = Array.from(editable().querySelectorAll('.rt-raw-chip code'), (code) => code.textContent);
    expect(chips).toEqual([
      '<div class="custom">Hi</div>',
      '<span style="color:red">b</span>',
      '<script>window.__rt = 1</script>',
      '<img src="x.png" onerror="window.__rt = 2">',
    ]);
    expect(editable().querySelector('.custom, script, img, [style*="red"]')).toBeNull();
    expect(editable().querySelector('[contenteditable="false"] code')).not.toBeNull();
    expect((window as { __rt?: number }).__rt).toBeUndefined();
  });

  it('renders links without an href', async () => {
    await render('<p><a href="https://example.com" title="Ex">Ex</a></p>');
    const link = editable().querySelector('a')!;
    expect(link.textContent).toContain('Ex');
    expect(link.hasAttribute('href')).toBe(false);
  });

  it('warns for 2.5 s when a paragraph is inserted without text', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    await render('', onChange);
    await click('Paragraph');
    await type('Paragraph text', ' ');
    await click('Insert');
    expect(alert()?.textContent).toBe('Please enter some text');
    await act(async () => vi.advanceTimersByTime(2400));
    expect(alert()?.textContent).toBe('Please enter some text');
    await act(async () => vi.advanceTimersByTime(200));
    expect(alert()).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('warns when a heading misses a field, inserts it when all are filled', async () => {
    const onChange = vi.fn();
    await render('', onChange);
    await click('Heading');
    await type('Type', 'h2');
    await type('Text', 'Summer');
    await click('Insert');
    expect(alert()?.textContent).toBe('Ensure all fields are filled in');
    await type('Size', 'large');
    await click('Insert');
    expect(alert()).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('<h2 class="heading-large">Summer</h2>');
  });

  it('warns when a link misses its title, inserts it when complete', async () => {
    const onChange = vi.fn();
    await render('', onChange);
    await click('Link');
    await type('URL', 'https://example.com');
    await click('Insert');
    expect(alert()?.textContent).toBe('Ensure all fields are filled in');
    await type('Title', 'Example');
    await click('Insert');
    expect(onChange).toHaveBeenLastCalledWith('<p><a href="https://example.com" title="Example">Example</a></p>');
  });

  it('inserts bold text and paragraphs', async () => {
    const onChange = vi.fn();
    await render('<p>Intro</p>', onChange);
    await click('Bold');
    await type('Bold text', 'Sale');
    await click('Insert');
    expect(onChange).toHaveBeenLastCalledWith('<p>Intro<strong>Sale</strong></p>');
    await click('Paragraph');
    await type('Paragraph text', 'More');
    await click('Insert');
    expect(onChange).toHaveBeenLastCalledWith('<p>Intro<strong>Sale</strong></p><p>More</p>');
  });

  it('takes a value from outside without echoing it, and ignores its own echoes', async () => {
    const onChange = vi.fn();
    await render('<p>One</p>', onChange);
    await render('<p>Two</p><div class="x">raw</div>', onChange);
    expect(editable().textContent).toContain('Two');
    expect(editable().textContent).not.toContain('One');
    expect(onChange).not.toHaveBeenCalled();

    await click('Paragraph');
    await type('Paragraph text', 'Three');
    await click('Insert');
    const emitted = '<p>Two</p><div class="x">raw</div><p>Three</p>';
    expect(onChange).toHaveBeenLastCalledWith(emitted);
    await render(emitted, onChange);
    expect(editable().textContent).toContain('Three');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
