import { atom } from 'jotai';

/** The signed-in user's address; undefined while loading, null before the first-run prompt is answered. */
export const userAtom = atom<string | null | undefined>(undefined);

/** How many modal dialogs are open: the preview view is hidden meanwhile, as a WebContentsView would cover them. */
export const openModalsAtom = atom(0);
