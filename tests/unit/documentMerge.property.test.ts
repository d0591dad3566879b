import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../core/catalogue';
import { stableStringify } from '../../core/rules/hash';
import {
  MergeDocumentSchema,
  mergeDocuments,
  resolveConflicts,
  type ConflictChoice,
  type MergeDocument,
  type MergeResult,
} from '../../core/rules/merge/documentMerge';
import { parsePath } from '../../core/rules/merge/paths';
import { ComponentListSchema, emptyPageMeta, type Component } from '../../core/schemas';

/**
 * Random pages of real catalogue components and random edits, each edit with its footprint: the path it
 * changes, as this file spells paths (independently of the merge's own): ['m', ...page field path] or
 * ['c', identifier, ...field path], a list item being ['#' + its id] in a list whose items all have a distinct
 * `_identifier` or `id`, else its index. A structural edit of a list by position (append, remove) changes the
 * whole list; a component's move changes ['order'].
 */
type Segment = string | number;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function keyOfItems(list: readonly unknown[]): string | null {
  for (const key of ['_identifier', 'id']) {
    const ids = list.map((item) => (isRecord(item) ? item[key] : undefined));
    if (list.length > 0 && ids.every((id) => typeof id === 'string' && id !== '') && new Set(ids).size === ids.length) {
      return key;
    }
  }
  return null;
}

/** A place in a document: where it is (from the document's root) and its path as footprints spell it. */
interface Place {
  where: Segment[];
  path: Segment[];
  value: unknown;
}

function places(document: MergeDocument): Place[] {
  const found: Place[] = [];
  const walk = (value: unknown, where: Segment[], path: Segment[]) => {
    found.push({ where, path, value });
    if (Array.isArray(value)) {
      const key = keyOfItems(value);
      value.forEach((item, index) => {
        const step = key === null ? index : `#${(item as Record<string, string>)[key]}`;
        walk(item, [...where, index], [...path, step]);
      });
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value)) walk(item, [...where, key], [...path, key]);
    }
  };
  walk(document.meta, ['meta'], ['m']);
  document.components.forEach((component, index) => {
    const { _identifier: identifier, ...fields } = component;
    walk(fields, ['components', index], ['c', identifier]);
  });
  return found;
}

const isLeaf = (value: unknown) =>
  !(Array.isArray(value) && value.length > 0) && !(isRecord(value) && Object.keys(value).length > 0);

/** Every leaf (a scalar, an empty list or record) by its path: what "a path changed" means here. */
function leaves(document: MergeDocument): Map<string, string> {
  return new Map(
    places(document)
      .filter((place) => isLeaf(place.value))
      .map((place) => [JSON.stringify(place.path), stableStringify(place.value)]),
  );
}

function parentOf(document: MergeDocument, where: readonly Segment[]): Record<Segment, unknown> {
  return where
    .slice(0, -1)
    .reduce<unknown>((value, segment) => (value as Record<Segment, unknown>)[segment], document) as Record<
    Segment,
    unknown
  >;
}

type Edit =
  | { kind: 'set'; pick: number; choice: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'add'; template: number; at: number }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'append'; pick: number }
  | { kind: 'removeItem'; pick: number; item: number };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), choice: fc.nat(3) }) },
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), template: fc.nat(CATALOGUE.length - 1), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeItem' as const), pick: fc.nat(), item: fc.nat() }),
);

const NOT_EDITED = new Set(['_component', '_identifier', 'id']);
const TEXTS = ['Sale', 'New in', '<p>Hello</p>', ''];

function newComponent(template: number, identifier: string): Component {
  const entry = CATALOGUE[template]!;
  return {
    _component: entry.data._component,
    _identifier: identifier,
    name: entry.name,
    hidden: false,
    classes: [],
    content: structuredClone(entry.data.content),
  };
}

