import { z } from 'zod';
import { ComponentListSchema, PageMetaSchema } from '../../schemas';
import type { Component, PageMeta } from '../../schemas';
import { diffComponents } from '../versionDiff';
import { formatPath, isRecord, parsePath, sameValue, type Segment } from './paths';
import { addedOnBoth, matchKeyed, mergeValue, sides, type Clash, type IsWhole } from './valueMerge';

/** What an editor edits and a save carries: the page's options, styles, scripts and its component list. */
export interface MergeDocument {
  meta: PageMeta;
  components: Component[];
}
export const MergeDocumentSchema = z.object({ meta: PageMetaSchema, components: ComponentListSchema });

export interface MergeConflict {
  /** Stable key of the clash, used to resolve it, e.g. 'meta.category', 'component:<identifier>' (removed on one
   *  side, edited on the other), 'component:<identifier>/content.title', 'component:<id>/content.slides[2]'. */
  id: string;
  kind: 'field' | 'removed-and-edited' | 'list-item';
  /** The component concerned (from mine, else theirs, else base); absent for a page field. */
  component?: { identifier: string; name: string; type: string };
  /** Readable path inside the component or the page, as versionDiff spells paths: 'content.title', 'category',
   *  'customStyles', 'content.slides[2]'. For 'removed-and-edited': '' (the whole component). */
  path: string;
  /** The value on each side; undefined where the side has none (a removed component or item). */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** For 'removed-and-edited': the component's place in the merged list were it kept, where resolving it for
   *  the side that kept it puts it (mine, holding a removal, does not have it). */
  at?: number;
}
export const MergeConflictSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['field', 'removed-and-edited', 'list-item']),
  component: z.object({ identifier: z.string(), name: z.string(), type: z.string() }).optional(),
  path: z.string(),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
  at: z.number().int().nonnegative().optional(),
});

export interface MergeResult {
  /** Every one-sided change applied, each change made the same on both sides once; every conflict holds MINE
   *  until resolved. Always passes MergeDocumentSchema. */
  document: MergeDocument;
  conflicts: MergeConflict[];
  /** How many changes each side made against base (a changed field path, an added, removed or moved
   *  component, a changed page field), for "your 3 changes and their 2". */
  changes: { mine: number; theirs: number };
}
export const MergeResultSchema = z.object({
  document: MergeDocumentSchema,
  conflicts: z.array(MergeConflictSchema),
  changes: z.object({ mine: z.number().int().nonnegative(), theirs: z.number().int().nonnegative() }),
});

export type ConflictChoice = { take: 'mine' } | { take: 'theirs' } | { value: unknown };
export const ConflictChoiceSchema = z.union([
  z.strictObject({ take: z.enum(['mine', 'theirs']) }),
  z.strictObject({ value: z.unknown() }),
]);

/**
 * The three-way merge of a page (issue 23). Components are matched by `_identifier` and merged field by field
 * down to list items and scalar values (valueMerge.ts); their order merges as listOrder.ts says. Page fields
 * merge by the same rules. Conflict paths count list items by their place in the merged list with every
 * clashing item kept (what resolveConflicts rebuilds).
 */
export function mergeDocuments(base: MergeDocument, theirs: MergeDocument, mine: MergeDocument): MergeResult {
  const meta = mergeValue(base.meta, theirs.meta, mine.meta, [], () => false);
  const conflicts = meta.clashes.map((clash) => conflictOf(clash, `meta.${formatPath(clash.path)}`));
  const components: Component[] = [];
  const entries = matchKeyed(base.components, theirs.components, mine.components, (item) => item._identifier);
  entries.forEach((entry, at) => {
    const shown = (entry.mine ?? entry.theirs ?? entry.base) as Component;
    const component = { identifier: entry.key, name: shown.name, type: shown._component };
    const id = `component:${entry.key}`;
    if (entry.removedAndEdited) {
      conflicts.push({ id, kind: 'removed-and-edited', component, path: '', ...sides(entry), at });
      if (entry.mine !== undefined) components.push(entry.mine);
      return;
    }
    const merged = mergeValue(entry.base ?? addedOnBoth(entry), entry.theirs, entry.mine, [], isWholeComponentField);
    components.push(merged.value as Component);
    conflicts.push(
      ...merged.clashes.map((clash) => ({ ...conflictOf(clash, `${id}/${formatPath(clash.path)}`), component })),
    );
  });
  return {
    // A copy: the merge shares values with its inputs, which a draft store may change later.
    document: structuredClone({ meta: meta.value as PageMeta, components }),
    conflicts,
    changes: { mine: countChanges(base, mine), theirs: countChanges(base, theirs) },
  };
}

/** A component's own fields compared as one value, as the version difference shows them. */
const WHOLE_COMPONENT_FIELDS = new Set<Segment>(['_component', 'name', 'hidden', 'classes']);
const isWholeComponentField: IsWhole = (path) => path.length === 1 && WHOLE_COMPONENT_FIELDS.has(path[0] as Segment);

