import { describe, expect, it } from 'vitest';
import { effectivePermissions, roleTable, type Grant, type Scope } from '../../core/permissions';
import {
  NOTHING_REFUSED,
  actionsOfMetaChange,
  editingRefusals,
  editingRefusalsWithFollowers,
  isReadOnly,
  mayReadPageAudit,
  mayCreatePage,
  mayPublish,
  newPagePlaces,
} from '../../core/rules/editingRights';
import { emptyPageMeta } from '../../core/schemas';
import type { UserPermissions } from '../../core/team';

const grant = (role: string, scope: Scope, effect: Grant['effect'] = 'allow'): Grant => ({
  role,
  to: { kind: 'user', name: 'someone@example.com' },
  scope,
  effect,
});

const granted = (...grants: Grant[]): UserPermissions => ({
  mode: 'granted',
  permissions: effectivePermissions(grants, roleTable([])),
});

const JD_DE = { fascia: 'site_jd', country: 'de' } as const;
const JD_GB = { fascia: 'site_jd', country: 'gb' } as const;

describe('editingRefusals', () => {
  it('refuses nothing with the embedded store, which has no roles', () => {
    expect(editingRefusals({ mode: 'everything' }, JD_DE)).toEqual(NOTHING_REFUSED);
  });

  it('lets a translator edit text and says why structure, scripts and bookmarks are refused', () => {
    const translator = granted(grant('translator', { fascias: ['site_jd'], countries: ['de'] }));
    expect(editingRefusals(translator, JD_DE)).toEqual({
      edit: null,
      structure:
        'Your roles let you edit JD DE text, not add, remove or reorder components, or change the page options (structure).',
      scripts: 'Your roles let you edit JD DE text, not change custom styles or scripts (scripts).',
      bookmark: 'Your roles let you edit JD DE text, not save bookmarks (bookmark).',
    });
  });

  it('applies each country its own grants: the DE translator may not edit the GB page', () => {
    const translator = granted(grant('translator', { fascias: ['site_jd'], countries: ['de'] }));
    expect(editingRefusals(translator, JD_GB).edit).toBe(
      'Your roles let you do nothing with JD GB pages, not change field values (edit).',
    );
  });

  it('opens a page read-only for a viewer, naming the edit permission it lacks', () => {
    const viewer = granted(grant('viewer', { fascias: ['*'], countries: ['*'] }));
    const refusals = editingRefusals(viewer, JD_DE);
    expect(isReadOnly(refusals)).toBe(true);
    expect(refusals.edit).toBe('Your roles let you view JD DE pages, not change field values (edit).');
  });

  it('is not read-only when any kind of change is allowed', () => {
    const translator = granted(grant('translator', { fascias: ['*'], countries: ['*'] }));
    expect(isReadOnly(editingRefusals(translator, JD_DE))).toBe(false);
    expect(isReadOnly(NOTHING_REFUSED)).toBe(false);
  });

  it('lets a deny grant beat any allow grant, within its scope only', () => {
    const editor = granted(
      grant('editor', { fascias: ['site_jd'], countries: ['*'] }),
      grant('editor', { fascias: ['site_jd'], countries: ['de'] }, 'deny'),
      grant('translator', { fascias: ['site_jd'], countries: ['de'] }),
    );
    expect(editingRefusals(editor, JD_GB).structure).toBeNull();
    expect(editingRefusals(editor, JD_DE).edit).toBe(
      'Your roles let you do nothing with JD DE pages, not change field values (edit).',
    );
  });
});

describe('New Page places', () => {
  it('offers only the fascias and countries where the user has structure', () => {
    const permissions = granted(
      grant('editor', { fascias: ['site_jd'], countries: ['gb', 'ie'] }),
      grant('translator', { fascias: ['site_sz'], countries: ['*'] }),
    );
    const places = newPagePlaces(permissions, ['site_jd', 'site_sz'], ['gb', 'ie', 'de']);
    expect([...places]).toEqual([['site_jd', ['gb', 'ie']]]);
    expect(mayCreatePage(permissions, JD_DE)).toBe(false);
  });

  it('offers everything with the embedded store', () => {
    const places = newPagePlaces({ mode: 'everything' }, ['site_jd', 'site_sz'], ['gb', 'de']);
    expect([...places]).toEqual([
      ['site_jd', ['gb', 'de']],
      ['site_sz', ['gb', 'de']],
    ]);
  });
});

