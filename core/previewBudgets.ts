import type { PreviewEventType } from './preview';

/**
 * How many messages of each type the preview may send in a time window (core/rules/messageBudget.ts); the
 * excess is dropped. A preview sends `ready` once per load, and each one makes the editor send the whole page.
 * `malformed` counts messages of no known type, which are dropped anyway: it only limits the notices.
 * Apart from preview.ts's schemas, so that the browser host's editor bridge counts without bundling zod.
 */
export const PREVIEW_EVENT_BUDGETS: Record<PreviewEventType | 'malformed', { max: number; perMs: number }> = {
  ready: { max: 4, perMs: 10_000 },
  select: { max: 10, perMs: 1_000 },
  requestFeed: { max: 20, perMs: 10_000 },
  webpSupport: { max: 2, perMs: 10_000 },
  scriptError: { max: 5, perMs: 1_000 },
  malformed: { max: 0, perMs: 10_000 },
};
