import type { ReactNode } from 'react';
import { userAtom } from '../state/session';
import { TeamConnection } from '../team/TeamConnection';
import { teamStatusAtom, useTeamValue } from '../state/teamStore';
import { useScreen } from '../components/screen';

/** A screen's header. Its h1 is where focus lands when the screen appears; windowTitle names the screen (default: title). */
export function Header({
  title,
  windowTitle,
  before,
  children,
}: {
  title: string;
  windowTitle?: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  useScreen(windowTitle ?? title);
  // The app's store, also in the editor, whose own Provider holds the page's atoms.
  const localUser = useTeamValue(userAtom);
  const team = useTeamValue(teamStatusAtom);
  // Signed in to a team server, the user is the server's: the author of every save.
  const user = team?.mode === 'team' && team.user ? team.user : localUser;
  return (
    <header className="app-header">
      {before}
      <h1 tabIndex={-1} data-screen-heading>
        {title}
      </h1>
      <div className="header-actions">{children}</div>
      <TeamConnection />
      {user && (
        <span className="user" title="Signed in as">
          {user}
        </span>
      )}
    </header>
  );
}
