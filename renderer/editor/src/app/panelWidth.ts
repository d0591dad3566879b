import { userAtom } from '../state/session';
import { useTeamValue } from '../state/teamStore';

const DEFAULT_WIDTH_PX = 420;

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
    initial: Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_WIDTH_PX,
    remember: (widthPx) => localStorage.setItem(key, String(Math.round(widthPx))),
  };
}
