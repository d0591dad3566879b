import { describe, expect, it } from 'vitest';
import {
  MergeDocumentSchema,
  MergeResultSchema,
  mergeDocuments,
  resolveConflicts,
  type MergeDocument,
} from '../../core/rules/merge/documentMerge';
import { emptyPageMeta, type Component } from '../../core/schemas';

function component(identifier: string, content: Record<string, unknown> = {}, name = identifier): Component {
  return { _component: 'Banner', _identifier: identifier, name, hidden: false, classes: [], content };
}

function page(...components: Component[]): MergeDocument {
  return { meta: { ...emptyPageMeta(), category: 'Trainers' }, components };
}

/** A copy of `document` changed by `edit`, as an editor's draft would be. */
function edited(document: MergeDocument, edit: (draft: MergeDocument) => void): MergeDocument {
  const draft = structuredClone(document);
  edit(draft);
  return draft;
}

const contentOf = (document: MergeDocument, identifier: string) =>
  document.components.find((item) => item._identifier === identifier)?.content;
const order = (document: MergeDocument) => document.components.map((item) => item._identifier);

const slides = () => [
  { title: 'One', url: '/one' },
  { title: 'Two', url: '/two' },
  { title: 'Three', url: '/three' },
];
const buttons = () => [
  { id: 'men', text: 'Men' },
  { id: 'women', text: 'Women' },
  { id: 'kids', text: 'Kids' },
];
const base = page(
  component('A', { title: 'Summer', subtitle: 'Sale', slides: slides() }),
  component('B', { html: '<p>Hello</p>', buttons: buttons() }),
  component('C', { title: 'Footer' }),
  component('D', { title: 'Last' }),
);
const at = (document: MergeDocument, identifier: string) =>
  document.components.find((item) => item._identifier === identifier) as Component;

