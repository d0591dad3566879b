import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EVERYWHERE,
  effectivePermissions,
  roleTable,
  type Grant,
  type Place,
  type Scope,
} from '../../core/permissions';
import { contentHash } from '../../core/rules/hash';
import { changesOfSave, refusalOf, refusalOfSave, type SaveChange } from '../../core/rules/saveChanges';
import type { Component, PageContent } from '../../core/schemas';
import { makePage } from './helpers/pages';

const component = (id: string, title = `Title ${id}`, hidden = false): Component => ({
  _component: 'Banner',
  _identifier: `Banner-${id}`,
  name: id,
  hidden,
  classes: [],
  content: { title },
});

/** A page holding these components, with the hash the server computes for them. */
function pageOf(components: Component[], extra: Partial<PageContent> = {}): PageContent {
  const page = { ...makePage(), ...extra, content: components };
  return { ...page, hash: contentHash(components) };
}

const base = pageOf([component('a'), component('b'), component('c')]);
const permissionsOf = (role: string, scope: Scope) => {
  const grant: Grant = { role, to: { kind: 'user', name: 'u@example.com' }, scope, effect: 'allow' };
  return effectivePermissions([grant], roleTable([]));
};
const JD_DE: Place = { fascia: 'site_jd', country: 'de' };

describe('what a save changes', () => {
  it('finds nothing in a save of the same content', () => {
    expect(changesOfSave(base, { ...base, timestamp: '2030-01-01T00:00:00.000Z', commitMessage: 'again' })).toEqual([]);
  });

  it('names each kind of change by the action it needs', () => {
    const [a, b, c] = base.content as [Component, Component, Component];
    const cases: [PageContent, SaveChange[]][] = [
      [pageOf([a, b, component('c', 'New title')]), ['change field values']],
      [pageOf([a, b]), ['add or remove components']],
      [pageOf([a, b, c, component('d')]), ['add or remove components']],
      [pageOf([a, c, b]), ['reorder components']],
      [pageOf([a, b, { ...c, hidden: true }]), ['hide or show components']],
      [pageOf([a, b, { ...c, _component: 'Carousel' }]), ['add or remove components']],
      [pageOf([a, b, c], { category: 'Sale' }), ['change the page options']],
      [pageOf([a, b, c], { customScripts: 'alert(1)' }), ['change custom styles or scripts']],
      [pageOf([a, b, c], { stylesheets: ['https://cdn.example.com/x.css'] }), ['change custom styles or scripts']],
      [
        pageOf([c, a, component('b', 'Edited')], { customStyles: 'body{}' }),
        ['reorder components', 'change custom styles or scripts', 'change field values'].sort() as SaveChange[],
      ],
    ];
    for (const [next, expected] of cases) expect([...changesOfSave(base, next)].sort()).toEqual([...expected].sort());
  });

  it('needs structure to create a page, and scripts as well when the new page has styles or scripts', () => {
    expect(changesOfSave(null, base)).toEqual(['create the page']);
    expect(changesOfSave(null, pageOf(base.content, { customScripts: 'track()' }))).toEqual([
      'create the page',
      'change custom styles or scripts',
    ]);
    expect(changesOfSave(null, pageOf(base.content, { scripts: ['https://cdn.example.com/a.js'] }))).toEqual([
      'create the page',
      'change custom styles or scripts',
    ]);
  });

  it('sees a component dropped while another is doubled, though the list keeps its length', () => {
    const [a, b] = base.content as [Component, Component, Component];
    const next = pageOf([a, b, a]);
    expect(changesOfSave(base, next)).toContain('add or remove components');
  });
});

describe('what a save changes, whatever the client says', () => {
  it('compares the components themselves, not the hash the client sent', () => {
    const forged = { ...pageOf([component('a')]), hash: base.hash };
    expect(changesOfSave(base, forged)).toEqual(['add or remove components']);
  });

  it('finds a field change exactly when the fields differ as contentHash sees them (any key order)', () => {
    const fields = fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    fc.assert(
      fc.property(fields, fields, fc.boolean(), (before, after, same) => {
        const next = same ? Object.fromEntries(Object.entries(before).reverse()) : after;
        const old = { ...component('a'), content: before };
        const changed = changesOfSave(pageOf([old]), pageOf([{ ...old, content: next }]));
        expect(changed.includes('change field values')).toBe(contentHash(before) !== contentHash(next));
      }),
    );
  });
});

