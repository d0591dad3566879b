import { createContext, useContext } from 'react';
import type { EditorDocument } from './document';

export const DocContext = createContext<EditorDocument | null>(null);

export function useDoc(): EditorDocument {
  const doc = useContext(DocContext);
  if (!doc) throw new Error('useDoc outside an open page');
  return doc;
}
