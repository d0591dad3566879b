import { z } from 'zod';
import { emptyPageMeta, VersionSummarySchema } from '../../schemas';
import type { VersionSummary } from '../../schemas';
import { MergeDocumentSchema, MergeResultSchema, mergeDocuments } from './documentMerge';
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
  let since = base?.document ?? { meta: emptyPageMeta(), components: [] };
  let sinceHash = base?.hash ?? null;
  let draft = mine;
  let merged: MergeNotice | null = null;
  let mineChanges: number | null = null;
  let theirChanges = 0;
  for (let merges = 0; ; merges++) {
    const answer = await steps.send(draft, sinceHash);
    if (answer.status === 'saved') return { status: 'saved', version: answer.version, merged };
    if (merges === maxRounds) return { status: 'still-changing', message: stillChangingMessage(maxRounds) };
    const theirs = await steps.latest();
    const result = mergeDocuments(since, theirs.document, draft);
    if (result.conflicts.length > 0) return { status: 'conflicts', base: since, theirs, mine: draft, result };
    // The editor's own changes are those of the first merge; later rounds only add what others saved meanwhile.
    mineChanges ??= result.changes.mine;
    theirChanges += result.changes.theirs;
    merged = { theirs: theirs.version, mine: mineChanges, their: theirChanges };
    // Sent over the version just merged with: should a third save have come in between, the service refuses it.
    since = theirs.document;
    sinceHash = theirs.version.hash;
    draft = result.document;
  }
}

function stillChangingMessage(rounds: number): string {
  return `Not saved: the page changed again each time your work was merged with it (${rounds} times). Your draft is kept; save again in a moment.`;
}

const count = (number: number, noun: string): string => `${number} ${noun}${number === 1 ? '' : 's'}`;

/** "Merged with editor.gb@example.com's save (version 12): your 3 changes and their 2 are both kept." (exact
 *  wording of issue 23; singular "change" for 1). */
export function mergedMessage(notice: MergeNotice): string {
  const { author, version } = notice.theirs;
  return `Merged with ${author}'s save (version ${version}): your ${count(notice.mine, 'change')} and their ${notice.their} are both kept.`;
}