/** `document` with `edits` applied by side `side` (which names what it adds), and the footprints of the edits. */
function applyEdits(document: MergeDocument, edits: readonly Edit[], side: string) {
  const draft = structuredClone(document);
  const footprints: Segment[][] = [];
  edits.forEach((edit, count) => {
    const all = places(draft);
    const components = draft.components;
    if (edit.kind === 'set') {
      const editable = all.filter(
        (place) =>
          ['string', 'number', 'boolean'].includes(typeof place.value) && !NOT_EDITED.has(String(place.path.at(-1))),
      );
      const place = editable[edit.pick % editable.length];
      if (place === undefined) return;
      const next =
        typeof place.value === 'boolean'
          ? !place.value
          : typeof place.value === 'number'
            ? place.value + edit.choice + 1
            : TEXTS[edit.choice];
      parentOf(draft, place.where)[place.where.at(-1)!] = next;
      footprints.push(place.path);
    } else if (edit.kind === 'remove' && components.length > 0) {
      const [removed] = components.splice(edit.pick % components.length, 1);
      footprints.push(['c', removed!._identifier]);
    } else if (edit.kind === 'add') {
      const identifier = `${side}-added-${count}`;
      components.splice(edit.at % (components.length + 1), 0, newComponent(edit.template, identifier));
      footprints.push(['c', identifier]);
    } else if (edit.kind === 'move' && components.length > 1) {
      const [moved] = components.splice(edit.pick % components.length, 1);
      components.splice(edit.to % (components.length + 1), 0, moved!);
      footprints.push(['order']);
    } else if (edit.kind === 'append' || edit.kind === 'removeItem') {
      const lists = all.filter(
        (place) => Array.isArray(place.value) && place.value.length > 0 && place.path[0] === 'c',
      );
      const list = lists[edit.pick % lists.length];
      if (list === undefined) return;
      const items = list.value as unknown[];
      const key = keyOfItems(items);
      if (edit.kind === 'append') {
        const item = structuredClone(items.at(-1));
        if (key !== null) (item as Record<string, unknown>)[key] = `${side}-item-${count}`;
        items.push(item);
        footprints.push(key === null ? list.path : [...list.path, `#${side}-item-${count}`]);
      } else {
        const [removed] = items.splice(edit.item % items.length, 1);
        footprints.push(key === null ? list.path : [...list.path, `#${(removed as Record<string, string>)[key]}`]);
      }
    }
  });
  return { document: draft, footprints };
}

const isPrefix = (a: readonly Segment[], b: readonly Segment[]) => a.every((segment, index) => b[index] === segment);
const overlap = (a: readonly Segment[][], b: readonly Segment[][]) =>
  a.some((one) => b.some((other) => isPrefix(one, other) || isPrefix(other, one)));

const pageArbitrary: fc.Arbitrary<MergeDocument> = fc
  .record({
    templates: fc.array(fc.nat(CATALOGUE.length - 1), { minLength: 1, maxLength: 5 }),
    category: fc.constantFrom('', 'Trainers'),
  })
  .map(({ templates, category }) => ({
    meta: { ...emptyPageMeta(), category, stylesheets: ['/base.css'] },
    components: templates.map((template, index) => newComponent(template, `base-${index}`)),
  }));
const editsArbitrary = fc.array(editArbitrary, { minLength: 1, maxLength: 4 });

/** The paths each conflict settles, in footprint spelling: read in the merge with every removed item put back. */
function conflictScopes(result: MergeResult): Segment[][] {
  const putBack: Record<string, ConflictChoice> = Object.fromEntries(
    result.conflicts
      .filter((conflict) => conflict.mine === undefined)
      .map((conflict) => [conflict.id, { take: 'theirs' }]),
  );
  const kept = resolveConflicts(result, putBack);
  const byWhere = new Map(places(kept).map((place) => [JSON.stringify(place.where), place.path]));
  return result.conflicts.map((conflict) => {
    if (conflict.component === undefined) return ['m', ...parsePath(conflict.path)];
    const identifier = conflict.component.identifier;
    if (conflict.kind === 'removed-and-edited') return ['c', identifier];
    const index = kept.components.findIndex((component) => component._identifier === identifier);
    const path = byWhere.get(JSON.stringify(['components', index, ...parsePath(conflict.path)]));
    if (path === undefined) throw new Error(`conflict ${conflict.id} names no place`);
    return path;
  });
}

function expectValid(document: MergeDocument): void {
  expect(MergeDocumentSchema.safeParse(document).success).toBe(true);
  expect(ComponentListSchema.safeParse(document.components).success).toBe(true);
}

