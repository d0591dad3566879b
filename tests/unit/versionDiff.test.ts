import { describe, expect, it } from 'vitest';
import {
  componentFieldDiff,
  describeFieldValue,
  diffComponents,
  diffSummary,
  type FieldChange,
} from '../../core/rules/versionDiff';
import type { Component } from '../../core/schemas';

function component(id: string, overrides: Partial<Component> = {}): Component {
  return {
    _component: 'MainBanner',
    _identifier: id,
    name: `Banner ${id}`,
    hidden: false,
    classes: [],
    content: { title: id },
    ...overrides,
  };
}

const statuses = (entries: ReturnType<typeof diffComponents>) =>
  entries.map((entry) => [entry.identifier, entry.status]);

describe('diffComponents', () => {
  it('finds nothing between equal lists, whatever the key order of their objects', () => {
    const before = [component('a', { content: { title: 'x', images: { desktop: 'd', mobile: 'm' } } })];
    const after = [{ ...component('a'), content: { images: { mobile: 'm', desktop: 'd' }, title: 'x' } }];
    const entries = diffComponents(before, after);
    expect(entries).toEqual([
      { identifier: 'a', status: 'unchanged', name: 'Banner a', type: 'MainBanner', moved: false, fields: [] },
    ]);
    expect(diffSummary(entries)).toBe('No differences');
  });

  it('reports added and removed components with their name and type, a removed one where it was', () => {
    const before = [component('a'), component('b', { _component: 'CustomHTML', name: 'Legal text' }), component('c')];
    const after = [
      component('a'),
      component('c'),
      component('d', { _component: 'SpotCarousel', name: 'New carousel' }),
    ];
    const entries = diffComponents(before, after);
    expect(statuses(entries)).toEqual([
      ['a', 'unchanged'],
      ['b', 'removed'],
      ['c', 'unchanged'],
      ['d', 'added'],
    ]);
    expect(entries[1]).toMatchObject({ name: 'Legal text', type: 'CustomHTML', fields: [] });
    expect(entries[3]).toMatchObject({ name: 'New carousel', type: 'SpotCarousel' });
    expect(diffSummary(entries)).toBe('1 added, 1 removed');
  });

  it('puts components removed from the top first', () => {
    expect(statuses(diffComponents([component('a'), component('b')], [component('b')]))).toEqual([
      ['a', 'removed'],
      ['b', 'unchanged'],
    ]);
  });

  it('marks only the component that was moved, not the ones it passed', () => {
    const before = ['a', 'b', 'c', 'd'].map((id) => component(id));
    const after = ['b', 'c', 'd', 'a'].map((id) => component(id));
    const entries = diffComponents(before, after);
    expect(statuses(entries)).toEqual([
      ['b', 'unchanged'],
      ['c', 'unchanged'],
      ['d', 'unchanged'],
      ['a', 'moved'],
    ]);
    expect(entries[3]?.moved).toBe(true);
    expect(diffSummary(entries)).toBe('1 moved');
  });

  it('does not call components moved when one was inserted before them', () => {
    const before = [component('a'), component('b')];
    const after = [component('new'), component('a'), component('b')];
    expect(statuses(diffComponents(before, after))).toEqual([
      ['new', 'added'],
      ['a', 'unchanged'],
      ['b', 'unchanged'],
    ]);
  });

  it('lists the fields of a changed component, and says when it also moved', () => {
    const before = [component('a'), component('b')];
    const after = [component('b', { name: 'Renamed', hidden: true, classes: ['wide'] }), component('a')];
    const entries = diffComponents(before, after);
    expect(entries[0]).toEqual({
      identifier: 'b',
      status: 'changed',
      name: 'Renamed',
      type: 'MainBanner',
      moved: true,
      fields: [
        { path: 'name', before: 'Banner b', after: 'Renamed' },
        { path: 'hidden', before: false, after: true },
        { path: 'classes', before: [], after: ['wide'] },
      ],
    });
    expect(entries[1]).toMatchObject({ identifier: 'a', status: 'unchanged', moved: false });
    expect(diffSummary(entries)).toBe('1 changed');
  });

  it('sums a mixed diff in one line', () => {
    const before = ['a', 'b', 'c', 'gone'].map((id) => component(id));
    const after = [component('a', { hidden: true }), component('b', { name: 'x' }), component('c'), component('new')];
    expect(diffSummary(diffComponents(before, after))).toBe('2 changed, 1 added, 1 removed');
  });

  it('matches duplicate identifiers by occurrence', () => {
    const before = [component('dup', { name: 'first' }), component('dup', { name: 'second' })];
    const after = [
      component('dup', { name: 'first' }),
      component('dup', { name: 'second, edited' }),
      component('dup', { name: 'third' }),
    ];
    expect(diffComponents(before, after).map((entry) => [entry.name, entry.status])).toEqual([
      ['first', 'unchanged'],
      ['second, edited', 'changed'],
      ['third', 'added'],
    ]);
  });
});

