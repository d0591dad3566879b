import type { Component } from '../schemas';
import { stableStringify } from './hash';

/**
 * The difference between two component lists (a saved version and the current content, or their version and
 * mine), component by component, matched by `_identifier`.
 *
 * A valid list never holds one identifier twice (ComponentListSchema refuses it), but a damaged version from a
 * team's service might: duplicates are matched by occurrence, the first of `before` with the first of
 * `after`, the second with the second, and so on; a surplus occurrence counts as added or removed.
 */

export type ComponentDiffStatus = 'added' | 'removed' | 'changed' | 'moved' | 'unchanged';

export interface ComponentDiffEntry {
  identifier: string;
  status: ComponentDiffStatus;
  /** The component's name and type, from `after` (from `before` when removed). */
  name: string;
  type: string;
  /** A changed component may also have moved; a component that only moved has status 'moved'. */
  moved: boolean;
  /** For a changed component, the fields that differ, with their values on each side. */
  fields: FieldChange[];
}

/** One differing field: `name`, `hidden`, `classes`, `content.images.desktop`, `content.slides[2].title`; undefined where a side has none. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** Fields compared as one value: a list of classes reads better as "classes" than as "classes[3]". */
const WHOLE_FIELDS = new Set(['name', 'hidden', 'classes', '_component']);

export function diffComponents(before: readonly Component[], after: readonly Component[]): ComponentDiffEntry[] {
  const beforeIndex = indexByOccurrence(before);
  const afterKeys = occurrenceKeys(after);
  const afterIndex = new Map(afterKeys.map((key, index) => [key, index]));
  const kept = afterKeys.map((key) => beforeIndex.get(key));
  const stayed = stayedInOrder(kept);

  const placed: { entry: ComponentDiffEntry; position: readonly number[] }[] = after.map((component, index) => {
    const oldIndex = kept[index];
    if (oldIndex === undefined) return { entry: entryFor(component, 'added', false, []), position: [index] };
    const moved = !stayed.has(index);
    const fields = componentFieldDiff(before[oldIndex] as Component, component);
    const status = fields.length > 0 ? 'changed' : moved ? 'moved' : 'unchanged';
    return { entry: entryFor(component, status, moved, fields), position: [index] };
  });

  // A removed component is shown where it was: after the nearest earlier component that is still there.
  const beforeKeys = occurrenceKeys(before);
  let anchor = -1;
  beforeKeys.forEach((key, index) => {
    const newIndex = afterIndex.get(key);
    if (newIndex !== undefined) {
      anchor = newIndex;
      return;
    }
    placed.push({ entry: entryFor(before[index] as Component, 'removed', false, []), position: [anchor, index] });
  });

  return placed.sort((a, b) => comparePositions(a.position, b.position)).map(({ entry }) => entry);
}

const SUMMARY_ORDER: readonly ComponentDiffStatus[] = ['changed', 'added', 'removed', 'moved'];

/** One line such as "2 changed, 1 added, 1 removed"; unchanged components are not counted. */
export function diffSummary(entries: readonly ComponentDiffEntry[]): string {
  const parts = SUMMARY_ORDER.map(
    (status) => [status, entries.filter((entry) => entry.status === status).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`);
  return parts.length > 0 ? parts.join(', ') : 'No differences';
}

/** The fields of one component that differ, in the order of `after`'s keys, then those only `before` has. */
export function componentFieldDiff(before: Component, after: Component): FieldChange[] {
  const paths: FieldChange[] = [];
  for (const key of unionKeys(before, after)) {
    if (key === '_identifier') continue;
    const path = [key];
    if (WHOLE_FIELDS.has(key)) {
      if (!sameValue(before[key], after[key])) paths.push({ path: key, before: before[key], after: after[key] });
    } else {
      collectValueDiff(before[key], after[key], path, paths);
    }
  }
  return paths;
}

function collectValueDiff(before: unknown, after: unknown, path: string[], into: FieldChange[]): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index++) {
      collectValueDiff(before[index], after[index], [...path, `[${index}]`], into);
    }
    return;
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of unionKeys(before, after)) collectValueDiff(before[key], after[key], [...path, key], into);
    return;
  }
  if (!sameValue(before, after)) into.push({ path: formatPath(path), before, after });
}

/** `content.slides[2].title`: dots between keys, indices in brackets (`[2]`, as given). */
export function formatPath(path: readonly string[]): string {
  return path.reduce((text, part) => (part.startsWith('[') || text === '' ? text + part : `${text}.${part}`), '');
}

/** Key order does not count; a missing value differs from null (stableStringify spells both 'null'). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return a !== undefined && b !== undefined && stableStringify(a) === stableStringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unionKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(after), ...Object.keys(before)])];
}

function entryFor(
  component: Component,
  status: ComponentDiffStatus,
  moved: boolean,
  fields: FieldChange[],
): ComponentDiffEntry {
  return { identifier: component._identifier, status, name: component.name, type: component._component, moved, fields };
}

/** `id#n` for the n-th occurrence of an identifier, so duplicates are matched in order (see the top). */
function occurrenceKeys(components: readonly Component[]): string[] {
  const seen = new Map<string, number>();
  return components.map((component) => {
    const occurrence = seen.get(component._identifier) ?? 0;
    seen.set(component._identifier, occurrence + 1);
    return `${component._identifier}#${occurrence}`;
  });
}

function indexByOccurrence(components: readonly Component[]): Map<string, number> {
  return new Map(occurrenceKeys(components).map((key, index) => [key, index]));
}

/**
 * The positions (in `after`) of the components that kept their relative order: the longest increasing run of
 * their old indices. The others moved. Inserting or removing one component therefore moves nothing else.
 * O(n log n), so a 1000-component page diffs at once.
 */
function stayedInOrder(oldIndices: readonly (number | undefined)[]): Set<number> {
  const tails: number[] = []; // tails[k]: position of the smallest old index ending a run of length k + 1
  const previous = new Map<number, number>();
  oldIndices.forEach((oldIndex, position) => {
    if (oldIndex === undefined) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((oldIndices[tails[middle] as number] as number) < oldIndex) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous.set(position, tails[low - 1] as number);
    tails[low] = position;
  });
  const stayed = new Set<number>();
  for (let position = tails.at(-1); position !== undefined; position = previous.get(position)) stayed.add(position);
  return stayed;
}

function comparePositions(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? -Infinity) - (b[index] ?? -Infinity);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A field's value in one line for the difference view: strings quoted, the rest as JSON, long ones cut. */
export function describeFieldValue(value: unknown, maxLength = 80): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? JSON.stringify(value) : stableStringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
