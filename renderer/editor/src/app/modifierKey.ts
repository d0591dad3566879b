const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The command key as the user knows it: ⌘ on a Mac, Ctrl elsewhere. */
export const MOD = isMac ? '⌘' : 'Ctrl';

/** Whether the command key (⌘ on a Mac, Ctrl elsewhere) is held. */
export const modHeld = (event: KeyboardEvent): boolean => (isMac ? event.metaKey : event.ctrlKey);
