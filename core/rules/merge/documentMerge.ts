import { z } from 'zod';
import { ComponentListSchema, PageMetaSchema } from '../../schemas';
import type { Component, PageMeta } from '../../schemas';

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
}
export const MergeConflictSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['field', 'removed-and-edited', 'list-item']),
  component: z.object({ identifier: z.string(), name: z.string(), type: z.string() }).optional(),
  path: z.string(),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
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

export function mergeDocuments(base: MergeDocument, theirs: MergeDocument, mine: MergeDocument): MergeResult {
  void base;
  void theirs;
  void mine;
  throw new Error('not implemented');
}

/** The merged document with each conflict settled by its choice (a missing choice keeps mine). A { value }
 *  for a 'removed-and-edited' conflict is refused (throws); values are validated by MergeDocumentSchema. */
export function resolveConflicts(
  result: MergeResult,
  choices: Readonly<Record<string, ConflictChoice>>,
): MergeDocument {
  void result;
  void choices;
  throw new Error('not implemented');
}
