import { describe, expect, it } from 'vitest';
import { effectivePermissions, roleTable, type Grant } from '../../core/permissions';
import { editingRefusals } from '../../core/rules/editingRights';
import { documentHash } from '../../core/rules/page';
import { emptyPageMeta, type Component, type Draft, type PageKey } from '../../core/schemas';
import { EditorDocument } from '../../renderer/editor/src/state/document';

/**
 * The editor's document refuses what the user's roles refuse (issue 22 §2), telling why in the server's words,
 * so that a shortcut (Alt+Arrow, Ctrl+D, Delete) or a paste reaches no further than the disabled controls.
 */

const component = (id: string): Component => ({
  _component: 'MainBanner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title: id },
});

const DE: PageKey = { fascia: 'site_jd', country: 'de', page: 'home', source: 'content-editor', platform: 'web' };

function openAs(role: string) {
  const meta = emptyPageMeta();
  const components = [component('a'), component('b')];
  const draft: Draft = {
    bookmark: 'b',
    key: DE,
    meta,
    components,
    baseHash: 'saved-v1',
    cleanHash: documentHash(meta, components),
    updatedAt: new Date(0).toISOString(),
  };
  const doc = new EditorDocument(draft);
  const told: string[] = [];
  doc.connect({ refused: (reason) => told.push(reason) });
  const grants: Grant[] = [
    {
      role,
      to: { kind: 'user', name: 'tr@example.com' },
      scope: { fascias: ['site_jd'], countries: ['de'] },
      effect: 'allow',
    },
  ];
  doc.setRefusals(editingRefusals({ mode: 'granted', permissions: effectivePermissions(grants, roleTable([])) }, DE));
  return { doc, told, order: () => doc.order.join(',') };
}

const STRUCTURE_REFUSED =
  'Your roles let you edit JD DE text, not add, remove or reorder components, or change the page options (structure).';

describe('EditorDocument with the roles of a translator for JD DE', () => {
  it('changes field values, names and classes', () => {
    const { doc, told } = openAs('translator');
    doc.updateComponent('a', (c) => ({ ...c, content: { title: 'Sommer' } }), 'title');
    expect(doc.rename('a', 'Held')).toBe(true);
    expect(doc.applyClasses('a', ['wide'])).toBe(true);
    expect(doc.component('a')).toMatchObject({ name: 'Held', classes: ['wide'], content: { title: 'Sommer' } });
    expect(told).toEqual([]);
  });

  it('refuses adding, removing, moving, hiding and replacing components, saying why, and changes nothing', () => {
    const { doc, told, order } = openAs('translator');
    expect(doc.canAddOrRemove).toBe(false);
    expect(doc.whyNotAddOrRemove('The order is set on the primary country.')).toBe(STRUCTURE_REFUSED);

    expect(doc.add(component('c'))).toBe(false);
    expect(doc.remove('a')).toBe(false);
    expect(doc.move(0, 1)).toBe(false);
    expect(doc.setHidden('a', true)).toBe(false);
    expect(doc.replaceAll([component('b')])).toBe(false);

    expect(order()).toBe('a,b');
    expect(doc.component('a').hidden).toBe(false);
    expect(doc.dirty).toBe(false);
    expect(told).toEqual(Array(5).fill(STRUCTURE_REFUSED));
  });

  it('refuses changing the page options (structure) and its custom code (scripts)', () => {
    const { doc, told } = openAs('translator');
    doc.setMeta((meta) => ({ ...meta, subcategory: 'Sale' }), 'subcategory');
    doc.setMeta((meta) => ({ ...meta, customScripts: 'alert(1)' }));
    expect(doc.meta).toEqual(emptyPageMeta());
    expect(told).toEqual([
      STRUCTURE_REFUSED,
      'Your roles let you edit JD DE text, not change custom styles or scripts (scripts).',
    ]);
  });
});

describe('EditorDocument with the roles of a viewer', () => {
  it('refuses every change of a field value', () => {
    const { doc, told } = openAs('viewer');
    doc.updateComponent('a', (c) => ({ ...c, content: { title: 'Sommer' } }), 'title');
    expect(doc.rename('a', 'Held')).toBe(false);
    expect(doc.component('a')).toEqual(component('a'));
    expect(told).toEqual(Array(2).fill('Your roles let you view JD DE pages, not change field values (edit).'));
  });
});

describe('EditorDocument with the roles of an editor', () => {
  it('adds components as before', () => {
    const { doc } = openAs('editor');
    expect(doc.canAddOrRemove).toBe(true);
    expect(doc.whyNotAddOrRemove('The order is set on the primary country.')).toBeUndefined();
    expect(doc.add(component('c'))).toBe(true);
    expect(doc.order).toEqual(['a', 'b', 'c']);
  });
});
