import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DraftSummary } from '../../../../core/contract';
import { countryName } from '../../../../core/countries';
import { fasciaName } from '../../../../core/fascias';
import { describeDamagedFiles } from '../../../../core/damagedFiles';
import { bookmarkFor } from '../../../../core/rules/page';
import { describeSkippedVersions } from '../../../../core/rules/skippedVersions';
import type { PageKey, PageSummary } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { CountriesDialog } from '../multi/CountriesDialog';
import { toast } from '../state/toasts';
import { FOCAL_POINT_PATH, SETTINGS_PATH, editorPath, navigate } from '../router';
import { Header } from './Header';
import { NewPageDialog } from './NewPageDialog';
import { toastError } from '../ui/Toasts';
import { TimeStamp } from '../ui/TimeStamp';
import { countryOptions, fasciaOptions } from '../ui/options';
import { PendingConflictDialog } from '../team/PendingConflictDialog';
import { listNames } from '../team/EditorTeamBanners';
import {
  colleaguesOn,
  onTeamChange,
  pendingConflictAtom,
  pendingSavesAtom,
  presenceAtom,
  setTeamValue,
  teamStatusAtom,
  useTeamValue,
} from '../state/teamStore';
import type { PendingSave } from '../../../../core/team';
import '../team/team.css';
import './dashboard.css';
import { StateMessage } from '../ui/StateMessage';

interface Row {
  bookmark: string;
  key: PageKey;
  category: string;
  lastSaved: string | null;
  author: string;
  status: 'Saved' | 'Draft' | 'Unsaved changes';
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
  const [rows, setRows] = useState<Row[] | null>(null);
  const [pagesError, setPagesError] = useState<string | null>(null);
  const [damagedNotices, setDamagedNotices] = useState<string[]>([]);
  const [fascia, setFascia] = useState('');
  const [country, setCountry] = useState('');
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const [openingInCountries, setOpeningInCountries] = useState<Row | null>(null);
  const [offline, setOffline] = useState(false);
  const presence = useTeamValue(presenceAtom);
  // Who has a page open is known only through a team server.
  const teamMode = useTeamValue(teamStatusAtom)?.mode === 'team';
  const pendingSaves = useTeamValue(pendingSavesAtom);
  /** Listings overtake each other when saves come quickly: only the latest request's answer is shown. */
  const latestLoad = useRef(0);

  const load = useCallback(async () => {
    const request = ++latestLoad.current;
    try {
      const listing = await call('listPages', {});
      if (request !== latestLoad.current) return;
      setOffline(listing.offline ?? false);
      setRows(mergeRows(listing.pages, listing.drafts));
      setPagesError(listing.pagesError);
      setDamagedNotices(describeDamagedFiles(listing.damagedFiles));
    } catch (error) {
      toastError(`Could not list pages: ${errorMessage(error)}`);
      setRows([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Live (issue 13): a save by anyone, a pending save landing, and a stream that may have missed events list
  // the pages again; so does the server coming back.
  useEffect(
    () =>
      onTeamChange((event) => {
        if (event.type === 'saved' || event.type === 'resync' || event.type === 'pendingSaved') void load();
        else if (event.type === 'status' && event.status.connection === 'online') void load();
      }),
    [load],
  );

  const pendingByPage = useMemo(() => {
    const byPage = new Map<string, PendingSave[]>();
    for (const pending of pendingSaves) {
      const bookmark = bookmarkFor(pending.key);
      byPage.set(bookmark, [...(byPage.get(bookmark) ?? []), pending]);
    }
    return byPage;
  }, [pendingSaves]);

  const visible = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (rows ?? []).filter(
      (row) =>
        (!fascia || row.key.fascia === fascia) &&
        (!country || row.key.country === country) &&
        (!needle || `${row.key.page} ${row.category} ${row.author} ${row.key.source}`.toLowerCase().includes(needle)),
    );
  }, [rows, fascia, country, text]);

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
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New Page
          </button>
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
            title={rows.length === 0 ? 'No pages yet. Create one with New Page.' : 'No page matches these filters.'}
          />
        ) : (
          <table className="pages">
            <thead>
              <tr>
                <th scope="col">Fascia</th>
                <th scope="col">Country</th>
                <th scope="col">Page</th>
                <th scope="col">Category</th>
                <th scope="col">Last saved</th>
                <th scope="col">Author</th>
                <th scope="col">Status</th>
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
                  <td title={row.key.fascia}>{fasciaName(row.key.fascia)}</td>
                  <td title={row.key.country.toUpperCase()}>{countryName(row.key.country)}</td>
                  <td>
                    {row.key.page}
                    <span className="muted">
                      {' '}
                      · {row.key.platform} · {row.key.source}
                    </span>
                  </td>
                  <td>{row.category}</td>
                  <td>{row.lastSaved ? <TimeStamp iso={row.lastSaved} /> : 'Never'}</td>
                  <td>{row.author}</td>
                  <td>
                    {row.status}
                    <PendingMark pending={pendingByPage.get(row.bookmark) ?? []} />
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
      </main>
      <NewPageDialog
        open={creating}
        onOpenChange={setCreating}
        existing={existingKeys}
        onOpenExisting={(key) => void open(key)}
      />
      <PendingConflictDialog />
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
