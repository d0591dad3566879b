import type { ReactNode } from 'react';
import { brandName } from '../../../../core/fascias';
import { countryName } from '../../../../core/countries';
import type { PageKey } from '../../../../core/schemas';
import { userAtom } from '../state/session';
import { TeamConnection } from '../team/TeamConnection';
import { teamStatusAtom, useTeamValue } from '../state/teamStore';
import { useScreen } from '../ui/screen';
import { CountryFlag } from '../multi/CountryFlag';

/**
 * A screen's header. Its h1 is where focus lands when the screen appears; windowTitle names the screen (default:
 * title). `context` stands above the title (the editor's brand, country and platform).
 */
export function Header({
  title,
  windowTitle,
  before,
  context,
  children,
}: {
  title: string;
  windowTitle?: string;
  before?: ReactNode;
  context?: ReactNode;
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
      <div className="header-title">
        {context}
        <h1 tabIndex={-1} data-screen-heading>
          {title}
        </h1>
      </div>
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

/**
 * Which page this is, at a glance: the brand by name (site_jd → JD, its code in the tooltip), the country with
 * its flag, and the platform. In multi-country editing the country selector shows the country instead.
 */
export function PageContext({ pageKey, withCountry }: { pageKey: PageKey; withCountry: boolean }) {
  return (
    <p className="page-context">
      <span className="brand-badge" title={pageKey.fascia}>
        {brandName(pageKey.fascia)}
      </span>
      {withCountry && (
        <span className="page-country">
          <CountryFlag country={pageKey.country} />
          {countryName(pageKey.country)}
        </span>
      )}
      <span className="page-platform">{pageKey.platform}</span>
    </p>
  );
}