describe('mergeDocuments: changes taken', () => {
  it('takes a change made on one side only, from either side', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const mine = edited(base, (draft) => (at(draft, 'A').content.subtitle = 'Clearance'));
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(contentOf(result.document, 'A')).toMatchObject({ title: 'Winter', subtitle: 'Clearance' });
    expect(result.changes).toEqual({ mine: 1, theirs: 1 });
  });

  it('takes the same change made on both sides once, without a conflict', () => {
    const both = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const result = mergeDocuments(base, both, structuredClone(both));
    expect(result.conflicts).toEqual([]);
    expect(result.document).toEqual(both);
  });

  it('merges page fields by the same rules: category from one side, custom styles from the other', () => {
    const theirs = edited(base, (draft) => (draft.meta.category = 'Sale'));
    const mine = edited(base, (draft) => {
      draft.meta.customStyles = '.hero { color: red }';
      draft.meta.pageLinks.live.desktop = 'https://example.com/sale';
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(result.document.meta).toEqual({ ...mine.meta, category: 'Sale' });
    expect(result.changes).toEqual({ mine: 2, theirs: 1 });
  });

  it('merges different fields of one list item, and different items of a list', () => {
    const theirs = edited(base, (draft) => {
      (at(draft, 'A').content.slides as { title: string }[])[1]!.title = 'Deux';
    });
    const mine = edited(base, (draft) => {
      const list = at(draft, 'A').content.slides as { title: string; url: string }[];
      list[1]!.url = '/deux';
      list[2]!.title = 'Trois';
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(contentOf(result.document, 'A')?.slides).toEqual([
      { title: 'One', url: '/one' },
      { title: 'Deux', url: '/deux' },
      { title: 'Trois', url: '/three' },
    ]);
  });

  it('keeps an item one side appended to a list by position while the other edits an earlier item', () => {
    const theirs = edited(base, (draft) => {
      (at(draft, 'A').content.slides as unknown[]).push({ title: 'Four', url: '/four' });
    });
    const mine = edited(base, (draft) => {
      (at(draft, 'A').content.slides as { title: string }[])[0]!.title = 'Uno';
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect((contentOf(result.document, 'A')?.slides as { title: string }[]).map((slide) => slide.title)).toEqual([
      'Uno',
      'Two',
      'Three',
      'Four',
    ]);
  });

  it('makes a list by position one clash when one side edits an item after one the other removed', () => {
    // Found by the property spec: settling the edited item for theirs would put it after a removed place.
    const theirs = edited(base, (draft) => {
      (at(draft, 'A').content.slides as { title: string }[])[2]!.title = 'Tres';
    });
    const mine = edited(base, (draft) => {
      at(draft, 'A').content.slides = [];
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.path, conflict.kind])).toEqual([['content.slides', 'field']]);
    expect(contentOf(result.document, 'A')?.slides).toEqual([]);
    const settled = resolveConflicts(result, { [result.conflicts[0]!.id]: { take: 'theirs' } });
    expect(contentOf(settled, 'A')?.slides).toEqual(contentOf(theirs, 'A')?.slides);
  });

  it('makes a list by position one clash when one side edits an item the other removed and adds one after it', () => {
    const theirs = edited(base, (draft) => {
      const slides = at(draft, 'A').content.slides as { title: string; url: string }[];
      slides[1]!.title = 'Dos';
      slides.push({ title: 'Four', url: '/four' });
    });
    const mine = edited(base, (draft) => {
      at(draft, 'A').content.slides = (at(draft, 'A').content.slides as unknown[]).slice(0, 1);
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => conflict.path)).toEqual(['content.slides']);
    const settled = resolveConflicts(result, { [result.conflicts[0]!.id]: { take: 'theirs' } });
    expect(contentOf(settled, 'A')?.slides).toEqual(contentOf(theirs, 'A')?.slides);
  });

  it('matches list items by their id: a removal on one side and an edit of another item on the other both apply', () => {
    const theirs = edited(base, (draft) => {
      at(draft, 'B').content.buttons = buttons().filter((button) => button.id !== 'men');
    });
    const mine = edited(base, (draft) => {
      at(draft, 'B').content.buttons = buttons().map((button) =>
        button.id === 'kids' ? { ...button, text: 'Junior' } : button,
      );
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([]);
    expect(contentOf(result.document, 'B')?.buttons).toEqual([
      { id: 'women', text: 'Women' },
      { id: 'kids', text: 'Junior' },
    ]);
  });
});

describe('mergeDocuments: components and their order', () => {
  it('keeps additions from both sides, each where its side put it', () => {
    const theirs = edited(base, (draft) => draft.components.splice(1, 0, component('T')));
    const mine = edited(base, (draft) => draft.components.push(component('M')));
    const result = mergeDocuments(base, theirs, mine);
    expect(order(result.document)).toEqual(['A', 'T', 'B', 'C', 'D', 'M']);
    expect(result.changes).toEqual({ mine: 1, theirs: 1 });
  });

  it('puts two additions after the same component in the order of their identifiers, whichever side made them', () => {
    const withX = edited(base, (draft) => draft.components.splice(1, 0, component('X')));
    const withY = edited(base, (draft) => draft.components.splice(1, 0, component('Y')));
    expect(order(mergeDocuments(base, withX, withY).document)).toEqual(['A', 'X', 'Y', 'B', 'C', 'D']);
    expect(order(mergeDocuments(base, withY, withX).document)).toEqual(['A', 'X', 'Y', 'B', 'C', 'D']);
  });

  it('applies independent moves from both sides', () => {
    // Theirs moves A to the end; mine moves C to the top.
    const theirs = edited(base, (draft) => draft.components.push(draft.components.shift() as Component));
    const mine = edited(base, (draft) => draft.components.unshift(...draft.components.splice(2, 1)));
    const result = mergeDocuments(base, theirs, mine);
    expect(order(result.document)).toEqual(['C', 'B', 'D', 'A']);
    expect(result.conflicts).toEqual([]);
  });

  it('lets mine place a component both sides moved', () => {
    const theirs = edited(base, (draft) => draft.components.push(draft.components.shift() as Component));
    const mine = edited(base, (draft) => draft.components.splice(2, 0, draft.components.shift() as Component));
    expect(order(mergeDocuments(base, theirs, mine).document)).toEqual(['B', 'C', 'A', 'D']);
  });

  it('removes a component one side removed and the other left alone, even if the other moved it', () => {
    const theirs = edited(base, (draft) => draft.components.splice(1, 1));
    const mine = edited(base, (draft) => {
      draft.components.reverse();
      at(draft, 'A').content.title = 'Winter';
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(order(result.document)).toEqual(['D', 'C', 'A']);
    expect(result.conflicts).toEqual([]);
  });

  it('merges the order of list items matched by id like components', () => {
    const theirs = edited(base, (draft) => {
      at(draft, 'B').content.buttons = [...buttons(), { id: 'sale', text: 'Sale' }];
    });
    const mine = edited(base, (draft) => {
      at(draft, 'B').content.buttons = buttons().reverse();
    });
    const result = mergeDocuments(base, theirs, mine);
    expect((contentOf(result.document, 'B')?.buttons as { id: string }[]).map((button) => button.id)).toEqual([
      'kids',
      'women',
      'men',
      'sale',
    ]);
  });
});

describe('mergeDocuments: conflicts', () => {
  it('is a conflict when one field changed two ways; mine holds until resolved', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const mine = edited(base, (draft) => (at(draft, 'A').content.title = 'Autumn'));
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([
      {
        id: 'component:A/content.title',
        kind: 'field',
        component: { identifier: 'A', name: 'A', type: 'Banner' },
        path: 'content.title',
        base: 'Summer',
        mine: 'Autumn',
        theirs: 'Winter',
      },
    ]);
    expect(contentOf(result.document, 'A')?.title).toBe('Autumn');
    expect(contentOf(resolveConflicts(result, { 'component:A/content.title': { take: 'theirs' } }), 'A')?.title).toBe(
      'Winter',
    );
    expect(contentOf(resolveConflicts(result, {}), 'A')?.title).toBe('Autumn');
    expect(contentOf(resolveConflicts(result, { 'component:A/content.title': { value: 'Spring' } }), 'A')?.title).toBe(
      'Spring',
    );
  });

  it('merges rich text and custom HTML as whole values: two different changes are one conflict', () => {
    const theirs = edited(base, (draft) => (at(draft, 'B').content.html = '<p>Hello there</p>'));
    const mine = edited(base, (draft) => (at(draft, 'B').content.html = '<p>Hello, world</p>'));
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.id, conflict.base, conflict.theirs, conflict.mine])).toEqual([
      ['component:B/content.html', '<p>Hello</p>', '<p>Hello there</p>', '<p>Hello, world</p>'],
    ]);
  });

  it('is a conflict for a page field changed two ways', () => {
    const theirs = edited(base, (draft) => (draft.meta.customScripts = 'track("a")'));
    const mine = edited(base, (draft) => (draft.meta.customScripts = 'track("b")'));
    const [conflict] = mergeDocuments(base, theirs, mine).conflicts;
    expect(conflict).toEqual({
      id: 'meta.customScripts',
      kind: 'field',
      path: 'customScripts',
      base: '',
      mine: 'track("b")',
      theirs: 'track("a")',
    });
  });

  it('is a conflict when mine removed a component theirs edited; keeping theirs puts it back in its place', () => {
    const theirs = edited(base, (draft) => (at(draft, 'C').content.title = 'New footer'));
    const mine = edited(base, (draft) => {
      draft.components.splice(2, 1);
      at(draft, 'A').content.title = 'Winter';
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts).toEqual([
      {
        id: 'component:C',
        kind: 'removed-and-edited',
        component: { identifier: 'C', name: 'C', type: 'Banner' },
        path: '',
        base: at(base, 'C'),
        mine: undefined,
        theirs: at(theirs, 'C'),
        at: 2,
      },
    ]);
    expect(order(result.document)).toEqual(['A', 'B', 'D']);
    const kept = resolveConflicts(result, { 'component:C': { take: 'theirs' } });
    expect(order(kept)).toEqual(['A', 'B', 'C', 'D']);
    expect(contentOf(kept, 'C')?.title).toBe('New footer');
    expect(contentOf(kept, 'A')?.title).toBe('Winter');
    expect(() => resolveConflicts(result, { 'component:C': { value: {} } })).toThrow(/never given a value/);
  });

  it('is a conflict when theirs removed a component mine edited; taking theirs removes it', () => {
    const theirs = edited(base, (draft) => draft.components.splice(0, 1));
    const mine = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.id, conflict.kind, conflict.mine])).toEqual([
      ['component:A', 'removed-and-edited', at(mine, 'A')],
    ]);
    expect(order(result.document)).toEqual(['A', 'B', 'C', 'D']);
    expect(order(resolveConflicts(result, { 'component:A': { take: 'theirs' } }))).toEqual(['B', 'C', 'D']);
  });

  it('is a list-item conflict when an item is removed on one side and edited on the other', () => {
    const theirs = edited(base, (draft) => {
      (at(draft, 'B').content.buttons as { text: string }[])[1]!.text = 'Ladies';
    });
    const mine = edited(base, (draft) => {
      at(draft, 'B').content.buttons = buttons().filter((button) => button.id !== 'women');
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.id, conflict.kind, conflict.mine, conflict.theirs])).toEqual([
      ['component:B/content.buttons[1]', 'list-item', undefined, { id: 'women', text: 'Ladies' }],
    ]);
    const kept = resolveConflicts(result, { 'component:B/content.buttons[1]': { take: 'theirs' } });
    expect(contentOf(kept, 'B')?.buttons).toEqual([
      { id: 'men', text: 'Men' },
      { id: 'women', text: 'Ladies' },
      { id: 'kids', text: 'Kids' },
    ]);
  });

  it('is a list-item conflict when a text item of a list is edited on both sides differently', () => {
    const withTags = page(component('A', { tags: ['red', 'blue'] }));
    const theirs = edited(withTags, (draft) => (at(draft, 'A').content.tags = ['red', 'navy']));
    const mine = edited(withTags, (draft) => (at(draft, 'A').content.tags = ['red', 'teal']));
    const result = mergeDocuments(withTags, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.id, conflict.kind, conflict.path])).toEqual([
      ['component:A/content.tags[1]', 'list-item', 'content.tags[1]'],
    ]);
  });

  it('makes the whole list one conflict when one side shortened it and the other lengthened it', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').content.slides = slides().slice(0, 2)));
    const mine = edited(base, (draft) => {
      at(draft, 'A').content.slides = [...slides(), { title: 'Four', url: '/four' }];
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => [conflict.id, conflict.kind])).toEqual([
      ['component:A/content.slides', 'field'],
    ]);
    expect(
      contentOf(resolveConflicts(result, { 'component:A/content.slides': { take: 'theirs' } }), 'A')?.slides,
    ).toEqual(slides().slice(0, 2));
  });

  it('resolves several conflicts at once, list items put back in their places', () => {
    const theirs = edited(base, (draft) => {
      const list = at(draft, 'B').content.buttons as { text: string }[];
      list[0]!.text = 'Gents';
      list[2]!.text = 'Junior';
    });
    const mine = edited(base, (draft) => {
      at(draft, 'B').content.buttons = [{ id: 'women', text: 'Woman' }];
    });
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => conflict.id)).toEqual([
      'component:B/content.buttons[0]',
      'component:B/content.buttons[2]',
    ]);
    const resolved = resolveConflicts(result, {
      'component:B/content.buttons[0]': { take: 'mine' },
      'component:B/content.buttons[2]': { take: 'theirs' },
    });
    expect(contentOf(resolved, 'B')?.buttons).toEqual([
      { id: 'women', text: 'Woman' },
      { id: 'kids', text: 'Junior' },
    ]);
  });

  it('spells a key that is not a plain name in brackets, and resolves it', () => {
    const withBreakpoints = page(component('A', { breakpoints: { '768': { perView: 3 } } }));
    const theirs = edited(withBreakpoints, (draft) => (at(draft, 'A').content.breakpoints = { '768': { perView: 2 } }));
    const mine = edited(withBreakpoints, (draft) => (at(draft, 'A').content.breakpoints = { '768': { perView: 4 } }));
    const result = mergeDocuments(withBreakpoints, theirs, mine);
    expect(result.conflicts.map((conflict) => conflict.path)).toEqual(['content.breakpoints["768"].perView']);
    const resolved = resolveConflicts(result, { [result.conflicts[0]!.id]: { take: 'theirs' } });
    expect(contentOf(resolved, 'A')?.breakpoints).toEqual({ '768': { perView: 2 } });
  });

  it('refuses a chosen value the page schema refuses', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').name = 'Hero'));
    const mine = edited(base, (draft) => (at(draft, 'A').name = 'Banner'));
    const result = mergeDocuments(base, theirs, mine);
    expect(result.conflicts.map((conflict) => conflict.id)).toEqual(['component:A/name']);
    expect(() => resolveConflicts(result, { 'component:A/name': { value: 42 } })).toThrow();
  });

  it('always gives a result the schemas accept', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const mine = edited(base, (draft) => (at(draft, 'A').content.title = 'Autumn'));
    const result = mergeDocuments(base, theirs, mine);
    expect(MergeResultSchema.safeParse(result).success).toBe(true);
    expect(MergeDocumentSchema.safeParse(result.document).success).toBe(true);
  });
});

describe('resolveConflicts', () => {
  it('gives a page of its own: changing it changes neither side of the merge', () => {
    const theirs = edited(base, (draft) => (at(draft, 'A').content.title = 'Winter'));
    const mine = edited(base, (draft) => draft.components.splice(0, 1));
    const resolved = resolveConflicts(mergeDocuments(base, theirs, mine), { 'component:A': { take: 'theirs' } });
    (contentOf(resolved, 'A')?.slides as { title: string }[])[0]!.title = 'Changed later';
    expect((contentOf(theirs, 'A')?.slides as { title: string }[])[0]!.title).toBe('One');
  });
});
