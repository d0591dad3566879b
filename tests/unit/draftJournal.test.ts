import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDraftDelta,
  DraftDeltaError,
  draftDelta,
  foldDraftJournal,
  journalEntryLine,
  journalHeaderLine,
  parseJournal,
  sentDraftOf,
  type JournalEntry,
} from '../../core/rules/draftJournal';
import { emptyPageMeta, type Component, type Draft } from '../../core/schemas';
import { HOME_KEY } from './helpers/pages';

const component = (id: string, title = id): Component => ({
  _component: 'Banner',
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

// One object: the editor's page fields stay the same object until they are edited.
const META = emptyPageMeta();

const draftOf = (components: Component[], overrides: Partial<Draft> = {}): Draft => ({
  bookmark: 'jd~gb~app~ios~home',
  key: HOME_KEY,
  meta: META,
  components,
  baseHash: null,
  cleanHash: 'clean-0',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

const at = (second: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, second)).toISOString();

const entryOf = (delta: NonNullable<ReturnType<typeof draftDelta>>, updatedAt = at(1)): JournalEntry => ({
  ...delta,
  updatedAt,
});

describe('draftDelta', () => {
  it('sends only the components that are new objects, the removed ids and the order; null when nothing changed', () => {
    const a = component('a');
    const b = component('b');
    const c = component('c');
    const sent = sentDraftOf(draftOf([a, b, c]));
    expect(draftDelta(sent, draftOf([a, b, c]))).toBeNull();

    const editedB = { ...b, content: { title: 'edited' } };
    const d = component('d');
    const delta = draftDelta(sent, draftOf([d, editedB, a]));
    expect(delta).toEqual({
      upserts: [d, editedB],
      removed: ['c'],
      order: ['d', 'b', 'a'],
      baseHash: null,
      cleanHash: 'clean-0',
    });
    // The upserts are the document's own objects: nothing was copied or serialised.
    expect(delta!.upserts[1]).toBe(editedB);
  });

  it('sends the page fields only when they changed, and a move or new hashes alone as a change', () => {
    const a = component('a');
    const b = component('b');
    const base = draftOf([a, b]);
    const sent = sentDraftOf(base);
    const meta = { ...base.meta, category: 'Trainers' };
    expect(draftDelta(sent, { ...base, meta })).toMatchObject({ meta, upserts: [] });
    expect(draftDelta(sent, draftOf([b, a]))).toEqual({
      upserts: [],
      removed: [],
      order: ['b', 'a'],
      baseHash: null,
      cleanHash: 'clean-0',
    });
    expect(draftDelta(sent, { ...base, baseHash: 'v2', cleanHash: 'clean-2' })).not.toHaveProperty('meta');
    expect(draftDelta(sent, { ...base, baseHash: 'v2', cleanHash: 'clean-2' })).toMatchObject({
      baseHash: 'v2',
      cleanHash: 'clean-2',
    });
  });
});

describe('applyDraftDelta', () => {
  const a = component('a');
  const b = component('b');
  const base = draftOf([a, b], { pendingSave: { saveId: 'save-12345678', documentHash: 'h' } });

  it('places the sent components and keeps the others, the pending save and the page fields not sent', () => {
    const editedA = { ...a, content: { title: 'new' } };
    const c = component('c');
    const next = applyDraftDelta(base, {
      upserts: [c, editedA],
      removed: ['b'],
      order: ['c', 'a'],
      baseHash: 'v1',
      cleanHash: 'clean-1',
      updatedAt: at(5),
    });
    expect(next).toEqual({
      ...base,
      components: [c, editedA],
      baseHash: 'v1',
      cleanHash: 'clean-1',
      updatedAt: at(5),
    });
  });

  it.each([
    [{ order: ['a', 'b', 'x'] }, 'component x is in the order but neither in the draft nor sent'],
    [{ order: ['a'] }, 'component b left the order without being removed'],
    [{ order: ['a', 'a', 'b'] }, 'the order names a twice'],
    [{ upserts: [component('z')] }, 'component z was sent but is not in the order'],
    [{ removed: ['b'] }, 'component b is both removed and in the order'],
    [{ order: ['a'], removed: ['b', 'q'] }, 'component q is removed but is not in the draft'],
  ])('refuses a delta that does not fit the draft (%j)', (change, message) => {
    const entry: JournalEntry = {
      upserts: [],
      removed: [],
      order: ['a', 'b'],
      baseHash: null,
      cleanHash: 'c',
      updatedAt: at(1),
      ...change,
    };
    expect(() => applyDraftDelta(base, entry)).toThrow(new DraftDeltaError(message));
  });

  it('folds a journal as far as its entries fit, naming the first that does not', () => {
    const good = entryOf({ upserts: [], removed: ['b'], order: ['a'], baseHash: null, cleanHash: 'c' });
    const bad = entryOf({ upserts: [], removed: [], order: ['a', 'b'], baseHash: null, cleanHash: 'c' });
    const folded = foldDraftJournal(base, [good, bad, good]);
    expect(folded.applied).toBe(1);
    expect(folded.draft.components).toEqual([a]);
    expect(folded.problem).toBe('entry 2: component b is in the order but neither in the draft nor sent');
  });
});

describe('parseJournal', () => {
  const entry = entryOf({ upserts: [component('a')], removed: [], order: ['a'], baseHash: null, cleanHash: 'c' });
  const text = journalHeaderLine('digest-1') + journalEntryLine(entry) + journalEntryLine({ ...entry, cleanHash: 'd' });

  it('reads the header and every entry', () => {
    expect(parseJournal(text)).toEqual({
      base: 'digest-1',
      entries: [entry, { ...entry, cleanHash: 'd' }],
      tornTail: false,
      damage: null,
    });
  });

  it('drops a last line cut short, and says so', () => {
    const torn = parseJournal(text.slice(0, -10));
    expect(torn).toMatchObject({ base: 'digest-1', entries: [entry], tornTail: true, damage: null });
  });

  it('calls an unreadable line before the last damage, keeping the entries before it', () => {
    const lines = text.split('\n');
    const damaged = [lines[0], lines[1], '{"not":"an entry"}', lines[2], ''].join('\n');
    expect(parseJournal(damaged)).toMatchObject({
      entries: [entry],
      tornTail: false,
      damage: 'line 3 is not a journal line',
    });
    const noHeader = ['garbage', lines[1], ''].join('\n');
    expect(parseJournal(noHeader)).toMatchObject({ base: null, entries: [], damage: expect.stringMatching(/^line 1/) });
  });
});

// ---- random edit sequences: replaying the journal of deltas gives the draft the editor holds ----------------

type Op =
  | { kind: 'edit'; at: number; title: string }
  | { kind: 'add'; at: number }
  | { kind: 'remove'; at: number }
  | { kind: 'restore' }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'meta'; category: string }
  | { kind: 'rebase'; hash: string }
  | { kind: 'autosave' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), title: fc.string({ maxLength: 8 }) }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const) }),
  fc.record({ kind: fc.constant('move' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('meta' as const), category: fc.string({ maxLength: 6 }) }),
  fc.record({ kind: fc.constant('rebase' as const), hash: fc.string({ minLength: 1, maxLength: 4 }) }),
  fc.constant({ kind: 'autosave' as const }),
  fc.constant({ kind: 'autosave' as const }),
);