function conflictOf(clash: Clash, id: string): MergeConflict {
  const kind = typeof clash.path.at(-1) === 'number' ? 'list-item' : 'field';
  return { id, kind, path: formatPath(clash.path), base: clash.base, mine: clash.mine, theirs: clash.theirs };
}

/** A changed field path, an added, removed or moved component (as History counts them), a changed page field. */
function countChanges(base: MergeDocument, side: MergeDocument): number {
  const componentChanges = diffComponents(base.components, side.components).reduce((count, entry) => {
    if (entry.status === 'changed') return count + entry.fields.length + (entry.moved ? 1 : 0);
    return count + (entry.status === 'unchanged' ? 0 : 1);
  }, 0);
  const metaKeys = Object.keys(PageMetaSchema.shape) as (keyof PageMeta)[];
  return componentChanges + metaKeys.filter((key) => !sameValue(base.meta[key], side.meta[key])).length;
}

/** Stands for an item to drop, while the places of the others still count it. */
const DROPPED = Object.freeze({ dropped: true });

/** The merged document with each conflict settled by its choice (a missing choice keeps mine). A { value }
 *  for a 'removed-and-edited' conflict is refused (throws); values are validated by MergeDocumentSchema. */
export function resolveConflicts(
  result: MergeResult,
  choices: Readonly<Record<string, ConflictChoice>>,
): MergeDocument {
  const document = structuredClone(result.document) as { meta: unknown; components: unknown[] };
  const chosen = (conflict: MergeConflict): unknown => {
    const choice = choices[conflict.id];
    if (choice === undefined) return conflict.mine;
    if ('value' in choice) {
      if (conflict.kind === 'removed-and-edited') {
        throw new Error(`A removed and edited component is kept or removed, never given a value (${conflict.id})`);
      }
      return choice.value;
    }
    return choice.take === 'mine' ? conflict.mine : conflict.theirs;
  };

  // What mine removed in a clash gets its place back first, outer lists before inner ones, so paths hold.
  const removedByMine = result.conflicts.filter((conflict) => conflict.mine === undefined);
  const components = removedByMine.filter((conflict) => conflict.kind === 'removed-and-edited');
  for (const conflict of components.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity))) {
    document.components.splice(conflict.at ?? document.components.length, 0, DROPPED);
  }
  const items = removedByMine
    .filter((conflict) => conflict.kind === 'list-item')
    .map((conflict) => ({ conflict, path: parsePath(conflict.path) }))
    .sort((a, b) => a.path.length - b.path.length || (a.path.at(-1) as number) - (b.path.at(-1) as number));
  for (const { conflict, path } of items) {
    const list = valueAt(rootOf(document, conflict), path.slice(0, -1));
    if (!Array.isArray(list)) throw new Error(`No list at ${conflict.id}`);
    list.splice(path.at(-1) as number, 0, DROPPED);
  }

  for (const conflict of result.conflicts) {
    const value = chosen(conflict);
    if (conflict.kind !== 'removed-and-edited') {
      setValueAt(rootOf(document, conflict), parsePath(conflict.path), value);
      continue;
    }
    const identifier = conflict.component?.identifier;
    const index =
      conflict.mine === undefined
        ? (conflict.at ?? document.components.indexOf(DROPPED))
        : document.components.findIndex((item) => isRecord(item) && item._identifier === identifier);
    if (index === -1) throw new Error(`No component for ${conflict.id}`);
    document.components[index] = value ?? DROPPED;
  }
  return MergeDocumentSchema.parse(withoutDropped(document));
}

/** The value a conflict's path starts from: its component, or the page's fields. */
function rootOf(document: { meta: unknown; components: unknown[] }, conflict: MergeConflict): unknown {
  if (conflict.component === undefined) return document.meta;
  const identifier = conflict.component.identifier;
  const component = document.components.find((item) => isRecord(item) && item._identifier === identifier);
  if (component === undefined) throw new Error(`No component for ${conflict.id}`);
  return component;
}

function valueAt(root: unknown, path: readonly Segment[]): unknown {
  return path.reduce<unknown>(
    (value, segment) =>
      isRecord(value) || Array.isArray(value) ? (value as Record<Segment, unknown>)[segment] : undefined,
    root,
  );
}

function setValueAt(root: unknown, path: readonly Segment[], value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path.at(-1);
  if (Array.isArray(parent) && typeof last === 'number') parent[last] = value === undefined ? DROPPED : value;
  else if (isRecord(parent) && typeof last === 'string' && value === undefined) delete parent[last];
  else if (isRecord(parent) && typeof last === 'string') parent[last] = value;
  else throw new Error(`No place for ${formatPath(path)}`);
}

/** A copy without the dropped items: the resolved page shares nothing with the merge's inputs. */
function withoutDropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DROPPED).map(withoutDropped);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutDropped(item)]));
  return value;
}
