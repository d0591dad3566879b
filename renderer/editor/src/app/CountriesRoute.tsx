import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { call, errorMessage } from '../api';
import { EditorDocument } from '../state/document';
import { draftOpened } from '../state/autosave';
import { Editor } from './Editor';
import { useHoldPagesOpen } from '../team/EditorTeamBanners';
import { NotOpened } from './EditorRoute';
import { MultiCountrySession, multiCountryDocumentsError } from '../multi/session';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; session: MultiCountrySession };

/**
 * Multi-country editing (editor spec §2): the drafts of one page in several countries, which the dashboard
 * creates ("Open in countries", or New Page with other countries). Like the single editor, a route without
 * its drafts shows the message of §2.
 */
export function CountriesRoute({ bookmarks: routeBookmarks }: { bookmarks: readonly string[] }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  // The route parses into a new array on every render; the caller keys this screen by its bookmarks.
  const [bookmarks] = useState(routeBookmarks);

  useEffect(() => {
    let cancelled = false;
    Promise.all(bookmarks.map((bookmark) => call('getDraft', { bookmark })))
      .then((answers) => {
        if (cancelled) return;
        const drafts = answers.map(draftOpened);
        if (drafts.some((draft) => draft === null)) return setLoaded({ state: 'missing' });
        const documents = drafts.map((draft) => new EditorDocument(draft!));
        const problem = multiCountryDocumentsError(documents);
        if (problem) return setLoaded({ state: 'error', message: problem });
        const session = new MultiCountrySession(documents);
        session.syncSecondaries();
        setLoaded({ state: 'ready', session });
      })
      .catch((error: unknown) => !cancelled && setLoaded({ state: 'error', message: errorMessage(error) }));
    return () => {
      cancelled = true;
    };
  }, [bookmarks]);

  if (loaded.state === 'loading') return <p className="loading">Opening the pages…</p>;
  if (loaded.state === 'ready') return <SelectedCountryEditor session={loaded.session} />;
  return <NotOpened why={loaded.state === 'missing' ? null : `The pages could not be opened: ${loaded.message}`} />;
}

/** The editor of the selected country; switching country shows another document in a fresh editor. */
function SelectedCountryEditor({ session }: { session: MultiCountrySession }) {
  const selected = useAtomValue(session.selectedAtom, { store: session.store });
  // Every country is a page of its own, open here while the pages are edited together.
  useHoldPagesOpen(session.documents.map((doc) => doc.key));
  return <Editor key={selected} doc={session.doc(selected)} multi={session} />;
}