describe('mergeDocuments on random pages and random edits', () => {
  it('gives mine when theirs is the base, theirs when mine is, and either when both made the same edits', () => {
    fc.assert(
      fc.property(pageArbitrary, editsArbitrary, (base, edits) => {
        const { document: changed } = applyEdits(base, edits, 'x');
        for (const [theirs, mine] of [
          [base, changed],
          [changed, base],
          [changed, structuredClone(changed)],
        ] as const) {
          const result = mergeDocuments(base, theirs, mine);
          expect(result.conflicts).toEqual([]);
          expect(result.document).toEqual(changed === theirs ? theirs : mine);
        }
      }),
    );
  });

  it('merges edits to different paths to the same page in either order, without conflicts', () => {
    fc.assert(
      fc.property(pageArbitrary, editsArbitrary, editsArbitrary, (base, theirEdits, myEdits) => {
        const theirs = applyEdits(base, theirEdits, 'theirs');
        const mine = applyEdits(base, myEdits, 'mine');
        fc.pre(!overlap(theirs.footprints, mine.footprints));
        const oneWay = mergeDocuments(base, theirs.document, mine.document);
        const otherWay = mergeDocuments(base, mine.document, theirs.document);
        expect(oneWay.conflicts).toEqual([]);
        expect(otherWay.conflicts).toEqual([]);
        expect(oneWay.document).toEqual(otherWay.document);
      }),
    );
  });

  it('loses no change: a path changed on one side holds its value; one changed two ways is in a conflict, and a conflict is a change on both sides', () => {
    fc.assert(
      fc.property(pageArbitrary, editsArbitrary, editsArbitrary, (base, theirEdits, myEdits) => {
        const theirs = applyEdits(base, theirEdits, 'theirs').document;
        const mine = applyEdits(base, myEdits, 'mine').document;
        const result = mergeDocuments(base, theirs, mine);
        for (const conflict of result.conflicts) {
          expect(stableStringify(conflict.mine)).not.toBe(stableStringify(conflict.base));
          expect(stableStringify(conflict.theirs)).not.toBe(stableStringify(conflict.base));
          expect(stableStringify(conflict.theirs)).not.toBe(stableStringify(conflict.mine));
        }
        const scopes = conflictScopes(result);
        const [baseLeaves, theirLeaves, myLeaves, mergedLeaves] = [
          leaves(base),
          leaves(theirs),
          leaves(mine),
          leaves(result.document),
        ];
        for (const key of new Set([...baseLeaves.keys(), ...theirLeaves.keys(), ...myLeaves.keys()])) {
          const path = JSON.parse(key) as Segment[];
          // Settled by a conflict: a path inside one, or an emptied list or record around one (its items clash).
          const settled = scopes.some((scope) => isPrefix(scope, path) || isPrefix(path, scope));
          const theirsChanged = theirLeaves.get(key) !== baseLeaves.get(key);
          const mineChanged = myLeaves.get(key) !== baseLeaves.get(key);
          // Changed two ways is a conflict, never settled silently.
          if (theirsChanged && mineChanged && theirLeaves.get(key) !== myLeaves.get(key))
            expect([key, settled]).toEqual([key, true]);
          if (settled) continue;
          if (theirsChanged && !mineChanged) expect([key, mergedLeaves.get(key)]).toEqual([key, theirLeaves.get(key)]);
          if (mineChanged && !theirsChanged) expect([key, mergedLeaves.get(key)]).toEqual([key, myLeaves.get(key)]);
        }
      }),
    );
  });

  it('always gives a page the schema accepts, before and after its conflicts are resolved either way', () => {
    fc.assert(
      fc.property(
        pageArbitrary,
        editsArbitrary,
        editsArbitrary,
        fc.boolean(),
        (base, theirEdits, myEdits, takeTheirs) => {
          const result = mergeDocuments(
            base,
            applyEdits(base, theirEdits, 'theirs').document,
            applyEdits(base, myEdits, 'mine').document,
          );
          expectValid(result.document);
          const choice: ConflictChoice = { take: takeTheirs ? 'theirs' : 'mine' };
          expectValid(
            resolveConflicts(result, Object.fromEntries(result.conflicts.map((conflict) => [conflict.id, choice]))),
          );
        },
      ),
    );
  });
});
