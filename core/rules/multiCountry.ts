import { COUNTRY_CODES, countryName, type CountryCode } from '../countries';
import type { Component, MultiCountryContent } from '../schemas';
import { newIdentifier, type RandomBytes } from './identifier';

/**
 * Multi-country editing (editor spec §2, §4, §6) as pure functions over one state. Every function returns a
 * new state and never mutates its input; components copied from one country to another are deep copies, so
 * editing one country's copy can never change another's.
 *
 * Matching across countries is by index, never by _identifier: pages of different countries are saved
 * separately and their identifiers may differ (each was created on its own, or loaded from its own saved
 * page), while their order is what the editor sees and what syncSecondaries keeps aligned with the primary.
 */

/** Review save handles at most three pages (spec §4, §9): the primary country plus two others. */
export const MAX_REVIEW_PAGES = 3;

export interface CountryEntry {
  country: CountryCode;
  components: Component[];
}

export interface MultiCountryState {
  /** The country whose structure the others follow; the only one that may add or remove components. */
  primary: CountryCode;
  /** The country being edited now. */
  selected: CountryCode;
  /** One entry per country, the primary among them; at most MAX_REVIEW_PAGES. */
  entries: CountryEntry[];
}

/** The answer of a rule that may refuse: the state (unchanged when refused) and why it was refused. */
export interface RuleOutcome {
  state: MultiCountryState;
  /** null when the change was made. */
  reason: string | null;
}

export const ONLY_PRIMARY_ADDS = 'Components can only be added on the primary country.';
export const ONLY_PRIMARY_REMOVES = 'Components can only be removed on the primary country.';
export const ONLY_PRIMARY_REORDERS =
  'Components can only be reordered on the primary country; the other countries follow its order.';
export const ONLY_PRIMARY_RESTRUCTURES =
  'Only the primary country may add, remove, reorder or change the type of components; edit the content of these ones instead.';

const isKnownCountry = (code: string): boolean => (COUNTRY_CODES as readonly string[]).includes(code);

/**
 * Why a choice of countries for multi-country editing cannot be used, or null when it can. At most
 * MAX_REVIEW_PAGES pages, so at most two countries besides the primary; no country twice. Picking no other
 * country is allowed: that is single-country editing.
 */
export function pickCountriesError(primary: CountryCode, others: readonly CountryCode[]): string | null {
  for (const code of [primary, ...others]) {
    if (!isKnownCountry(code)) return `'${code}' is not a known country code.`;
  }
  if (others.includes(primary)) {
    return `${countryName(primary)} is already the primary country; pick other countries beside it.`;
  }
  const twice = others.find((code, index) => others.indexOf(code) !== index);
  if (twice) return `${countryName(twice)} is picked twice.`;
  const maxOthers = MAX_REVIEW_PAGES - 1;
  if (others.length > maxOthers) {
    return (
      `Review and save handle at most ${MAX_REVIEW_PAGES} pages: the primary country and up to ${maxOthers} others. ` +
      `You picked ${others.length} others; remove ${others.length - maxOthers}.`
    );
  }
  return null;
}

/** Why a state breaks the invariants above, or null when it is sound. */
export function multiCountryStateError(state: MultiCountryState): string | null {
  const countries = state.entries.map((entry) => entry.country);
  if (!countries.includes(state.primary)) return `The primary country ${state.primary} has no entry.`;
  if (!countries.includes(state.selected)) return `The selected country ${state.selected} has no entry.`;
  if (countries.filter((country) => country === state.primary).length > 1)
    return `${countryName(state.primary)} has two entries.`;
  return pickCountriesError(
    state.primary,
    countries.filter((country) => country !== state.primary),
  );
}

/**
 * The state for a loaded multi-country content (schemas.ts MultiCountryContent), editing `selected`
 * (the primary by default). Throws a RangeError when the content breaks the invariants.
 */
export function stateFromContent(
  content: MultiCountryContent,
  selected: CountryCode = content.primary,
): MultiCountryState {
  const state: MultiCountryState = {
    primary: content.primary,
    selected,
    entries: content.entries.map((entry) => ({ country: entry.country, components: entry.content })),
  };
  const error = multiCountryStateError(state);
  if (error) throw new RangeError(error);
  return state;
}

/** The inverse of stateFromContent: what is stored and sent. */
export function contentFromState(state: MultiCountryState): MultiCountryContent {
  return {
    primary: state.primary,
    entries: state.entries.map((entry) => ({ country: entry.country, content: entry.components })),
  };
}

export const isPrimarySelected = (state: MultiCountryState): boolean => state.selected === state.primary;

/** Adding and removing components is for the primary country only (spec §2, §6). */
export function canAddOrRemove(state: MultiCountryState): boolean {
  return isPrimarySelected(state);
}

/** The components of one country; [] for a country without an entry. */
export function componentsOf(state: MultiCountryState, country: CountryCode): Component[] {
  return state.entries.find((entry) => entry.country === country)?.components ?? [];
}

