import { createContext, useContext } from 'react';
import { atom, useAtomValue } from 'jotai';
import { NOTHING_REFUSED } from '../../../../core/rules/editingRights';
import type { EditorDocument } from './document';

export const DocContext = createContext<EditorDocument | null>(null);

export function useDoc(): EditorDocument {
  const doc = useContext(DocContext);
  if (!doc) throw new Error('useDoc outside an open page');
  return doc;
}

/** A plain atom for reading outside a page, where nothing is refused. */
const NO_PAGE_REFUSALS = atom(NOTHING_REFUSED);

/**
 * Whether the user's roles refuse changing field values on the open page (issue 22): the editors that
 * a disabled fieldset does not reach (rich text, code) are read-only then. False outside a page.
 */
export function useFieldsReadOnly(): boolean {
  const doc = useContext(DocContext);
  return useAtomValue(doc?.refusalsAtom ?? NO_PAGE_REFUSALS, { store: doc?.store }).edit !== null;
}
