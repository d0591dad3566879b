import { useEffect, useState } from 'react';
import { call, errorMessage } from '../api';
import { DASHBOARD_PATH } from '../router';
import { EditorDocument } from '../state/document';
import { Editor } from './Editor';
import { useHoldPagesOpen } from '../team/EditorTeamBanners';

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
    call('getDraft', { bookmark })
      .then(({ draft }) => {
        if (!cancelled) setLoaded(draft ? { state: 'ready', doc: new EditorDocument(draft) } : { state: 'missing' });
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
