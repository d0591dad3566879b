import { z } from 'zod';
import { VersionSummarySchema } from '../../schemas';
import type { VersionSummary } from '../../schemas';
import { MergeDocumentSchema, MergeResultSchema } from './documentMerge';
import type { MergeDocument, MergeResult } from './documentMerge';

export const MAX_MERGE_ROUNDS = 3;

export interface SavedWith {
  version: VersionSummary;
}

export interface MergingSaveSteps {
  /** Sends `document` over `baseHash` (null: the page is believed new). 'stale': the service answered that a
   *  newer version exists (its 409). Any other failure throws, untouched. */
  send(
    document: MergeDocument,
    baseHash: string | null,
  ): Promise<{ status: 'saved'; version: VersionSummary } | { status: 'stale' }>;
  /** The page's newest content version now, whole. */
  latest(): Promise<{ document: MergeDocument; version: VersionSummary }>;
}

/** One automatic merge, for the one-line notice. */
export interface MergeNotice {
  theirs: VersionSummary;
  mine: number;
  their: number;
}
export const MergeNoticeSchema = z.object({
  theirs: VersionSummarySchema,
  mine: z.number().int().nonnegative(),
  their: z.number().int().nonnegative(),
});

export type MergingSaveOutcome =
  | { status: 'saved'; version: VersionSummary; merged: MergeNotice | null }
  | {
      status: 'conflicts';
      base: MergeDocument;
      theirs: { document: MergeDocument; version: VersionSummary };
      mine: MergeDocument;
      result: MergeResult;
    }
  | { status: 'still-changing'; message: string };
export const MergingSaveOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), version: VersionSummarySchema, merged: MergeNoticeSchema.nullable() }),
  z.object({
    status: z.literal('conflicts'),
    base: MergeDocumentSchema,
    theirs: z.object({ document: MergeDocumentSchema, version: VersionSummarySchema }),
    mine: MergeDocumentSchema,
    result: MergeResultSchema,
  }),
  z.object({ status: z.literal('still-changing'), message: z.string() }),
]);

/** base null: the page was new when editing began (an empty document is the base of a concurrent creation). */
export async function saveMerging(
  steps: MergingSaveSteps,
  base: { document: MergeDocument; hash: string } | null,
  mine: MergeDocument,
  maxRounds: number = MAX_MERGE_ROUNDS,
): Promise<MergingSaveOutcome> {
  void steps;
  void base;
  void mine;
  void maxRounds;
  return Promise.reject(new Error('not implemented'));
}

/** "Merged with editor.gb@example.com's save (version 12): your 3 changes and their 2 are both kept." (exact
 *  wording of issue 23; singular "change" for 1). */
export function mergedMessage(notice: MergeNotice): string {
  void notice;
  throw new Error('not implemented');
}