describe('actionsOfMetaChange', () => {
  const meta = emptyPageMeta();

  it('needs scripts for styles and scripts, structure for the other options, and nothing when unchanged', () => {
    expect(actionsOfMetaChange(meta, { ...meta })).toEqual([]);
    expect(actionsOfMetaChange(meta, { ...meta, customScripts: 'alert(1)' })).toEqual(['scripts']);
    expect(actionsOfMetaChange(meta, { ...meta, stylesheets: ['https://cdn.example.com/a.css'] })).toEqual(['scripts']);
    expect(actionsOfMetaChange(meta, { ...meta, subcategory: 'Sale' })).toEqual(['structure']);
    expect(actionsOfMetaChange(meta, { ...meta, category: 'Home', customStyles: 'h1{}' })).toEqual([
      'structure',
      'scripts',
    ]);
  });
});

describe('editingRefusalsWithFollowers', () => {
  const JD_FR = { fascia: 'site_jd', country: 'fr' } as const;

  it("refuses the primary's structure where a country it reaches lacks it, naming that country", () => {
    const permissions = granted(
      grant('editor', { fascias: ['site_jd'], countries: ['gb', 'fr'] }),
      grant('translator', { fascias: ['site_jd'], countries: ['de'] }),
    );
    const refusals = editingRefusalsWithFollowers(permissions, JD_GB, [JD_FR, JD_DE]);
    expect(refusals.structure).toBe(
      'Your roles let you edit JD DE text, not add, remove or reorder components, or change the page options (structure).',
    );
    expect(refusals.edit).toBeNull();
    expect(editingRefusalsWithFollowers(permissions, JD_GB, [JD_FR])).toEqual(editingRefusals(permissions, JD_GB));
    expect(editingRefusals(permissions, JD_GB).structure).toBeNull();
  });

  it("is the place's own refusals without followers, and nothing with the embedded store", () => {
    const permissions = granted(grant('translator', { fascias: ['site_jd'], countries: ['de'] }));
    expect(editingRefusalsWithFollowers(permissions, JD_DE, [])).toEqual(editingRefusals(permissions, JD_DE));
    expect(editingRefusalsWithFollowers({ mode: 'everything' }, JD_GB, [JD_DE])).toEqual(NOTHING_REFUSED);
  });
});

describe('mayReadPageAudit', () => {
  it("offers a page's audit trail to admins of its place only", () => {
    const gbAdmin = granted(grant('admin', { fascias: ['site_jd'], countries: ['gb'] }));
    expect(mayReadPageAudit(gbAdmin, JD_GB)).toBe(true);
    expect(mayReadPageAudit(gbAdmin, JD_DE)).toBe(false);
    expect(mayReadPageAudit(granted(grant('editor', { fascias: ['*'], countries: ['*'] })), JD_GB)).toBe(false);
    expect(mayReadPageAudit({ mode: 'everything' }, JD_DE)).toBe(true);
  });
});

describe('mayPublish', () => {
  it('offers Go live to publishers and admins of the place, and to everyone with the embedded store', () => {
    const gbPublisher = granted(grant('publisher', { fascias: ['site_jd'], countries: ['gb'] }));
    expect(mayPublish(gbPublisher, JD_GB)).toBe(true);
    expect(mayPublish(gbPublisher, JD_DE)).toBe(false);
    expect(mayPublish(granted(grant('admin', { fascias: ['*'], countries: ['*'] })), JD_DE)).toBe(true);
    expect(mayPublish({ mode: 'everything' }, JD_DE)).toBe(true);
  });

  it('offers it to no editor, and to no publisher whose place a deny grant covers', () => {
    expect(mayPublish(granted(grant('editor', { fascias: ['*'], countries: ['*'] })), JD_GB)).toBe(false);
    const denied = granted(
      grant('publisher', { fascias: ['*'], countries: ['*'] }),
      grant('publisher', { fascias: ['site_jd'], countries: ['gb'] }, 'deny'),
    );
    expect(mayPublish(denied, JD_GB)).toBe(false);
    expect(mayPublish(denied, JD_DE)).toBe(true);
  });
});
