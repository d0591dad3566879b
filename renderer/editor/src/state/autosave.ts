import { atom, type PrimitiveAtom } from 'jotai';
import { StudioError } from '../../../../core/result';
import { draftDelta, sentDraftOf, type SentDraft } from '../../../../core/rules/draftJournal';
import type { Output } from '../../../../core/contract';
import type { Draft } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import type { EditorDocument } from './document';

/** Revisions main named drafts by when it answered getDraft, by draft object (draftOpened). */
const openedRevisions = new WeakMap<Draft, string>();

/**
 * The draft of a getDraft answer, remembered with its revision: a document opened from it (the same object)
 * autosaves only what changed from its first write on, so no pause writes the whole page.
 */
export function draftOpened(answer: Output<'getDraft'>): Draft | null {
  if (answer.draft && answer.revision) openedRevisions.set(answer.draft, answer.revision);
  return answer.draft;
}

export type AutosaveState = { status: 'saved' | 'pending' | 'saving' } | { status: 'failed'; message: string };

export const AUTOSAVE_DELAY_MS = 400;

/**
 * Writes the draft to main a moment after the last change, so a crash, a failed save or closing the app loses
 * nothing. One write at a time; changes made during a write schedule the next one.
 *
 * Writes send only what changed since the last draft main confirmed (core/rules/draftJournal.ts), so a pause
 * costs as much as the edit, not the page: from the draft the document was opened from when main named it
 * (draftOpened), else after a first write of the whole draft. When main holds no base for them (the draft was
 * removed, e.g. by a save, or could not be read), the whole draft goes again.
 */
export function createAutosave(doc: EditorDocument, report: (state: AutosaveState) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let again = false;
  // What main last confirmed, and the revision naming it; null: the next write sends the whole draft.
  const openedRevision = openedRevisions.get(doc.openedFrom);
  let sent: { revision: string; draft: SentDraft } | null = openedRevision
    ? { revision: openedRevision, draft: sentDraftOf(doc.openedFrom) }
    : null;

  const send = async (): Promise<void> => {
    const draft = doc.toDraft(new Date().toISOString());
    if (sent) {
      const delta = draftDelta(sent.draft, draft);
      if (delta === null) return;
      const answer = await call('saveDraftDelta', { key: draft.key, base: sent.revision, delta }).catch(
        (error: unknown) => {
          // A delta main refuses as not fitting its draft would be refused at every pause: the whole draft settles it.
          if (error instanceof StudioError && error.code === 'invalid-input') return { status: 'no-base' as const };
          throw error;
        },
      );
      if (answer.status === 'saved') {
        sent = { revision: answer.revision, draft: sentDraftOf(draft) };
        return;
      }
    }
    const { revision } = await call('saveDraft', { draft });
    sent = { revision, draft: sentDraftOf(draft) };
  };

  const write = async (): Promise<void> => {
    if (writing) {
      again = true;
      return writing;
    }
    report({ status: 'saving' });
    writing = send()
      .then(() => report({ status: 'saved' }))
      .catch((error: unknown) => report({ status: 'failed', message: errorMessage(error) }))
      .finally(() => {
        writing = null;
      });
    await writing;
    if (again) {
      again = false;
      await write();
    }
  };

  return {
    schedule(): void {
      report({ status: 'pending' });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void write();
      }, AUTOSAVE_DELAY_MS);
    },
    /** Writes now if a write is due; used before leaving the editor and before saving. */
    async flush(): Promise<void> {
      if (timer) {
        clearTimeout(timer);
        timer = null;
        await write();
      } else if (writing) {
        await writing;
      }
    },
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;

export interface DocumentAutosave {
  autosave: Autosave;
  /** The status for the editor's status line, in the document's store. */
  stateAtom: PrimitiveAtom<AutosaveState>;
}

const autosaves = new WeakMap<EditorDocument, DocumentAutosave>();

/**
 * The one autosave of a document: the editor showing it and, in multi-country editing, the documents of the
 * other countries (which change while not shown) share it, so their writes never overlap.
 */
export function autosaveOf(doc: EditorDocument): DocumentAutosave {
  const existing = autosaves.get(doc);
  if (existing) return existing;
  const stateAtom = atom<AutosaveState>({ status: 'saved' });
  const autosave = createAutosave(doc, (next) => {
    // Only real changes of status reach the store, so a keystroke re-renders the status line at most once.
    const current = doc.store.get(stateAtom);
    if (current.status !== next.status || next.status === 'failed') doc.store.set(stateAtom, next);
  });
  const created = { autosave, stateAtom };
  autosaves.set(doc, created);
  return created;
}
