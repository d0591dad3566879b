import { useCallback, useEffect, useId, useState } from 'react';
import { ReleaseNameSchema, type ReleaseListAnswer } from '../../../../core/releases';
import { call, errorMessage } from '../api';
import { navigate, releasePath } from '../router';
import { toast } from '../state/toasts';
import { LoadFailed } from '../history/LoadFailed';
import { StateMessage } from '../ui/StateMessage';
import { TimeStamp } from '../ui/TimeStamp';
import { ReleaseStatusBadge } from './ReleaseStatusBadge';
import { releaseTime } from './releaseView';

/**
 * The releases, newest first (issue 24 §4): each with its status, its time and how many items it holds, and a
 * form to make a new one.
 */
export function ReleaseList({ heard }: { heard: number }) {
  const [listing, setListing] = useState<ReleaseListAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setListing(await call('listReleases', {}));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error));
    }
  }, []);
  // Again for every release or live event heard: heard changes with each.
  useEffect(() => {
    void load();
  }, [load, heard]);

  return (
    <>
      <NewReleaseForm />
      {loadError !== null ? (
        <LoadFailed what="The releases" error={loadError} onRetry={() => void load()} />
      ) : listing === null ? (
        <StateMessage kind="loading" title="Loading releases…" />
      ) : listing.releases.length === 0 ? (
        <StateMessage kind="empty" title="No releases yet.">
          Name one above, or select pages on the dashboard and add them to a release.
        </StateMessage>
      ) : (
        <>
          {listing.total > listing.releases.length && (
            <p role="note" className="hint">
              The newest {listing.releases.length} of {listing.total} releases.
            </p>
          )}
          <table className="pages releases-table">
            <caption className="visually-hidden">Releases, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Release</th>
                <th scope="col">Status</th>
                <th scope="col">When</th>
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {listing.releases.map((release) => {
                const time = releaseTime(release);
                return (
                  <tr key={release.id}>
                    <th scope="row">
                      <a href={`#${releasePath(release.id)}`}>{release.name}</a>
                    </th>
                    <td>
                      <ReleaseStatusBadge status={release.status} />
                    </td>
                    <td>
                      {time.label} <TimeStamp iso={time.at} />
                    </td>
                    <td>{release.itemCount}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/** Names a new release; a refused name stays in the field with the reason beside it. */
function NewReleaseForm() {
  const [name, setName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const create = async () => {
    const parsed = ReleaseNameSchema.safeParse(name);
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? 'Give the release a name');
      return;
    }
    setBusy(true);
    try {
      const { release } = await call('createRelease', { name: parsed.data });
      toast(`Created release "${release.name}"`);
      navigate(releasePath(release.id));
    } catch (error) {
      setRefusal(`The release was not created: ${errorMessage(error)}`);
      setBusy(false);
    }
  };

  return (
    <form
      className="release-create"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <label>
        New release
        <input
          value={name}
          maxLength={80}
          placeholder="e.g. Black Friday"
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setRefusal(null);
          }}
        />
      </label>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create release'}
      </button>
      {refusal && (
        <p id={errorId} role="alert" className="field-warning">
          {refusal}
        </p>
      )}
    </form>
  );
}
