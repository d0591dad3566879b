import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftSummary } from '../../../../core/contract';
import { countryName, type CountryCode } from '../../../../core/countries';
import { fasciaName } from '../../../../core/fascias';
import { describeDamagedFiles } from '../../../../core/damagedFiles';
import { bookmarkFor } from '../../../../core/rules/page';
import { describeSkippedVersions } from '../../../../core/rules/skippedVersions';
import type { LiveState, PageKey, PageSummary } from '../../../../core/schemas';
import { aheadOfLive } from '../../../../core/live';
import { mayPublish } from '../../../../core/rules/editingRights';
import { describeTime } from '../../../../core/rules/dateTime';
import { matchesPageQuery } from '../../../../core/store';
import { DEFAULT_LIST_LIMIT } from '../../../../core/teamProtocol';
import { call, errorMessage } from '../api';
import { CountriesDialog } from '../multi/CountriesDialog';
import { toast } from '../state/toasts';
import { FOCAL_POINT_PATH, RELEASES_PATH, SETTINGS_PATH, editorPath, navigate } from '../router';
import { Header } from './Header';
import { NewPageDialog } from './NewPageDialog';
import { toastError } from '../ui/Toasts';
import { TimeStamp, useNow } from '../ui/TimeStamp';
import { GoLiveDialog } from '../live/GoLiveDialog';
import { RollBackDialog } from '../live/RollBackDialog';
import '../live/live.css';
import { AddToReleaseDialog } from '../releases/AddToReleaseDialog';
import { mayUseReleases } from '../releases/releaseView';
import { countryOptions, fasciaOptions } from '../ui/options';
import { PendingConflictDialog } from '../team/PendingConflictDialog';
import { listNames } from '../team/listNames';
import {
  colleaguesOn,
  onTeamChange,
  pendingConflictAtom,
  pendingSavesAtom,
  permissionsAtom,
  presenceAtom,
  setTeamValue,
  teamStatusAtom,
  useTeamValue,
} from '../state/teamStore';
import type { PendingSave } from '../../../../core/team';
import '../team/team.css';
import './dashboard.css';
import { StateMessage } from '../ui/StateMessage';
import { appendListingPage, coalesce, hasMorePages, refreshFirstPage, type LoadedPages } from './dashboardListing';

/** Team events heard within this long list the first page once. */
const REFRESH_COALESCE_MS = 300;

interface Row {
  bookmark: string;
  key: PageKey;
  category: string;
  lastSaved: string | null;
  author: string;
  status: 'Saved' | 'Draft' | 'Unsaved changes';
  /** The live version (issue 24), absent when the page has never gone live. */
  live?: LiveState;
}

/** Saved pages and local drafts as one list: a draft of a saved page shows on that page's row. */
function mergeRows(pages: readonly PageSummary[], drafts: readonly DraftSummary[]): Row[] {
  const rows = new Map<string, Row>();
  for (const page of pages) {
    const bookmark = bookmarkFor(page.key);
    rows.set(bookmark, {
      bookmark,
      key: page.key,
      category: page.category,
      lastSaved: page.timestamp,
      author: page.author,
      status: 'Saved',
      live: page.live,
    });
  }
  for (const draft of drafts) {
    const saved = rows.get(draft.bookmark);
    if (saved) {
      if (draft.dirty) saved.status = 'Unsaved changes';
    } else {
      rows.set(draft.bookmark, {
        bookmark: draft.bookmark,
        key: draft.key,
        category: draft.category,
        lastSaved: null,
        author: '',
        status: 'Draft',
      });
    }
  }
  return [...rows.values()];
}