/**
 * Plays edits as the editor makes them (immutable: a changed component is a new object, an undone removal
 * brings back the very object removed) and autosaves as it does. Answers the first draft sent in full, the
 * journal of every delta after it, and the draft the editor holds at the end.
 */
function play(initialCount: number, ops: readonly Op[]) {
  let components = Array.from({ length: initialCount }, (_, index) => component(`c${index}`));
  let doc = draftOf(components);
  const first = doc;
  let sent = sentDraftOf(first);
  const journal: JournalEntry[] = [];
  const removed: Component[] = [];
  let nextId = initialCount;
  const set = (next: Component[], fields: Partial<Draft> = {}) => {
    components = next;
    doc = { ...doc, components, ...fields };
  };
  for (const op of ops) {
    const n = components.length;
    switch (op.kind) {
      case 'edit':
        if (n > 0)
          set(components.map((c, i) => (i === op.at % n ? { ...c, content: { ...c.content, title: op.title } } : c)));
        break;
      case 'add':
        set(components.toSpliced(op.at % (n + 1), 0, component(`c${nextId++}`)));
        break;
      case 'remove':
        if (n > 0) {
          removed.push(components[op.at % n]!);
          set(components.toSpliced(op.at % n, 1));
        }
        break;
      case 'restore': {
        const back = removed.pop();
        if (back) set([...components, back]);
        break;
      }
      case 'move':
        if (n > 1) {
          const moving = components[op.from % n]!;
          set(components.toSpliced(op.from % n, 1).toSpliced(op.to % n, 0, moving));
        }
        break;
      case 'meta':
        set(components, { meta: { ...doc.meta, category: op.category } });
        break;
      case 'rebase':
        set(components, { baseHash: op.hash, cleanHash: `clean-${op.hash}` });
        break;
      case 'autosave': {
        const delta = draftDelta(sent, doc);
        if (delta) {
          const updatedAt = at(journal.length + 1);
          journal.push({ ...delta, updatedAt });
          doc = { ...doc, updatedAt };
          sent = sentDraftOf(doc);
        }
        break;
      }
    }
  }
  return { first, journal, sent, doc };
}