/** The state with one country's components replaced (e.g. after translating them). */
export function withCountryComponents(
  state: MultiCountryState,
  country: CountryCode,
  components: Component[],
): MultiCountryState {
  return {
    ...state,
    entries: state.entries.map((entry) =>
      entry.country === country ? { country, components: [...components] } : entry,
    ),
  };
}

/** Applies `change` to the components of the countries `which` picks; the others keep their arrays. */
function mapEntries(
  state: MultiCountryState,
  which: (entry: CountryEntry) => boolean,
  change: (components: Component[]) => Component[],
): MultiCountryState {
  return {
    ...state,
    entries: state.entries.map((entry) =>
      which(entry) ? { country: entry.country, components: change(entry.components) } : entry,
    ),
  };
}

/** On the primary: every country. On a secondary: that country only. */
function primaryOrSelected(state: MultiCountryState): (entry: CountryEntry) => boolean {
  return isPrimarySelected(state) ? () => true : (entry) => entry.country === state.selected;
}

const isIndexIn = (components: readonly Component[], index: number): boolean =>
  Number.isInteger(index) && index >= 0 && index < components.length;

/** One component at `index` changed by `update`; out-of-range indices leave the list as it is. */
function updateAt(components: Component[], index: number, update: (component: Component) => Component): Component[] {
  if (!isIndexIn(components, index)) return components;
  return components.map((component, at) => (at === index ? update(component) : component));
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const moved = [...list];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

/**
 * Drags a component from `from` to `to` (spec §4). On the primary the same move is made in every other
 * country, matched by index (see the note at the top). A secondary whose list is too short for either index
 * is left as it is rather than guessed at: its structure already differs, and syncSecondaries is what
 * realigns it. Invalid indices for the selected country: no change, no reason.
 *
 * Ambiguous in the spec, which speaks only of dragging on the primary: a secondary may not reorder. Its order
 * is structure, which the primary owns (it alone adds and removes); a secondary reordered on its own would
 * differ from the primary and be overwritten by syncSecondaries, translations and all, the next time.
 */
export function reorder(state: MultiCountryState, from: number, to: number): RuleOutcome {
  const selected = componentsOf(state, state.selected);
  if (!isIndexIn(selected, from) || !isIndexIn(selected, to) || from === to) return { state, reason: null };
  if (!isPrimarySelected(state)) return { state, reason: ONLY_PRIMARY_REORDERS };
  const next = mapEntries(
    state,
    () => true,
    (components) =>
      isIndexIn(components, from) && isIndexIn(components, to) ? move(components, from, to) : components,
  );
  return { state: next, reason: null };
}

/**
 * Apply Classes (spec §4): the classes of the component at `index` are copied to the component at the same
 * index in every country, whichever country is selected (the spec says "on one country", not "on the
 * primary"). Each country gets its own array.
 */
export function applyClasses(state: MultiCountryState, index: number, classes: readonly string[]): MultiCountryState {
  if (!isIndexIn(componentsOf(state, state.selected), index)) return state;
  return mapEntries(
    state,
    () => true,
    (components) => updateAt(components, index, (component) => ({ ...component, classes: [...classes] })),
  );
}

/** Hide Component (spec §4): on the primary every country, on a secondary only that one. */
export function setHidden(state: MultiCountryState, index: number, hidden: boolean): MultiCountryState {
  if (!isIndexIn(componentsOf(state, state.selected), index)) return state;
  return mapEntries(state, primaryOrSelected(state), (components) =>
    updateAt(components, index, (component) => ({ ...component, hidden })),
  );
}

/**
 * Update Name (spec §4): on the primary every country, on a secondary only that one. Names are not made
 * unique here: the name field is what the editor typed, and the caller validates it before calling.
 */
export function rename(state: MultiCountryState, index: number, name: string): MultiCountryState {
  if (!isIndexIn(componentsOf(state, state.selected), index)) return state;
  return mapEntries(state, primaryOrSelected(state), (components) =>
    updateAt(components, index, (component) => ({ ...component, name })),
  );
}

export interface AddOptions {
  /** Injected so tests can predict the identifiers made for collisions. */
  randomBytes?: RandomBytes;
}

/**
 * Add Component (spec §4, §6): only on the primary; the component is inserted at `index` (clamped to each
 * list, so the end by default) in every country, each country getting its own deep copy of the primary's
 * content.
 *
 * Choice: every country keeps the SAME _identifier. It is one block added once, the identifier only has to
 * be unique within one country's list (each country is saved as its own page), and syncSecondaries copies
 * the primary's identifiers the same way, so a page that was added to or synced looks the same. Should the
 * identifier already be taken in a country's list (a hand-made component), that copy gets a fresh one from
 * newIdentifier so the list stays valid.
 */
export function addComponent(
  state: MultiCountryState,
  component: Component,
  index?: number,
  options: AddOptions = {},
): RuleOutcome {
  if (!canAddOrRemove(state)) return { state, reason: ONLY_PRIMARY_ADDS };
  const next = mapEntries(
    state,
    () => true,
    (components) => {
      const copy = structuredClone(component);
      if (components.some((existing) => existing._identifier === copy._identifier)) {
        copy._identifier = newIdentifier(copy._component, options.randomBytes);
      }
      const at = index === undefined ? components.length : Math.min(Math.max(0, Math.trunc(index)), components.length);
      return [...components.slice(0, at), copy, ...components.slice(at)];
    },
  );
  return { state: next, reason: null };
}

/**
 * Remove Component (spec §4, §6): only on the primary; the same index is removed from every country that
 * has it. On a secondary the state is returned unchanged with the reason.
 */
export function removeComponent(state: MultiCountryState, index: number): RuleOutcome {
  if (!canAddOrRemove(state)) return { state, reason: ONLY_PRIMARY_REMOVES };
  if (!isIndexIn(componentsOf(state, state.primary), index))
    return { state, reason: `There is no component ${index + 1}.` };
  const next = mapEntries(
    state,
    () => true,
    (components) => (isIndexIn(components, index) ? components.filter((_, at) => at !== index) : components),
  );
  return { state: next, reason: null };
}

/** Same structure: the same number of components and the same _component at every index. */
export function sameStructure(a: readonly Component[], b: readonly Component[]): boolean {
  return a.length === b.length && a.every((component, index) => component._component === b[index]?._component);
}

/**
 * Spec §4: a secondary whose component list differs in structure from the primary's (another length, or
 * another _component at some index) is overwritten with a deep copy of the primary's components, identifiers
 * included. Only the structure is compared: a secondary that differs in content (its own texts, its own
 * identifiers) is its translation and is kept. `overwritten` lists the countries replaced, in entry order,
 * for the "lists were overwritten" modal.
 */
export function syncSecondaries(state: MultiCountryState): { state: MultiCountryState; overwritten: CountryCode[] } {
  const primary = componentsOf(state, state.primary);
  const overwritten = state.entries
    .filter((entry) => entry.country !== state.primary && !sameStructure(primary, entry.components))
    .map((entry) => entry.country);
  if (overwritten.length === 0) return { state, overwritten };
  const next = mapEntries(
    state,
    (entry) => overwritten.includes(entry.country),
    () => structuredClone(primary),
  );
  return { state: next, overwritten };
}

/**
 * Switching country (spec §4): first the components being edited are saved into the selected country's entry,
 * then `to` is selected. Switching to a country without an entry is a programming error (the selector only
 * offers the entries): it throws a RangeError.
 */
export function switchCountry(
  state: MultiCountryState,
  to: CountryCode,
  currentComponents: readonly Component[],
): MultiCountryState {
  if (!state.entries.some((entry) => entry.country === to)) {
    throw new RangeError(`${countryName(to)} is not one of the countries being edited.`);
  }
  return { ...withCountryComponents(state, state.selected, [...currentComponents]), selected: to };
}

/** One change of a country's component list that the other countries may have to follow (spec §4). */
export type StructuralEdit =
  | { kind: 'add'; component: Component; index: number }
  | { kind: 'remove'; index: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'hide'; index: number; hidden: boolean }
  | { kind: 'rename'; index: number; name: string }
  | { kind: 'classes'; index: number; classes: readonly string[] }
  /** The whole list at once, as the JSON editor of the options panel writes it. */
  | { kind: 'replace'; components: readonly Component[] };

export interface EditOutcome extends RuleOutcome {
  /** Secondaries overwritten with the primary's content by the edit (a 'replace' that changed the structure). */
  overwritten: CountryCode[];
}

/**
 * One edit of the selected country, with its consequences for the others, by the rules above. What the
 * editor calls for every structural edit, so the rules live here once.
 *
 * 'replace' (not in the spec, which has the JSON area re-emit the list): on the primary the new list is taken
 * and any secondary whose structure now differs is overwritten by syncSecondaries, which the modal reports;
 * on a secondary the new list must keep the primary's structure, since only the primary adds and removes.
 */
export function applyEdit(state: MultiCountryState, edit: StructuralEdit): EditOutcome {
  const unchanged = (outcome: RuleOutcome): EditOutcome => ({ ...outcome, overwritten: [] });
  switch (edit.kind) {
    case 'add':
      return unchanged(addComponent(state, edit.component, edit.index));
    case 'remove':
      return unchanged(removeComponent(state, edit.index));
    case 'move':
      return unchanged(reorder(state, edit.from, edit.to));
    case 'hide':
      return unchanged({ state: setHidden(state, edit.index, edit.hidden), reason: null });
    case 'rename':
      return unchanged({ state: rename(state, edit.index, edit.name), reason: null });
    case 'classes':
      return unchanged({ state: applyClasses(state, edit.index, edit.classes), reason: null });
    case 'replace': {
      const components = [...edit.components];
      if (!isPrimarySelected(state)) {
        if (!sameStructure(componentsOf(state, state.primary), components))
          return { state, reason: ONLY_PRIMARY_RESTRUCTURES, overwritten: [] };
        return { state: withCountryComponents(state, state.selected, components), reason: null, overwritten: [] };
      }
      const synced = syncSecondaries(withCountryComponents(state, state.primary, components));
      return { state: synced.state, reason: null, overwritten: synced.overwritten };
    }
  }
}
