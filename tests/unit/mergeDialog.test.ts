// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { banner } from './helpers/pages';
import { mergeDocuments, type MergeDocument } from '../../core/rules/merge/documentMerge';
import { emptyPageMeta, type Component, type VersionSummary } from '../../core/schemas';
import { MergeDialog, type MergeConflicts } from '../../renderer/editor/src/history/MergeDialog';
import type { SettledMerge } from '../../renderer/editor/src/state/saveDocument';

const view = reactRootPerTest();

const THEIRS: VersionSummary = {
  version: 2,
  hash: 'theirs-hash',
  author: 'ann@example.com',
  timestamp: '2026-11-28T10:00:00.000Z',
  commitMessage: 'Sharper title',
  kind: 'content',
};

const second: Component = { ...banner('Second'), _identifier: 'Banner-second0000', name: 'Second banner' };
const page = (...components: Component[]): MergeDocument => ({ meta: emptyPageMeta(), components });
const titled = (component: Component, title: string, extra: Record<string, unknown> = {}): Component => ({
  ...component,
  content: { ...component.content, title, ...extra },
});

/** A merge as main answers it: base, theirs, mine and mergeDocuments' result. */
function conflictsOf(base: MergeDocument, theirs: MergeDocument, mine: MergeDocument): MergeConflicts {
  return { base, theirs: { document: theirs, version: THEIRS }, mine, result: mergeDocuments(base, theirs, mine) };
}

/** The dialog open on `merge`, its form loaded (MergeDialog loads it on first use); answers what Save merged sent. */
async function open(merge: MergeConflicts): Promise<SettledMerge[]> {
  const saved: SettledMerge[] = [];
  await act(async () => {
    view.root.render(
      createElement(MergeDialog, {
        merge,
        onSaveMerged: async (settled: SettledMerge) => void saved.push(settled),
        onCancel: () => undefined,
      }),
    );
    await import('../../renderer/editor/src/history/MergeForm');
  });
  return saved;
}

const dialog = (): HTMLElement => document.querySelector<HTMLElement>('[role=dialog]')!;
const radio = (label: string): HTMLInputElement =>
  [...dialog().querySelectorAll('label')].find((each) => each.textContent?.startsWith(label))!.querySelector('input')!;
const click = (element: HTMLElement) => act(async () => element.click());
const saveMerged = () =>
  click([...dialog().querySelectorAll('button')].find((each) => each.textContent === 'Save merged')!);

describe('the merge dialog', () => {
  // The title changed both ways; the second banner's subtitle only by me, so it merges by itself.
  const base = page(banner('Summer sale'), second);
  const theirs = page(titled(banner('Summer sale'), 'Their title'), second);
  const mine = page(titled(banner('Summer sale'), 'My title'), titled(second, 'Second', { subtitle: 'Mine only' }));

  it('lists only the clashing field, with base, mine and theirs', async () => {
    await open(conflictsOf(base, theirs, mine));
    const fields = dialog().querySelectorAll('fieldset');
    expect([...fields].map((field) => field.querySelector('legend')?.textContent)).toEqual(['Title in Top banner']);
    expect(fields[0]!.textContent).toContain('Base"Summer sale"');
    const mineRadio = radio('Mine');
    expect(document.getElementById(mineRadio.getAttribute('aria-describedby')!)?.textContent).toBe('"My title"');
    const theirsRadio = radio('Theirs');
    expect(document.getElementById(theirsRadio.getAttribute('aria-describedby')!)?.textContent).toBe('"Their title"');
  });

  it('saves nothing until every field is settled, and says how many are left', async () => {
    const saved = await open(conflictsOf(base, theirs, mine));
    await saveMerged();
    expect(saved).toEqual([]);
    expect(dialog().querySelector('[role=alert]')?.textContent).toBe(
      'Choose mine, theirs or a value of your own for every field: 1 is left.',
    );
    expect(document.activeElement).toBe(radio('Mine'));
  });

  it('Theirs: their value, with my one-sided change kept, saved over their version', async () => {
    const saved = await open(conflictsOf(base, theirs, mine));
    await click(radio('Theirs'));
    await saveMerged();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.baseHash).toBe('theirs-hash');
    expect(saved[0]!.document.components.map((component) => component.content)).toEqual([
      { title: 'Their title' },
      { title: 'Second', subtitle: 'Mine only' },
    ]);
  });

  it('Edit the value: a text box starting from mine, whose text is saved', async () => {
    const saved = await open(conflictsOf(base, theirs, mine));
    await click(radio('Edit the value'));
    const box = dialog().querySelector<HTMLTextAreaElement>('textarea')!;
    expect(box.getAttribute('aria-label')).toBe('Value of Title in Top banner');
    expect(box.value).toBe('My title');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, 'Our title');
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await saveMerged();
    expect(saved[0]!.document.components[0]!.content.title).toBe('Our title');
  });

  it('a component they removed and I changed: keep it with my changes, or remove it', async () => {
    const removed = page(banner('Summer sale'));
    const saved = await open(conflictsOf(base, removed, mine));
    expect(dialog().querySelector('legend')?.textContent).toBe('Second banner');
    expect(dialog().textContent).toContain('They removed this component; you changed it.');
    expect(dialog().querySelectorAll('fieldset')).toHaveLength(1);
    await click(radio('Remove (as they did)'));
    await saveMerged();
    expect(saved[0]!.document.components.map((component) => component.name)).toEqual(['Top banner']);
    await click(radio('Keep, with your changes'));
    await saveMerged();
    expect(saved[1]!.document.components.map((component) => component.content)).toEqual([
      { title: 'My title' },
      { title: 'Second', subtitle: 'Mine only' },
    ]);
  });
});