export function Dashboard() {
  const [saved, setSaved] = useState<LoadedPages | null>(null);
  const [drafts, setDrafts] = useState<DraftSummary[]>([]);
  const [pagesError, setPagesError] = useState<string | null>(null);
  const [damagedNotices, setDamagedNotices] = useState<string[]>([]);
  const [fascia, setFascia] = useState('');
  const [country, setCountry] = useState('');
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const [openingInCountries, setOpeningInCountries] = useState<Row | null>(null);
  const [goingLive, setGoingLive] = useState<Row | null>(null);
  const [rollingBack, setRollingBack] = useState<PageKey | null>(null);
  /** The rows chosen for Add to release, by bookmark. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [addingToRelease, setAddingToRelease] = useState<PageKey[] | null>(null);
  const permissions = useTeamValue(permissionsAtom);
  const [offline, setOffline] = useState(false);
  const presence = useTeamValue(presenceAtom);
  // Who has a page open is known only through a team server.
  const teamMode = useTeamValue(teamStatusAtom)?.mode === 'team';
  const pendingSaves = useTeamValue(pendingSavesAtom);
  // Releases are kept by a team server, for users with publish somewhere (issue 24): absent otherwise, like Go live.
  const releases = teamMode && mayUseReleases(permissions);
  // The filters go to the server, which lists one page of the matches at a time; drafts are filtered here alike.
  const query = useMemo(() => {
    const needle = text.trim();
    // The country select offers country codes only.
    return {
      fascia: fascia || undefined,
      country: (country || undefined) as CountryCode | undefined,
      text: needle || undefined,
    };
  }, [fascia, country, text]);
  const filtering = query.fascia !== undefined || query.country !== undefined || query.text !== undefined;
  /** Listings overtake each other when saves come quickly: only answers to the filters in force, in order, count. */
  const latestLoad = useRef({ filters: 0, request: 0 });
  const savedRef = useRef(saved);
  savedRef.current = saved;

  /** 'first': the filters changed; 'more': the next page; 'refresh': the first page again after a team event. */
  const load = useCallback(
    async (kind: 'first' | 'more' | 'refresh') => {
      if (kind === 'first') latestLoad.current.filters++;
      const { filters } = latestLoad.current;
      // Only listings of the first page overtake each other; a next page is added to whatever is shown.
      const request = kind === 'more' ? latestLoad.current.request : ++latestLoad.current.request;
      const offset = kind === 'more' ? (savedRef.current?.pages.length ?? 0) : 0;
      try {
        const listing = await call('listPages', { ...query, limit: DEFAULT_LIST_LIMIT, offset });
        // Another filter since, or a later listing of the first page already shown.
        if (filters !== latestLoad.current.filters || (kind !== 'more' && request !== latestLoad.current.request))
          return;
        const page = { pages: listing.pages, total: listing.total ?? listing.pages.length };
        setSaved((loaded) =>
          kind === 'first' || !loaded
            ? page
            : kind === 'more'
              ? appendListingPage(loaded, page)
              : refreshFirstPage(loaded, page),
        );
        setOffline(listing.offline ?? false);
        setDrafts(listing.drafts);
        setPagesError(listing.pagesError);
        setDamagedNotices(describeDamagedFiles(listing.damagedFiles));
      } catch (error) {
        toastError(`Could not list pages: ${errorMessage(error)}`);
        setSaved((loaded) => loaded ?? { pages: [], total: 0 });
      }
    },
    [query],
  );

  useEffect(() => {
    void load('first');
  }, [load]);
  // Other filters list other rows: what was selected under the old ones is not carried over unseen.
  useEffect(() => setSelected(new Set()), [query]);

  // Live (issue 13): a save by anyone, a pending save landing, and a stream that may have missed events list
  // the first page again, once for a burst of them; so does the server coming back. A page going live or rolled
  // back by anyone (issue 24) changes its Live column.
  useEffect(() => {
    const refresh = coalesce(() => void load('refresh'), REFRESH_COALESCE_MS);
    const stop = onTeamChange((event) => {
      if (event.type === 'saved' || event.type === 'live' || event.type === 'resync' || event.type === 'pendingSaved')
        refresh.trigger();
      else if (event.type === 'status' && event.status.connection === 'online') refresh.trigger();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [load]);

  const rows = useMemo(() => {
    if (!saved) return null;
    const matching = drafts.filter((draft) =>
      matchesPageQuery({ key: draft.key, category: draft.category, author: '' } as PageSummary, query),
    );
    return mergeRows(saved.pages, matching);
  }, [saved, drafts, query]);

  const pendingByPage = useMemo(() => {
    const byPage = new Map<string, PendingSave[]>();
    for (const pending of pendingSaves) {
      const bookmark = bookmarkFor(pending.key);
      byPage.set(bookmark, [...(byPage.get(bookmark) ?? []), pending]);
    }
    return byPage;
  }, [pendingSaves]);

  const visible = rows ?? [];
  // A saved version is what a release holds: a draft never saved cannot be selected. Only listed rows count: a
  // page that left the listing (a colleague's save moved it below what is loaded) is not added unseen.
  const selectable = visible.filter((row) => row.status !== 'Draft');
  const chosen = selectable.filter((row) => selected.has(row.bookmark));
  const toggleRow = (bookmark: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(bookmark)) next.add(bookmark);
      return next;
    });
  const toggleAll = () =>
    setSelected(chosen.length === selectable.length ? new Set() : new Set(selectable.map((row) => row.bookmark)));

  const existingKeys = useMemo(() => (rows ?? []).map((row) => row.key), [rows]);

  const open = async (key: PageKey) => {
    try {
      const { draft, skippedVersions } = await call('openPage', { key });
      const skipped = describeSkippedVersions(key.page, skippedVersions ?? []);
      if (skipped) toast(skipped, 'error');
      navigate(editorPath(draft.bookmark));
    } catch (error) {
      toastError(`Could not open ${key.page}: ${errorMessage(error)}`);
    }
  };

  return (
    <div className="dashboard">
      <Header title="Content Editor">
        {releases && (
          <a className="header-link" href={`#${RELEASES_PATH}`}>
            Releases
          </a>
        )}
        <a className="header-link" href={`#${FOCAL_POINT_PATH}`}>
          Focal Point
        </a>
        <a className="header-link" href={`#${SETTINGS_PATH}`}>
          Settings
        </a>
      </Header>
      <main>
        <div className="toolbar">
          <label>
            Filter by fascia
            <select value={fascia} onChange={(e) => setFascia(e.target.value)}>
              <option value="">All fascias</option>
              {fasciaOptions}
            </select>
          </label>
          <label>
            Filter by country
            <select value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">All countries</option>
              {countryOptions}
            </select>
          </label>
          <label>
            Search pages
            <input
              type="search"
              value={text}
              placeholder="Page, category or author"
              maxLength={200}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New Page
          </button>
          {releases && (
            <button
              type="button"
              className="secondary"
              disabled={chosen.length === 0}
              onClick={() => setAddingToRelease(chosen.map((row) => row.key))}
            >
              Add to release{chosen.length > 0 && ` (${chosen.length})`}
            </button>
          )}
        </div>
        {damagedNotices.length > 0 && (
          // Paths are long and have no spaces: they wrap anywhere rather than widen the page.
          <div
            role="status"
            className="banner-warning damaged-files"
            style={{ overflowWrap: 'anywhere', marginBottom: 12 }}
          >
            {damagedNotices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
        )}
        {offline && (
          <p role="status" className="banner-warning" style={{ marginBottom: 12 }}>
            The team server cannot be reached: the pages opened on this computer are listed from its cache, and saves
            wait here until it answers.
          </p>
        )}
        {/* Offline, the cache stands in for the listing: that banner says all this one would. */}
        {pagesError && !offline && (
          <p role="alert" className="banner-warning">
            Saved pages could not be listed: {pagesError} Your drafts are shown below.
          </p>
        )}
        {rows === null ? (
          <StateMessage kind="loading" title="Loading pages…" />
        ) : visible.length === 0 ? (
          <StateMessage
            kind="empty"
            title={filtering ? 'No page matches these filters.' : 'No pages yet. Create one with New Page.'}
          />
        ) : (
          <table className="pages">
            <thead>
              <tr>
                {releases && (
                  <th scope="col" className="pages-select">
                    <SelectAll chosen={chosen.length} of={selectable.length} onToggle={toggleAll} />
                  </th>
                )}
                <th scope="col">Fascia</th>
                <th scope="col">Country</th>
                <th scope="col">Page</th>
                <th scope="col">Category</th>
                <th scope="col">Last saved</th>
                <th scope="col">Author</th>
                <th scope="col">Status</th>
                <th scope="col">Live</th>
                {teamMode && (
                  <th scope="col" style={{ whiteSpace: 'nowrap' }}>
                    Open now
                  </th>
                )}
                <th scope="col" className="pages-actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={row.bookmark}>
                  {releases && (
                    <td className="pages-select">
                      {row.status !== 'Draft' && (
                        <input
                          type="checkbox"
                          checked={selected.has(row.bookmark)}
                          onChange={() => toggleRow(row.bookmark)}
                          aria-label={`Select ${row.key.page} (${pageOf(row.key)})`}
                        />
                      )}
                    </td>
                  )}
                  <td title={row.key.fascia}>{fasciaName(row.key.fascia)}</td>
                  <td title={row.key.country.toUpperCase()}>{countryName(row.key.country)}</td>
                  <td>
                    {row.key.page}
                    <span className="muted">
                      {' '}
                      · {row.key.platform} · {row.key.source}
                    </span>
                  </td>
                  <td className="pages-words">{row.category}</td>
                  <td>{row.lastSaved ? <TimeStamp iso={row.lastSaved} /> : 'Never'}</td>
                  <td>{row.author}</td>
                  <td className="pages-words">
                    {row.status}
                    <PendingMark pending={pendingByPage.get(row.bookmark) ?? []} />
                  </td>
                  <td className="pages-words">
                    <LiveMark live={row.live} />
                    {/* Absent, not disabled, without publish (issue 24): a draft never saved has nothing to put live. */}
                    {row.status !== 'Draft' && mayPublish(permissions, row.key) && (
                      <div className="pages-live-actions">
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setGoingLive(row)}
                          aria-label={`Go live: ${row.key.page} (${pageOf(row.key)})`}
                        >
                          Go live
                        </button>
                        {row.live && (
                          <button
                            type="button"
                            className="quiet"
                            onClick={() => setRollingBack(row.key)}
                            aria-label={`Roll back: ${row.key.page} (${pageOf(row.key)})`}
                          >
                            Roll back
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                  {teamMode && (
                    <td>
                      <OpenNow users={colleaguesOn(presence, row.key)} />
                    </td>
                  )}
                  <td className="pages-actions">
                    <div className="pages-action-buttons">
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => void open(row.key)}
                        aria-label={`Open ${row.key.page} (${pageOf(row.key)})`}
                      >
                        Open
                      </button>
                      <button
                        type="button"
                        className="quiet"
                        onClick={() => setOpeningInCountries(row)}
                        aria-label={`Open in countries: ${row.key.page} (${pageOf(row.key)})`}
                      >
                        Open in countries
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {saved && hasMorePages(saved) && (
          <div className="pages-more">
            <span className="muted">
              {saved.pages.length} of {saved.total} saved pages
            </span>
            <button type="button" className="secondary" onClick={() => void load('more')}>
              Show more
            </button>
          </div>
        )}
      </main>
      <NewPageDialog
        open={creating}
        onOpenChange={setCreating}
        existing={existingKeys}
        onOpenExisting={(key) => void open(key)}
      />
      <PendingConflictDialog />
      <GoLiveDialog
        pageKey={goingLive?.key ?? null}
        unsaved={goingLive?.status === 'Unsaved changes'}
        onClose={() => setGoingLive(null)}
        onDone={() => void load('refresh')}
      />
      <AddToReleaseDialog
        pageKeys={addingToRelease}
        onClose={() => setAddingToRelease(null)}
        onDone={() => setSelected(new Set())}
      />
      <RollBackDialog pageKey={rollingBack} onClose={() => setRollingBack(null)} onDone={() => void load('refresh')} />
      {openingInCountries && (
        <CountriesDialog
          page={openingInCountries.key}
          category={openingInCountries.category}
          onClose={() => setOpeningInCountries(null)}
        />
      )}
    </div>
  );
}

/** Which page a row's buttons act on, as the user reads it: "JD GB". */
const pageOf = (key: PageKey): string => `${fasciaName(key.fascia)} ${key.country.toUpperCase()}`;

/** Selects every listed row that can be selected, or none when all are; mixed when some are. */
function SelectAll({ chosen, of, onToggle }: { chosen: number; of: number; onToggle(): void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && chosen < of;
  }, [chosen, of]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={of > 0 && chosen === of}
      disabled={of === 0}
      onChange={onToggle}
      aria-label="Select all listed pages"
    />
  );
}

/** A page's saves waiting for the team server: how many, and a way into the conflict UI when one met a conflict. */
function PendingMark({ pending }: { pending: readonly PendingSave[] }) {
  if (pending.length === 0) return null;
  const stuck = pending.find((entry) => entry.state !== 'waiting');
  const waiting = pending.length === 1 ? 'Save pending' : `${pending.length} saves pending`;
  return (
    <div>
      <span
        className={stuck ? 'team-pending-mark team-pending-conflict' : 'team-pending-mark'}
        title="Kept on this computer until the team server takes it"
      >
        {stuck ? (stuck.state === 'conflict' ? 'Pending save conflicts' : 'Pending save refused') : waiting}
      </span>
      {stuck && (
        <button type="button" className="team-resolve" onClick={() => setTeamValue(pendingConflictAtom, stuck)}>
          Resolve
        </button>
      )}
    </div>
  );
}

/** Who else has the page open now (presence). */
function OpenNow({ users }: { users: readonly string[] }) {
  if (users.length === 0) return <span className="muted">—</span>;
  return <span className="team-row-presence">{listNames(users)}</span>;
}

/** A page's live version (issue 24): "Live v12", when and by whom on hover and for screen readers, and how far UAT is ahead. */
function LiveMark({ live }: { live: LiveState | undefined }) {
  const now = useNow();
  if (!live) return <span className="muted">Not live</span>;
  const since = describeTime(live.at, now);
  const ahead = aheadOfLive(live.ahead);
  return (
    <>
      <span className="live-badge" title={`Live since ${since.title}, by ${live.by}`}>
        Live v{live.version}
      </span>
      <span className="visually-hidden">
        , since {since.text}, by {live.by}
      </span>
      {ahead && <div className="live-ahead">{ahead}</div>}
    </>
  );
}
