import { atom, getDefaultStore, useAtom } from 'jotai';

/**
 * App-wide, not per page: these live in the default store, so they read the same inside a page's own
 * store Provider and outside it.
 */
const appStore = getDefaultStore();

/** Preview mode closes the panel and shows the page's preview links (editor spec §2). */
const previewModeAtom = atom(false);

/** Links in Preview (editor spec §2, §4): inactive by default, a click then selects the block. */
const linksActiveAtom = atom(false);

export const usePreviewMode = () => useAtom(previewModeAtom, { store: appStore });
export const useLinksActive = () => useAtom(linksActiveAtom, { store: appStore });
export const linksActive = (): boolean => appStore.get(linksActiveAtom);
