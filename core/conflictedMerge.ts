import type { z } from 'zod';
import { MergingSaveOutcomeSchema } from './rules/merge/mergingSave';

/**
 * A save whose merge met real conflicts (issue 23 §2), for a person to settle: the base the editor started
 * from, theirs (the newest version, with its summary), mine (what the editor sent) and the merge's result,
 * every one-sided change applied and each conflict holding mine until settled. The same payload answers
 * saveContent and goes with a pending save of the outbox (core/contract.ts, core/team.ts).
 */
export const ConflictedMergeSchema = MergingSaveOutcomeSchema.options[1].omit({ status: true });
export type ConflictedMerge = z.infer<typeof ConflictedMergeSchema>;
