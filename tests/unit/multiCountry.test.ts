import { describe, expect, it } from 'vitest';
import type { CountryCode } from '../../core/countries';
import {
  MAX_REVIEW_PAGES,
  ONLY_PRIMARY_ADDS,
  ONLY_PRIMARY_REMOVES,
  ONLY_PRIMARY_REORDERS,
  ONLY_PRIMARY_RESTRUCTURES,
  applyEdit,
  addComponent,
  applyClasses,
  canAddOrRemove,
  componentsOf,
  contentFromState,
  multiCountryStateError,
  pickCountriesError,
  removeComponent,
  rename,
  reorder,
  sameStructure,
  setHidden,
  stateFromContent,
  switchCountry,
  syncSecondaries,
  withCountryComponents,
  type MultiCountryState,
} from '../../core/rules/multiCountry';
import { IDENTIFIER_SUFFIX_LENGTH } from '../../core/rules/identifier';
import type { Component } from '../../core/schemas';

const component = (type: string, id: string, overrides: Partial<Component> = {}): Component => ({
  _component: type,
  _identifier: id,
  name: `${type} ${id}`,
  hidden: false,
  classes: [],
  content: { title: `${type} title` },
  ...overrides,
});

/** A page of three components; each country has its own identifiers (they differ between countries). */
const page = (country: string): Component[] => [
  component('Banner', `Banner-${country}`),
  component('Carousel', `Carousel-${country}`),
  component('Text', `Text-${country}`),
];

function state(selected: CountryCode = 'gb'): MultiCountryState {
  return {
    primary: 'gb',
    selected,
    entries: [
      { country: 'gb', components: page('gb') },
      { country: 'de', components: page('de') },
      { country: 'fr', components: page('fr') },
    ],
  };
}

const ids = (s: MultiCountryState, country: CountryCode) => componentsOf(s, country).map((c) => c._identifier);
const types = (s: MultiCountryState, country: CountryCode) => componentsOf(s, country).map((c) => c._component);

