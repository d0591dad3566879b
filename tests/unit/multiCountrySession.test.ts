import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountryCode } from '../../core/countries';
import { ONLY_PRIMARY_ADDS, ONLY_PRIMARY_REMOVES, ONLY_PRIMARY_REORDERS } from '../../core/rules/multiCountry';
import { effectivePermissions, roleTable } from '../../core/permissions';
import { editingRefusals } from '../../core/rules/editingRights';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';
import type { UserPermissions } from '../../core/team';
import { EditorDocument } from '../../renderer/editor/src/state/document';
import { autosaveOf } from '../../renderer/editor/src/state/autosave';
import { MultiCountrySession, multiCountryDocumentsError } from '../../renderer/editor/src/multi/session';

const component = (type: string, id: string, title = `${type} title`): Component => ({
  _component: type,
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

const TR = { kind: 'user', name: 'tr@example.com' } as const;

const page = (): Component[] => [component('Banner', 'banner-1', 'Shop Now'), component('Text', 'text-1', 'Hello')];

function documentFor(country: CountryCode, components: Component[] = page(), pageName = 'home'): EditorDocument {
  const draft: Draft = {
    bookmark: `b-${country}`,
    key: { fascia: 'site_jd', country, page: pageName, source: 'content-editor', platform: 'web' },
    meta: emptyPageMeta(),
    components,
    baseHash: null,
    cleanHash: '',
    updatedAt: new Date(0).toISOString(),
  };
  return new EditorDocument(draft);
}

/** What main answers, recorded: translations are marked with their language so the test can see them. */
let calls: { channel: string; input: unknown }[];
beforeEach(() => {
  calls = [];
  const answer = (channel: string, value: (input: never) => unknown) => async (input: never) => {
    calls.push({ channel, input });
    return { ok: true, value: value(input) };
  };
  vi.stubGlobal('window', {
    studio: {
      saveDraft: answer('saveDraft', () => ({ updatedAt: new Date().toISOString() })),
      translate: async (input: { language: string; text: string }) => {
        calls.push({ channel: 'translate', input });
        if (input.language === 'fr')
          return { ok: false, error: { code: 'unavailable', message: 'The translation service is not reachable.' } };
        return { ok: true, value: { text: `[${input.language}] ${input.text}` } };
      },
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

function session() {
  const docs = (['gb', 'de', 'fr'] as const).map((country) => documentFor(country));
  const refusals: string[] = [];
  const multi = new MultiCountrySession(docs);
  // As the editor connects the country it shows: autosaved, and refusals told.
  for (const doc of docs)
    doc.connect({ changed: () => autosaveOf(doc).autosave.schedule(), refused: (reason) => refusals.push(reason) });
  const titles = (country: CountryCode) =>
    multi
      .doc(country)
      .components()
      .map((c) => c.content.title);
  const types = (country: CountryCode) =>
    multi
      .doc(country)
      .components()
      .map((c) => c._component);
  return { multi, refusals, titles, types };
}

describe('MultiCountrySession', () => {
  it('adds to every country from the primary, and one undo there takes it back everywhere', () => {
    const { multi, types } = session();
    expect(multi.doc('gb').add(component('Video', 'video-1'), 1)).toBe(true);
    for (const country of ['gb', 'de', 'fr'] as const) expect(types(country)).toEqual(['Banner', 'Video', 'Text']);
    multi.doc('gb').undo();
    for (const country of ['gb', 'de', 'fr'] as const) expect(types(country)).toEqual(['Banner', 'Text']);
    multi.doc('gb').redo();
    expect(types('fr')).toEqual(['Banner', 'Video', 'Text']);
  });

  it('refuses add, remove and reorder on a secondary and changes nothing', async () => {
    const { multi, refusals, types } = session();
    await multi.select('de');
    const german = multi.doc('de');
    expect(german.canAddOrRemove).toBe(false);
    expect(german.add(component('Video', 'video-1'))).toBe(false);
    expect(german.remove('banner-1')).toBe(false);
    expect(german.move(0, 1)).toBe(false);
    expect(refusals).toEqual([ONLY_PRIMARY_ADDS, ONLY_PRIMARY_REMOVES, ONLY_PRIMARY_REORDERS]);
    expect(types('de')).toEqual(['Banner', 'Text']);
  });

  it('hides and renames everywhere from the primary, only itself from a secondary; classes go everywhere', async () => {
    const { multi } = session();
    multi.doc('gb').setHidden('text-1', true);
    expect(multi.doc('fr').component('text-1').hidden).toBe(true);
    await multi.select('de');
    multi.doc('de').rename('banner-1', 'Aktion');
    expect(multi.doc('de').component('banner-1').name).toBe('Aktion');
    expect(multi.doc('gb').component('banner-1').name).toBe('banner-1');
    multi.doc('de').applyClasses('banner-1', ['wide']);
    expect(multi.doc('gb').component('banner-1').classes).toEqual(['wide']);
    expect(multi.doc('fr').component('banner-1').classes).toEqual(['wide']);
  });

  it('overwrites secondaries that differ from the primary when opened, and says which', () => {
    const docs = [documentFor('gb'), documentFor('de', [component('Video', 'v')]), documentFor('fr')];
    const multi = new MultiCountrySession(docs);
    expect(multi.syncSecondaries()).toEqual(['de']);
    expect(multi.store.get(multi.overwrittenAtom)).toEqual(['de']);
    expect(
      multi
        .doc('de')
        .components()
        .map((c) => c._component),
    ).toEqual(['Banner', 'Text']);
  });

  it('reviews the pages in order, the primary first, selecting each', async () => {
    const { multi } = session();
    await multi.review('start');
    expect(multi.store.get(multi.reviewAtom)).toEqual({ mode: 'reviewing', index: 0 });
    expect(multi.selected).toBe('gb');
    await multi.review('next');
    expect(multi.selected).toBe('de');
    await multi.review('next');
    expect(multi.selected).toBe('fr');
    await multi.review('back');
    expect(multi.store.get(multi.reviewAtom)).toEqual({ mode: 'editing' });
  });

  it('translates the primary into the other countries; a failed country keeps its text; one undo takes it back', async () => {
    const { multi, titles } = session();
    const translated: string[] = [];
    const failed: string[] = [];
    await multi.translate({
      translated: (c) => translated.push(c),
      failed: (c, message) => failed.push(`${c}: ${message}`),
    });
    expect(translated).toEqual(['de']);
    expect(failed).toEqual(['fr: The translation service is not reachable.']);
    expect(titles('de')).toEqual(['[de] Shop Now', '[de] Hello']);
    expect(titles('fr')).toEqual(['Shop Now', 'Hello']);
    expect(calls.filter((c) => c.channel === 'translate').map((c) => c.input)).toContainEqual({
      language: 'de',
      text: 'Shop Now',
    });
    multi.doc('gb').undo();
    expect(titles('de')).toEqual(['Shop Now', 'Hello']);
  });

  it('writes the drafts of countries changed while not shown', async () => {
    const multi = new MultiCountrySession((['gb', 'de', 'fr'] as const).map((country) => documentFor(country)));
    multi.doc('gb').add(component('Video', 'video-1'));
    await multi.flushDrafts();
    const saved = calls
      .filter((c) => c.channel === 'saveDraft')
      .map((c) => (c.input as { draft: Draft }).draft.key.country);
    expect(saved.sort()).toEqual(['de', 'fr', 'gb']);
  });
});

describe('MultiCountrySession with the roles of a translator for JD DE (issue 22 §2)', () => {
  it("applies each country's own permissions: the DE page's text is edited, the GB primary is read-only", () => {
    const { multi, refusals, titles } = session();
    const permissions: UserPermissions = {
      mode: 'granted',
      permissions: effectivePermissions(
        [
          { role: 'viewer', to: TR, scope: { fascias: ['site_jd'], countries: ['*'] }, effect: 'allow' },
          { role: 'translator', to: TR, scope: { fascias: ['site_jd'], countries: ['de'] }, effect: 'allow' },
        ],
        roleTable([]),
      ),
    };
    // As each country's editor sets them from its own page key.
    for (const country of ['gb', 'de', 'fr'] as const)
      multi.doc(country).setRefusals(editingRefusals(permissions, multi.doc(country).key));
    const setTitle = (country: CountryCode, title: string) =>
      multi.doc(country).updateComponent('banner-1', (c) => ({ ...c, content: { ...c.content, title } }), 'title');

    setTitle('de', 'Jetzt kaufen');
    setTitle('gb', 'Buy now');

    expect(titles('de')).toEqual(['Jetzt kaufen', 'Hello']);
    expect(titles('gb')).toEqual(['Shop Now', 'Hello']);
    expect(refusals).toEqual(['Your roles let you view JD GB pages, not change field values (edit).']);
    // On the secondary the roles' reason comes first: it holds wherever the order is set.
    expect(multi.doc('de').whyNotAddOrRemove('The order is set on the primary country.')).toBe(
      'Your roles let you edit JD DE text, not add, remove or reorder components, or change the page options (structure).',
    );
  });
});

describe('multiCountryDocumentsError', () => {
  it('accepts one page in up to three countries only', () => {
    expect(multiCountryDocumentsError([documentFor('gb'), documentFor('de')])).toBeNull();
    expect(multiCountryDocumentsError([documentFor('gb'), documentFor('de', page(), 'sale')])).toMatch(/not one page/);
    expect(multiCountryDocumentsError(['gb', 'de', 'fr', 'es'].map((c) => documentFor(c as CountryCode)))).toMatch(
      /at most 3 pages/,
    );
    expect(multiCountryDocumentsError([])).toMatch(/No country/);
  });
});
