import { userAtom } from '../state/session';
import { useTeamValue } from '../state/teamStore';

/** Narrower than this, the toolbar's two main actions no longer fit on one line. */
export const PANEL_MIN_WIDTH_PX = 300;
/** The most of the workspace the panel may take: the preview keeps the rest. */
export const PANEL_MAX_SHARE = 0.65;
/** The first-time width in a small window: the Name and Classes boxes fit at 1280 wide. */
const FIRST_WIDTH_FLOOR_PX = 420;
/** The first-time width's share of a larger window, so the panel's boxes grow with it. */
const FIRST_WIDTH_SHARE = 1 / 3;

/**
 * The panel's width for a user with none remembered: a third of the window, never under 420 px and never over
 * the panel's largest share. 1280 wide gives 427 px, 1920 wide 640 px.
 */
export function firstPanelWidth(windowWidthPx: number): number {
  const wanted = Math.max(FIRST_WIDTH_FLOOR_PX, windowWidthPx * FIRST_WIDTH_SHARE);
  return Math.round(Math.min(wanted, windowWidthPx * PANEL_MAX_SHARE));
}

const storageKey = (user: string | null | undefined): string => `studio.panelWidth.${user ?? 'anonymous'}`;

/**
 * The components panel's width, remembered per user in this machine's localStorage (the editor's own origin):
 * a preference of the screen, not of the content, so it stays out of the settings file and the team server.
 */
export function usePanelWidth(): { initial: number; remember(widthPx: number): void } {
  const user = useTeamValue(userAtom);
  const key = storageKey(user);
  const stored = Number(localStorage.getItem(key));
  return {
    initial: Number.isFinite(stored) && stored > 0 ? stored : firstPanelWidth(window.innerWidth),
    remember: (widthPx) => localStorage.setItem(key, String(Math.round(widthPx))),
  };
}
