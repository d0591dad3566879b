import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { EditorDocument } from '../state/document';

// Whether the options panel is open, kept apart from the panel (OptionsPanel.tsx), which loads when first shown.
// Per page: these atoms live in the document's store.
export const optionsOpenAtom = atom(false);
/** The Components JSON holds text that does not parse, so it is not applied: closing Options would drop it. */
export const unappliedJsonAtom = atom(false);
export const closeAskedAtom = atom(false);

/**
 * Whether Options is open, and a setter that closes it only when nothing typed would be lost: with broken
 * JSON in it, closing asks first (issue 15) and the panel stays open until the user answers.
 */
export function useOptionsOpen(doc: EditorDocument): [boolean, Dispatch<SetStateAction<boolean>>] {
  const { store } = doc;
  const open = useAtomValue(optionsOpenAtom, { store });
  const setOpen = useCallback(
    (next: SetStateAction<boolean>) => {
      const wanted = typeof next === 'function' ? next(store.get(optionsOpenAtom)) : next;
      if (!wanted && store.get(unappliedJsonAtom)) store.set(closeAskedAtom, true);
      else store.set(optionsOpenAtom, wanted);
    },
    [store],
  );
  return [open, setOpen];
}
