import { call, errorMessage } from '../api';
import type { EditorDocument } from './document';

export type AutosaveState = { status: 'saved' | 'pending' | 'saving' } | { status: 'failed'; message: string };

export const AUTOSAVE_DELAY_MS = 400;

/**
 * Writes the draft to main a moment after the last change, so a crash, a failed save or closing the app loses
 * nothing. One write at a time; changes made during a write schedule the next one.
 */
export function createAutosave(doc: EditorDocument, report: (state: AutosaveState) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let again = false;

  const write = async (): Promise<void> => {
    if (writing) {
      again = true;
      return writing;
    }
    report({ status: 'saving' });
    writing = call('saveDraft', { draft: doc.toDraft(new Date().toISOString()) })
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
