import { z } from 'zod';
import { ComponentListSchema, PageMetaSchema, type Component, type Draft, type PageMeta } from '../schemas';
import { parseJsonWithLimits } from './jsonLimits';
import { errorMessage } from './errorMessage';

/*
 * Incremental drafts (issue 17): the editor's autosave sends only what changed since the draft it last sent,
 * main appends each such delta to a journal beside the draft file and now and then folds the journal into the
 * draft. Stringifying a 1000-component page on every pause froze the editor; a delta is as large as the edit.
 */

/**
 * What changed since the draft the editor last sent. `order` is always the whole list of ids (small next to
 * the components); `upserts` are the components added or changed, `removed` the ids no longer on the page,
 * and `meta` is present only when the page fields changed. The two hashes are a few characters, always sent.
 */
export const DraftDeltaSchema = z.object({
  upserts: ComponentListSchema,
  removed: z.array(z.string().min(1)),
  order: z.array(z.string().min(1)),
  meta: PageMetaSchema.optional(),
  baseHash: z.string().nullable(),
  cleanHash: z.string(),
});
export type DraftDelta = z.infer<typeof DraftDeltaSchema>;

/** A delta as the journal keeps it: with the time main wrote it, which becomes the draft's updatedAt. */
export const JournalEntrySchema = DraftDeltaSchema.extend({ updatedAt: z.iso.datetime() });
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

/** A delta that does not fit the draft it names as its base: applying it would lose or invent components. */
export class DraftDeltaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftDeltaError';
  }
}

/** The first id that occurs twice, if any. */
function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * The draft with a delta applied. Throws DraftDeltaError when the delta does not fit the draft: an id in the
 * order that is neither on the page nor sent, a component sent but not placed, or a component dropped from
 * the order without being named as removed (the editor and main would then disagree about the page).
 */
export function applyDraftDelta(draft: Draft, entry: JournalEntry): Draft {
  const duplicate = firstDuplicate(entry.order);
  if (duplicate !== undefined) throw new DraftDeltaError(`the order names ${duplicate} twice`);
  const placed = new Set(entry.order);
  const upserts = new Map(entry.upserts.map((component) => [component._identifier, component]));
  for (const id of upserts.keys()) {
    if (!placed.has(id)) throw new DraftDeltaError(`component ${id} was sent but is not in the order`);
  }
  const current = new Map(draft.components.map((component) => [component._identifier, component]));
  const removed = new Set(entry.removed);
  for (const id of removed) {
    if (placed.has(id)) throw new DraftDeltaError(`component ${id} is both removed and in the order`);
    if (!current.has(id)) throw new DraftDeltaError(`component ${id} is removed but is not in the draft`);
  }
  for (const id of current.keys()) {
    if (!placed.has(id) && !removed.has(id))
      throw new DraftDeltaError(`component ${id} left the order without being removed`);
  }
  const components = entry.order.map((id) => {
    const component = upserts.get(id) ?? current.get(id);
    if (!component) throw new DraftDeltaError(`component ${id} is in the order but neither in the draft nor sent`);
    return component;
  });
  return {
    ...draft,
    components,
    meta: entry.meta ?? draft.meta,
    baseHash: entry.baseHash,
    cleanHash: entry.cleanHash,
    updatedAt: entry.updatedAt,
  };
}

/** The draft after a journal's entries in order, or as far as they fit, with the reason the next one did not. */
export function foldDraftJournal(
  draft: Draft,
  entries: readonly JournalEntry[],
): { draft: Draft; applied: number; problem: string | null } {
  let folded = draft;
  for (const [index, entry] of entries.entries()) {
    try {
      folded = applyDraftDelta(folded, entry);
    } catch (error) {
      if (!(error instanceof DraftDeltaError)) throw error;
      return { draft: folded, applied: index, problem: `entry ${index + 1}: ${error.message}` };
    }
  }
  return { draft: folded, applied: entries.length, problem: null };
}

/** What the editor last sent, kept by reference: the document is immutable, so an unchanged component is the same object. */
export interface SentDraft {
  readonly components: ReadonlyMap<string, Component>;
  readonly order: readonly string[];
  readonly meta: PageMeta;
  readonly baseHash: string | null;
  readonly cleanHash: string;
}

type DraftContent = Pick<Draft, 'components' | 'meta' | 'baseHash' | 'cleanHash'>;

export function sentDraftOf(draft: DraftContent): SentDraft {
  return {
    components: new Map(draft.components.map((component) => [component._identifier, component])),
    order: draft.components.map((component) => component._identifier),
    meta: draft.meta,
    baseHash: draft.baseHash,
    cleanHash: draft.cleanHash,
  };
}

/**
 * What changed from the draft last sent to the current one, comparing components by reference (O(N) pointer
 * comparisons, nothing serialised); null when nothing did.
 */
export function draftDelta(sent: SentDraft, current: DraftContent): DraftDelta | null {
  const order = current.components.map((component) => component._identifier);
  const upserts = current.components.filter((component) => sent.components.get(component._identifier) !== component);
  const placed = new Set(order);
  const removed = sent.order.filter((id) => !placed.has(id));
  const metaChanged = current.meta !== sent.meta;
  const unchanged =
    upserts.length === 0 &&
    removed.length === 0 &&
    !metaChanged &&
    current.baseHash === sent.baseHash &&
    current.cleanHash === sent.cleanHash &&
    order.length === sent.order.length &&
    order.every((id, index) => id === sent.order[index]);
  if (unchanged) return null;
  return {
    upserts,
    removed,
    order,
    ...(metaChanged ? { meta: current.meta } : {}),
    baseHash: current.baseHash,
    cleanHash: current.cleanHash,
  };
}

// ---- the journal file: a header line naming the draft file it applies to, then one entry per line ----------

const JournalHeaderSchema = z.object({ journal: z.literal(1), base: z.string().min(1) });

/** The first line of a journal: `base` names the draft file text the entries apply to (a digest of it). */
export function journalHeaderLine(base: string): string {
  return `${JSON.stringify({ journal: 1, base })}\n`;
}

export function journalEntryLine(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

export interface ParsedJournal {
  /** The digest of the draft file the entries apply to; null when not even the header could be read. */
  base: string | null;
  /** The entries read, up to the first that could not be. */
  entries: JournalEntry[];
  /** The last line could not be read: a write cut short (a crash or power cut), dropped. */
  tornTail: boolean;
  /** A line before the last could not be read: the journal is damaged from there on. */
  damage: string | null;
}

function parseLine<T>(line: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = parseJsonWithLimits(line);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${errorMessage(error)}` };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'not a journal line' };
}

/**
 * Reads a journal's text. Only its last line can have been cut short by a crash (lines are only ever
 * appended), so an unreadable last line is torn and dropped; an unreadable line before it is damage.
 */
export function parseJournal(text: string): ParsedJournal {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const result: ParsedJournal = { base: null, entries: [], tornTail: false, damage: null };
  const unreadable = (index: number, reason: string): ParsedJournal => {
    if (index === lines.length - 1) result.tornTail = true;
    else result.damage = `line ${index + 1} is ${reason}`;
    return result;
  };
  if (lines.length === 0) return result;
  const header = parseLine(lines[0]!, JournalHeaderSchema);
  if (!header.ok) return unreadable(0, header.reason);
  result.base = header.value.base;
  for (let index = 1; index < lines.length; index++) {
    const entry = parseLine(lines[index]!, JournalEntrySchema);
    if (!entry.ok) return unreadable(index, entry.reason);
    result.entries.push(entry.value);
  }
  return result;
}
