import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { errorMessage } from '../api';
import { DASHBOARD_PATH, useRoute } from '../router';
import { userAtom } from '../state/session';
import { Dashboard } from './Dashboard';
import { EditorRoute, takeSession } from './EditorRoute';
import { CountriesRoute } from './CountriesRoute';
import { lazyPart } from '../ui/LazyPart';
import { SignIn } from './SignIn';
import { Toasts, toastError } from '../ui/Toasts';
import { Announcer } from '../ui/Announcer';
import { startTeamSync } from '../state/teamStore';
import { TooltipProvider } from '../ui/Tooltip';
import { MergeReviewDialog } from '../history/MergeReviewDialog';

// Screens away from the dashboard load when first visited.
const SettingsScreen = lazyPart(() => import('./SettingsScreen').then((module) => module.SettingsScreen), {
  what: 'settings',
  layout: 'screen',
});
const FocalPointScreen = lazyPart(() => import('./FocalPointScreen').then((module) => module.FocalPointScreen), {
  what: 'focal-point tool',
  layout: 'screen',
});

const ReleasesScreen = lazyPart(() => import('./ReleasesScreen').then((module) => module.ReleasesScreen), {
  what: 'releases',
  layout: 'screen',
});

export function App() {
  const [user, setUser] = useAtom(userAtom);
  const route = useRoute();

  useEffect(() => {
    takeSession()
      .then((session) => setUser(session.user))
      .catch((error: unknown) => {
        toastError(`Could not read your settings: ${errorMessage(error)}`);
        setUser(null);
      });
  }, [setUser]);

  // The team server's status, presence, colleagues' saves and the outbox, for every screen.
  useEffect(() => startTeamSync(toastError), []);

  let screen;
  if (user === undefined) screen = <p className="loading">Loading…</p>;
  else if (user === null) screen = <SignIn />;
  else if (route.name === 'editor') screen = <EditorRoute key={route.bookmark} bookmark={route.bookmark} />;
  else if (route.name === 'countries')
    screen = <CountriesRoute key={route.bookmarks.join('/')} bookmarks={route.bookmarks} />;
  else if (route.name === 'dashboard') screen = <Dashboard />;
  else if (route.name === 'settings') screen = <SettingsScreen />;
  else if (route.name === 'focalPoint') screen = <FocalPointScreen />;
  // Keyed by the release: each opens as a screen of its own, its heading taking the focus.
  else if (route.name === 'releases') screen = <ReleasesScreen key="list" id={null} />;
  else if (route.name === 'release') screen = <ReleasesScreen key={route.id} id={route.id} />;
  else
    screen = (
      <main className="message-screen">
        <p>There is no screen at {route.path}.</p>
        <a href={`#${DASHBOARD_PATH}`}>Back to the Content Editor dashboard</a>
      </main>
    );

  return (
    <TooltipProvider>
      {screen}
      <Toasts />
      <MergeReviewDialog />
      <Announcer />
    </TooltipProvider>
  );
}