/** Deep-frozen input: any mutation by a rule throws in strict mode. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

describe('limits and picking countries', () => {
  it('handles at most three pages: the primary plus two others', () => {
    expect(MAX_REVIEW_PAGES).toBe(3);
    expect(pickCountriesError('gb', [])).toBeNull();
    expect(pickCountriesError('gb', ['de'])).toBeNull();
    expect(pickCountriesError('gb', ['de', 'fr'])).toBeNull();
  });

  it('explains the limit when more than two others are picked', () => {
    const error = pickCountriesError('gb', ['de', 'fr', 'es']);
    expect(error).toContain('at most 3 pages');
    expect(error).toContain('up to 2 others');
    expect(error).toContain('remove 1');
  });

  it('refuses the primary among the others, a country twice and unknown codes', () => {
    expect(pickCountriesError('gb', ['gb'])).toMatch(/United Kingdom is already the primary/);
    expect(pickCountriesError('gb', ['de', 'de'])).toMatch(/Germany is picked twice/);
    expect(pickCountriesError('gb', ['xx' as CountryCode])).toMatch(/'xx' is not a known country/);
  });

  it('checks a whole state', () => {
    expect(multiCountryStateError(state())).toBeNull();
    expect(multiCountryStateError({ ...state(), selected: 'es' })).toMatch(/selected country es/);
    expect(multiCountryStateError({ ...state(), primary: 'es' })).toMatch(/primary country es/);
    const four = state();
    four.entries.push({ country: 'es', components: [] });
    expect(multiCountryStateError(four)).toMatch(/at most 3 pages/);
  });

  it('converts from and to the stored multi-country content', () => {
    const content = contentFromState(state('de'));
    expect(content.primary).toBe('gb');
    expect(content.entries.map((entry) => entry.country)).toEqual(['gb', 'de', 'fr']);
    const back = stateFromContent(content);
    expect(back.selected).toBe('gb');
    expect(ids(back, 'de')).toEqual(ids(state(), 'de'));
    expect(() => stateFromContent({ primary: 'es', entries: content.entries })).toThrow(RangeError);
  });
});

describe('canAddOrRemove', () => {
  it('is true only on the primary', () => {
    expect(canAddOrRemove(state('gb'))).toBe(true);
    expect(canAddOrRemove(state('de'))).toBe(false);
  });
});

describe('reorder', () => {
  it('on the primary moves the same index in every country, matching by index not identifier', () => {
    const before = frozen(state('gb'));
    const after = reorder(before, 0, 2).state;
    expect(types(after, 'gb')).toEqual(['Carousel', 'Text', 'Banner']);
    expect(types(after, 'de')).toEqual(['Carousel', 'Text', 'Banner']);
    expect(types(after, 'fr')).toEqual(['Carousel', 'Text', 'Banner']);
    // Each country keeps its own components (and identifiers), only their order changed.
    expect(ids(after, 'de')).toEqual(['Carousel-de', 'Text-de', 'Banner-de']);
    expect(types(before, 'gb')).toEqual(['Banner', 'Carousel', 'Text']);
  });

  it('on a secondary is refused: the primary owns the order', () => {
    const before = frozen(state('de'));
    const outcome = reorder(before, 2, 0);
    expect(outcome.reason).toBe(ONLY_PRIMARY_REORDERS);
    expect(outcome.state).toBe(before);
  });

  it('leaves a secondary too short for the move as it is (syncSecondaries realigns it)', () => {
    const s = withCountryComponents(state('gb'), 'fr', page('fr').slice(0, 2));
    const after = reorder(s, 0, 2).state;
    expect(types(after, 'de')).toEqual(['Carousel', 'Text', 'Banner']);
    expect(types(after, 'fr')).toEqual(['Banner', 'Carousel']);
  });

  it('ignores out-of-range and no-op moves', () => {
    const s = state();
    expect(reorder(s, 0, 3)).toEqual({ state: s, reason: null });
    expect(reorder(s, 0, 3).state).toBe(s);
    expect(reorder(s, -1, 1)).toEqual({ state: s, reason: null });
    expect(reorder(s, -1, 1).state).toBe(s);
    expect(reorder(s, 1, 1)).toEqual({ state: s, reason: null });
    expect(reorder(s, 1, 1).state).toBe(s);
    expect(reorder(s, 0.5, 1)).toEqual({ state: s, reason: null });
    expect(reorder(s, 0.5, 1).state).toBe(s);
  });
});

describe('applyClasses', () => {
  it.each(['gb', 'de'] as const)('copies the classes to every country when applied on %s', (selected) => {
    const classes = ['wide', 'dark'];
    const after = applyClasses(frozen(state(selected)), 1, classes);
    for (const country of ['gb', 'de', 'fr'] as const) {
      expect(componentsOf(after, country)[1]?.classes).toEqual(['wide', 'dark']);
      expect(componentsOf(after, country)[0]?.classes).toEqual([]);
    }
    // Each country has its own array, not the caller's.
    classes.push('later');
    expect(componentsOf(after, 'de')[1]?.classes).toEqual(['wide', 'dark']);
    expect(componentsOf(after, 'gb')[1]?.classes).not.toBe(componentsOf(after, 'de')[1]?.classes);
  });

  it('ignores an index the selected country does not have', () => {
    const s = state();
    expect(applyClasses(s, 5, ['x'])).toBe(s);
  });
});

describe('setHidden and rename', () => {
  it('on the primary apply to every country', () => {
    const hidden = setHidden(frozen(state('gb')), 2, true);
    expect(['gb', 'de', 'fr'].map((c) => componentsOf(hidden, c as CountryCode)[2]?.hidden)).toEqual([
      true,
      true,
      true,
    ]);
    const renamed = rename(frozen(state('gb')), 0, 'Hero');
    expect(['gb', 'de', 'fr'].map((c) => componentsOf(renamed, c as CountryCode)[0]?.name)).toEqual([
      'Hero',
      'Hero',
      'Hero',
    ]);
  });

  it('on a secondary apply to that country only', () => {
    const hidden = setHidden(frozen(state('fr')), 2, true);
    expect(['gb', 'de', 'fr'].map((c) => componentsOf(hidden, c as CountryCode)[2]?.hidden)).toEqual([
      false,
      false,
      true,
    ]);
    const renamed = rename(frozen(state('de')), 0, 'Held');
    expect(['gb', 'de', 'fr'].map((c) => componentsOf(renamed, c as CountryCode)[0]?.name)).toEqual([
      'Banner Banner-gb',
      'Held',
      'Banner Banner-fr',
    ]);
  });

  it('change nothing else', () => {
    const after = setHidden(state('gb'), 1, true);
    expect({ ...componentsOf(after, 'de')[1], hidden: false }).toEqual(componentsOf(state(), 'de')[1]);
    expect(componentsOf(after, 'de')[0]).toEqual(componentsOf(state(), 'de')[0]);
  });
});

describe('addComponent', () => {
  const added = component('Video', 'Video0123456789', { content: { title: 'Watch', nested: { list: [1, 2] } } });

  it('on the primary adds a deep copy to every country, at the index, with the same identifier', () => {
    const { state: after, reason } = addComponent(frozen(state('gb')), added, 1);
    expect(reason).toBeNull();
    for (const country of ['gb', 'de', 'fr'] as const) {
      expect(types(after, country)).toEqual(['Banner', 'Video', 'Carousel', 'Text']);
      expect(componentsOf(after, country)[1]).toEqual(added);
    }
    const de = componentsOf(after, 'de')[1]!;
    const fr = componentsOf(after, 'fr')[1]!;
    expect(de).not.toBe(added);
    expect(de.content).not.toBe(fr.content);
    expect(de.content.nested).not.toBe(added.content.nested);
  });

  it('appends when no index is given and clamps an index past the end', () => {
    expect(types(addComponent(state(), added).state, 'de')).toEqual(['Banner', 'Carousel', 'Text', 'Video']);
    expect(types(addComponent(state(), added, 99).state, 'fr')).toEqual(['Banner', 'Carousel', 'Text', 'Video']);
    expect(types(addComponent(state(), added, -4).state, 'fr')).toEqual(['Video', 'Banner', 'Carousel', 'Text']);
  });

  it('gives a copy a fresh identifier where that identifier is already taken', () => {
    const clash = component('Banner', 'Banner-de');
    const { state: after } = addComponent(state('gb'), clash, 0, { randomBytes: (n) => new Uint8Array(n) });
    expect(componentsOf(after, 'gb')[0]?._identifier).toBe('Banner-de');
    const deId = componentsOf(after, 'de')[0]!._identifier;
    expect(deId).toBe(`Banner${'a'.repeat(IDENTIFIER_SUFFIX_LENGTH)}`);
    expect(new Set(ids(after, 'de')).size).toBe(4);
  });

  it('on a secondary is refused, the state unchanged', () => {
    const s = state('de');
    const outcome = addComponent(s, added, 0);
    expect(outcome.state).toBe(s);
    expect(outcome.reason).toBe(ONLY_PRIMARY_ADDS);
  });
});

describe('removeComponent', () => {
  it('on the primary removes the same index from every country', () => {
    const { state: after, reason } = removeComponent(frozen(state('gb')), 1);
    expect(reason).toBeNull();
    expect(ids(after, 'gb')).toEqual(['Banner-gb', 'Text-gb']);
    expect(ids(after, 'de')).toEqual(['Banner-de', 'Text-de']);
    expect(ids(after, 'fr')).toEqual(['Banner-fr', 'Text-fr']);
  });

  it('on a secondary is refused with a reason, the state unchanged', () => {
    const s = state('fr');
    const outcome = removeComponent(s, 1);
    expect(outcome.state).toBe(s);
    expect(outcome.reason).toBe(ONLY_PRIMARY_REMOVES);
  });

  it('refuses an index the primary does not have', () => {
    const s = state();
    const outcome = removeComponent(s, 3);
    expect(outcome.state).toBe(s);
    expect(outcome.reason).toMatch(/no component 4/);
  });
});

describe('syncSecondaries', () => {
  it('keeps secondaries of the same structure, their own content and identifiers included', () => {
    const s = withCountryComponents(
      state(),
      'de',
      page('de').map((c) => ({ ...c, content: { title: 'Deutsch' } })),
    );
    const { state: after, overwritten } = syncSecondaries(s);
    expect(overwritten).toEqual([]);
    expect(after).toBe(s);
  });

  it('overwrites a secondary of another length or another type at an index with the primary', () => {
    let s = withCountryComponents(state(), 'de', page('de').slice(0, 2));
    s = withCountryComponents(s, 'fr', [page('fr')[0]!, component('Video', 'Video-fr'), page('fr')[2]!]);
    const { state: after, overwritten } = syncSecondaries(frozen(s));
    expect(overwritten).toEqual(['de', 'fr']);
    expect(componentsOf(after, 'de')).toEqual(componentsOf(s, 'gb'));
    expect(componentsOf(after, 'fr')).toEqual(componentsOf(s, 'gb'));
    // Deep copies: editing the copy cannot change the primary.
    expect(componentsOf(after, 'de')[0]).not.toBe(componentsOf(s, 'gb')[0]);
    expect(componentsOf(after, 'de')[0]?.content).not.toBe(componentsOf(after, 'fr')[0]?.content);
  });

  it('reports only the countries it replaced', () => {
    const s = withCountryComponents(state(), 'fr', []);
    const { state: after, overwritten } = syncSecondaries(s);
    expect(overwritten).toEqual(['fr']);
    expect(componentsOf(after, 'de')).toBe(componentsOf(s, 'de'));
  });

  it('compares structure by _component at each index', () => {
    expect(sameStructure(page('gb'), page('de'))).toBe(true);
    expect(sameStructure(page('gb'), page('de').reverse())).toBe(false);
    expect(sameStructure([], [])).toBe(true);
  });
});

describe('switchCountry', () => {
  it('first saves the current components into the selected country, then selects the new one', () => {
    const edited = page('gb').map((c) => ({ ...c, name: `${c.name} edited` }));
    const after = switchCountry(frozen(state('gb')), 'de', edited);
    expect(after.selected).toBe('de');
    expect(componentsOf(after, 'gb')).toEqual(edited);
    expect(componentsOf(after, 'gb')).not.toBe(edited);
    expect(componentsOf(after, 'de')).toEqual(page('de'));
  });

  it('works from a secondary too', () => {
    const edited = page('fr').slice(0, 1);
    const after = switchCountry(state('fr'), 'gb', edited);
    expect(after.selected).toBe('gb');
    expect(componentsOf(after, 'fr')).toEqual(edited);
    expect(componentsOf(after, 'gb')).toEqual(page('gb'));
  });

  it('throws for a country that is not being edited', () => {
    expect(() => switchCountry(state(), 'es', [])).toThrow(/Spain is not one of the countries/);
  });
});

describe('applyEdit', () => {
  it('runs each structural edit through its rule', () => {
    const added = applyEdit(frozen(state('gb')), { kind: 'add', component: component('Video', 'Video-1'), index: 1 });
    expect(types(added.state, 'fr')).toEqual(['Banner', 'Video', 'Carousel', 'Text']);
    expect(
      applyEdit(state('gb'), { kind: 'remove', index: 0 }).state.entries.every(
        (entry) => entry.components.length === 2,
      ),
    ).toBe(true);
    expect(types(applyEdit(state('gb'), { kind: 'move', from: 2, to: 0 }).state, 'de')).toEqual([
      'Text',
      'Banner',
      'Carousel',
    ]);
    expect(componentsOf(applyEdit(state('gb'), { kind: 'hide', index: 1, hidden: true }).state, 'fr')[1]?.hidden).toBe(
      true,
    );
    expect(componentsOf(applyEdit(state('de'), { kind: 'rename', index: 0, name: 'Held' }).state, 'gb')[0]?.name).toBe(
      'Banner Banner-gb',
    );
    expect(
      componentsOf(applyEdit(state('de'), { kind: 'classes', index: 0, classes: ['wide'] }).state, 'gb')[0]?.classes,
    ).toEqual(['wide']);
  });

  it('passes on the refusals of the rules for a secondary', () => {
    const s = frozen(state('de'));
    expect(applyEdit(s, { kind: 'add', component: component('Video', 'V'), index: 0 }).reason).toBe(ONLY_PRIMARY_ADDS);
    expect(applyEdit(s, { kind: 'remove', index: 0 }).reason).toBe(ONLY_PRIMARY_REMOVES);
    expect(applyEdit(s, { kind: 'move', from: 0, to: 1 }).reason).toBe(ONLY_PRIMARY_REORDERS);
  });

  it('replace on the primary overwrites the secondaries whose structure no longer matches, and says which', () => {
    const shorter = page('gb').slice(0, 2);
    const outcome = applyEdit(frozen(state('gb')), { kind: 'replace', components: shorter });
    expect(outcome.reason).toBeNull();
    expect(outcome.overwritten).toEqual(['de', 'fr']);
    expect(ids(outcome.state, 'fr')).toEqual(['Banner-gb', 'Carousel-gb']);
  });

  it('replace on the primary with the same structure keeps the secondaries (their translations)', () => {
    const retitled = page('gb').map((c) => ({ ...c, content: { title: 'New' } }));
    const outcome = applyEdit(state('gb'), { kind: 'replace', components: retitled });
    expect(outcome.overwritten).toEqual([]);
    expect(ids(outcome.state, 'de')).toEqual(ids(state(), 'de'));
  });

  it('replace on a secondary takes new content but not a new structure', () => {
    const s = frozen(state('de'));
    const retitled = page('de').map((c) => ({ ...c, content: { title: 'Neu' } }));
    const ok = applyEdit(s, { kind: 'replace', components: retitled });
    expect(componentsOf(ok.state, 'de')[0]?.content).toEqual({ title: 'Neu' });
    expect(componentsOf(ok.state, 'gb')).toBe(componentsOf(s, 'gb'));
    const refused = applyEdit(s, { kind: 'replace', components: page('de').slice(1) });
    expect(refused.reason).toBe(ONLY_PRIMARY_RESTRUCTURES);
    expect(refused.state).toBe(s);
  });
});