describe('draft journal, property', () => {
  it('replaying the journal of deltas gives the whole draft, through the journal text as main writes it', () => {
    fc.assert(
      fc.property(fc.nat({ max: 12 }), fc.array(opArbitrary, { maxLength: 60 }), (count, ops) => {
        const { first, journal, doc } = play(count, [...ops, { kind: 'autosave' }]);
        const folded = foldDraftJournal(first, journal);
        expect(folded.problem).toBeNull();
        expect(folded.draft).toEqual(doc);

        const text = journalHeaderLine('base') + journal.map(journalEntryLine).join('');
        const parsed = parseJournal(text);
        expect(parsed).toMatchObject({ base: 'base', tornTail: false, damage: null });
        expect(foldDraftJournal(first, parsed.entries).draft).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('a delta holds only the components that changed, never one the editor did not touch', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(opArbitrary, { maxLength: 40 }), (count, ops) => {
        const { sent, doc } = play(count, ops);
        const delta = draftDelta(sent, doc);
        for (const upsert of delta?.upserts ?? []) expect(sent.components.get(upsert._identifier)).not.toBe(upsert);
        const untouched = doc.components.filter((c) => sent.components.get(c._identifier) === c);
        expect((delta?.upserts.length ?? 0) + untouched.length).toBe(doc.components.length);
      }),
      { numRuns: 200 },
    );
  });

  it('a journal cut anywhere (a crash mid-append) replays to the draft after one of its whole entries', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 8 }),
        fc.array(opArbitrary, { maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, ops, cutAt) => {
          const { first, journal } = play(count, [...ops, { kind: 'autosave' }]);
          const lines = [journalHeaderLine('base'), ...journal.map(journalEntryLine)];
          const text = lines.join('');
          const cut = text.slice(0, Math.floor(text.length * cutAt));
          const parsed = parseJournal(cut);
          expect(parsed.damage).toBeNull();
          // Whole lines survive (a line cut only of its newline is whole); the one cut short is dropped.
          const whole = lines.filter((_, index) => lines.slice(0, index + 1).join('').length - 1 <= cut.length).length;
          expect(parsed.entries).toHaveLength(Math.max(0, whole - 1));
          expect(foldDraftJournal(first, parsed.entries)).toEqual(
            foldDraftJournal(first, journal.slice(0, parsed.entries.length)),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