const paths = (changes: readonly FieldChange[]): string[] => changes.map((change) => change.path);

describe('componentFieldDiff', () => {
  it('names nested content paths, array indices included', () => {
    const before = component('a', {
      content: {
        title: 'Old',
        images: { desktop: 'd.jpg', mobile: 'm.jpg' },
        slides: [{ title: 'one' }, { title: 'two' }],
        cta: { text: 'Shop', url: '/shop' },
      },
    });
    const after = component('a', {
      content: {
        title: 'New',
        images: { desktop: 'd2.jpg', mobile: 'm.jpg' },
        slides: [{ title: 'one' }, { title: 'TWO' }, { title: 'three' }],
        cta: { text: 'Shop', url: '/shop' },
        subtitle: 'added field',
      },
    });
    expect(paths(componentFieldDiff(before, after))).toEqual([
      'content.title',
      'content.images.desktop',
      'content.slides[1].title',
      'content.slides[2]',
      'content.subtitle',
    ]);
  });

  it('names a removed field, a changed kind of value, nested arrays and unknown top-level fields', () => {
    const before = component('a', {
      content: { gone: 1, grid: [[1, 2]], shape: { a: 1 } },
      preload: { desktop: 'a', mobile: 'b' },
    });
    const after = component('a', {
      content: { grid: [[1, 3]], shape: ['a'] },
      extra: true,
      preload: { desktop: 'a', mobile: 'c' },
    });
    // In the order of after's keys, then the keys only before has, at every level.
    expect(paths(componentFieldDiff(before, after))).toEqual([
      'content.grid[0][1]',
      'content.shape',
      'content.gone',
      'extra',
      'preload.mobile',
    ]);
  });

  it('tells null from a missing value, and a changed type from a changed field', () => {
    expect(
      componentFieldDiff(component('a', { content: { list: [] } }), component('a', { content: { list: [null] } })),
    ).toEqual([{ path: 'content.list[0]', before: undefined, after: null }]);
    expect(paths(componentFieldDiff(component('a'), component('a', { _component: 'CustomHTML' })))).toEqual([
      '_component',
    ]);
    expect(
      paths(componentFieldDiff(component('a', { classes: ['x', 'y'] }), component('a', { classes: ['y', 'x'] }))),
    ).toEqual(['classes']);
  });
});

describe('describeFieldValue', () => {
  it('quotes strings, writes the rest as JSON, marks a missing side and cuts long values', () => {
    expect(describeFieldValue('Shop Now')).toBe('"Shop Now"');
    expect(describeFieldValue(true)).toBe('true');
    expect(describeFieldValue({ b: 1, a: [2] })).toBe('{"a":[2],"b":1}');
    expect(describeFieldValue(undefined)).toBe('(none)');
    const long = describeFieldValue('x'.repeat(200), 20);
    expect(long).toHaveLength(20);
    expect(long.endsWith('…')).toBe(true);
  });
});