describe('refusals', () => {
  it('names what the user may do and the missing action, as issue 22 words it', () => {
    const translator = permissionsOf('translator', { fascias: ['site_jd'], countries: ['de'] });
    expect(refusalOfSave(translator, JD_DE, ['change field values'])).toBeNull();
    expect(refusalOfSave(translator, JD_DE, ['change field values', 'add or remove components'])).toBe(
      'Your roles let you edit JD DE text, not add or remove components (structure).',
    );
    const editor = permissionsOf('editor', EVERYWHERE);
    expect(refusalOfSave(editor, JD_DE, ['change custom styles or scripts'])).toBe(
      'Your roles let you change JD DE pages, not change custom styles or scripts (scripts).',
    );
    const viewer = permissionsOf('viewer', EVERYWHERE);
    expect(refusalOfSave(viewer, JD_DE, ['create the page'])).toBe(
      'Your roles let you view JD DE pages, not create the page (structure).',
    );
    expect(refusalOf(translator, { fascia: 'site_jd', country: 'gb' } as const, 'view', 'open pages there')).toBe(
      'Your roles let you do nothing with JD GB pages, not open pages there (view).',
    );
    expect(refusalOf(viewer, JD_DE, 'bookmark', 'bookmark pages there')).toBe(
      'Your roles let you view JD DE pages, not bookmark pages there (bookmark).',
    );
  });
});

describe('properties', () => {
  /** Edits of a component list, each with the change it makes (when it makes one). */
  const operation = fc.oneof(
    fc.record({ op: fc.constant('edit' as const), index: fc.nat(), title: fc.string({ maxLength: 5 }) }),
    fc.record({ op: fc.constant('hide' as const), index: fc.nat() }),
    fc.record({ op: fc.constant('swap' as const), index: fc.nat(), other: fc.nat() }),
    fc.record({ op: fc.constant('remove' as const), index: fc.nat() }),
    fc.record({ op: fc.constant('add' as const), index: fc.nat() }),
  );
  const list = fc
    .uniqueArray(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 6 })
    .map((ids) => ids.map((id) => component(String(id))));

  /** The changes as a reader would list them, computed the naive way. */
  function naiveChanges(before: Component[], after: Component[]): Set<SaveChange> {
    const changes = new Set<SaveChange>();
    const ids = (components: Component[]) => components.map((one) => one._identifier);
    const beforeIds = ids(before);
    const afterIds = ids(after);
    const common = afterIds.filter((id) => beforeIds.includes(id));
    if (common.length !== beforeIds.length || common.length !== afterIds.length)
      changes.add('add or remove components');
    if (beforeIds.filter((id) => common.includes(id)).join() !== common.join()) changes.add('reorder components');
    for (const id of common) {
      const old = before.find((one) => one._identifier === id)!;
      const now = after.find((one) => one._identifier === id)!;
      if (old.hidden !== now.hidden) changes.add('hide or show components');
      if (JSON.stringify(old.content) !== JSON.stringify(now.content)) changes.add('change field values');
    }
    return changes;
  }

  it('agrees with a naive model of the changes for random edits of a component list', () => {
    fc.assert(
      fc.property(list, fc.array(operation, { maxLength: 5 }), (before, operations) => {
        let after = [...before];
        let added = 100;
        for (const operation of operations) {
          const at = after.length === 0 ? 0 : operation.index % after.length;
          const one = after[at];
          if (operation.op === 'add') after.splice(at, 0, component(String(added++)));
          else if (!one) continue;
          else if (operation.op === 'edit') after[at] = { ...one, content: { title: operation.title } };
          else if (operation.op === 'hide') after[at] = { ...one, hidden: !one.hidden };
          else if (operation.op === 'remove') after = after.filter((_, index) => index !== at);
          else {
            const other = operation.other % after.length;
            [after[at], after[other]] = [after[other]!, one];
          }
        }
        const found = changesOfSave(pageOf(before), pageOf(after));
        expect(new Set(found)).toEqual(naiveChanges(before, after));
        expect(changesOfSave(pageOf(after), pageOf(after))).toEqual([]);
      }),
    );
  });
});
