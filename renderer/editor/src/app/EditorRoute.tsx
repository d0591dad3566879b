import { useEffect, useState } from 'react';
import { call, errorMessage } from '../api';
import { DASHBOARD_PATH, parseRoute } from '../router';
import type { Draft } from '../../../../core/schemas';
import type { Output } from '../../../../core/contract';
import { EditorDocument } from '../state/document';
import { draftOpened } from '../state/autosave';
import { handPageToPreview } from '../state/previewLink';
import { Editor } from './Editor';
import { useHoldPagesOpen } from '../team/EditorTeamBanners';

/** A page's draft fetched before its route was shown, for the first EditorRoute of that page to take. */
let prefetched: { bookmark: string; draft: Promise<Draft | null> } | null = null;
/** The session asked for with it, for App to take. */
let prefetchedSession: Promise<Output<'getSession'>> | null = null;

/** The session asked for as the app started (when it opened at a page), once; else a fresh call. */
export function takeSession(): Promise<Output<'getSession'>> {
  const early = prefetchedSession;
  prefetchedSession = null;
  return early ?? call('getSession', {});
}

/**
 * A window opened at a page's address asks for the page and the session while the app starts, not after App's
 * first render asks for the session: the preview gets the page as soon as it can load the page's components.
 */
function prefetchOpeningPage(): void {
  const route = parseRoute(window.location.hash);
  if (route.name === 'editor') {
    prefetchedSession = call('getSession', {});
    // Handled here too, so a session never taken is no unhandled rejection; App reports a failure it takes.
    prefetchedSession.catch(() => undefined);
    const draft = call('getDraft', { bookmark: route.bookmark }).then(draftOpened);
    // Taken or not, a failure here is no error of its own: the route fetches again and reports its own.
    draft.catch(() => undefined);
    prefetched = { bookmark: route.bookmark, draft };
  }
}
prefetchOpeningPage();

/** The page's draft: the one fetched as the app started if it is this page's and went well, else a fresh fetch. */
function fetchDraft(bookmark: string): Promise<Draft | null> {
  const early = prefetched?.bookmark === bookmark ? prefetched.draft : null;
  prefetched = null;
  const fetchNow = () => call('getDraft', { bookmark }).then(draftOpened);
  return early ? early.catch(fetchNow) : fetchNow();
}

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; doc: EditorDocument };

/**
 * The editor route: the page comes from its draft, which the dashboard creates when it opens a page. A route
 * with no such draft shows the message of editor spec §2.
 */
export function EditorRoute({ bookmark }: { bookmark: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let cancelled = false;
    fetchDraft(bookmark)
      .then((draft) => {
        if (cancelled) return;
        if (!draft) return setLoaded({ state: 'missing' });
        const doc = new EditorDocument(draft);
        // The one fetch of the page serves both: the preview renders it while the editor mounts.
        handPageToPreview(doc);
        setLoaded({ state: 'ready', doc });
      })
      .catch((error: unknown) => !cancelled && setLoaded({ state: 'error', message: errorMessage(error) }));
    return () => {
      cancelled = true;
    };
  }, [bookmark]);

  if (loaded.state === 'loading') return <p className="loading">Opening the page…</p>;
  if (loaded.state === 'ready') return <OpenPage doc={loaded.doc} />;
  return <NotOpened why={loaded.state === 'missing' ? null : `The page could not be opened: ${loaded.message}`} />;
}

/** The editor on one page, which colleagues see as open here while it is shown. */
function OpenPage({ doc }: { doc: EditorDocument }) {
  useHoldPagesOpen([doc.key]);
  return <Editor doc={doc} />;
}

/** An editor route that could not open its page: why (null: no draft, editor spec §2) and the way back. */
export function NotOpened({ why }: { why: string | null }) {
  return (
    <main className="message-screen">
      <p>{why ?? 'Please access this page via the Content Editor dashboard.'}</p>
      <a href={`#${DASHBOARD_PATH}`}>Content Editor dashboard</a>
    </main>
  );
}
