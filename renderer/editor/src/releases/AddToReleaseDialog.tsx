import { useId, useRef, useState } from 'react';
import { ReleaseNameSchema, mayChangeRelease, unscheduledWarning, type ReleaseItem } from '../../../../core/releases';
import type { PageKey } from '../../../../core/schemas';
import { call, errorMessage } from '../api';
import { LoadFailed } from '../history/LoadFailed';
import { livePageName } from '../live/liveNames';
import { navigate, releasePath } from '../router';
import { toast } from '../state/toasts';
import { useRemote } from '../state/useRemote';
import { Modal } from '../ui/Modal';
import { StateMessage } from '../ui/StateMessage';
import { ReleaseStatusBadge } from './ReleaseStatusBadge';
import { contentVersionsNewestFirst } from './releaseView';
import '../live/live.css';
import './releases.css';

/**
 * The dashboard's Add to release (issue 24 §4): the selected pages, each at its newest content version, go into
 * a release that can still change, or into a new one named here. A refusal stays in the dialog with the choice
 * and the name typed.
 */
export function AddToReleaseDialog({
  pageKeys,
  onClose,
  onDone,
}: {
  /** The selected pages; null while the dialog is closed. */
  pageKeys: readonly PageKey[] | null;
  onClose(): void;
  /** After they were added (the dashboard clears its selection). */
  onDone(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={pageKeys !== null} onOpenChange={(open) => !open && !busy && onClose()} title="Add to release">
      {/* Mounted on each opening: the releases are read afresh, and nothing typed before is kept. */}
      {pageKeys && (
        <AddToReleaseForm pageKeys={pageKeys} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

/** The selected pages as release items, each at its newest content version (bookmarks never go live). */
async function newestItems(pageKeys: readonly PageKey[]): Promise<ReleaseItem[]> {
  return Promise.all(
    pageKeys.map(async (pageKey) => {
      const [newest] = contentVersionsNewestFirst((await call('listVersions', { key: pageKey })).versions);
      if (!newest) throw new Error(`${livePageName(pageKey)} has no saved version to put live yet.`);
      return { pageKey, version: newest.version };
    }),
  );
}

function AddToReleaseForm({
  pageKeys,
  busy,
  setBusy,
  onClose,
  onDone,
}: {
  pageKeys: readonly PageKey[];
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onDone(): void;
}) {
  const [attempt, setAttempt] = useState(0);
  const [choice, setChoice] = useState<number | 'new'>('new');
  const [name, setName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  /** A release this dialog created whose items were then refused: trying again adds to it, not a namesake. */
  const created = useRef<{ id: number; name: string } | null>(null);
  const nameId = useId();
  const releases = useRemote(`releases#${attempt}`, async () =>
    (await call('listReleases', {})).releases.filter((release) => mayChangeRelease(release.status)),
  );

  if (releases.loading) return <StateMessage kind="loading" title="Loading the releases…" />;
  if (releases.error !== null || releases.data === undefined)
    return <LoadFailed what="The releases" error={releases.error} onRetry={() => setAttempt((n) => n + 1)} />;
  const count = pageKeys.length === 1 ? '1 page' : `${pageKeys.length} pages`;

  const submit = async () => {
    setRefusal(null);
    let target = choice === 'new' ? created.current : null;
    if (choice === 'new' && target === null) {
      const parsed = ReleaseNameSchema.safeParse(name);
      if (!parsed.success) {
        setRefusal(parsed.error.issues[0]?.message ?? 'Give the release a name');
        return;
      }
    }
    setBusy(true);
    try {
      const items = await newestItems(pageKeys);
      if (choice === 'new' && target === null) {
        const { release } = await call('createRelease', { name: ReleaseNameSchema.parse(name) });
        target = created.current = { id: release.id, name: release.name };
      }
      const id = target?.id ?? (choice as number);
      const answer = await call('changeReleaseItems', { id, set: items });
      const { release } = answer;
      toast(`Added ${count} to "${release.name}"`, 'success', 6000, undefined, {
        label: 'Open release',
        description: `Opens the release "${release.name}"`,
        run: () => navigate(releasePath(release.id)),
      });
      if (answer.unscheduled) toast(unscheduledWarning(release.name), 'info', 8000);
      setBusy(false);
      onDone();
      onClose();
    } catch (error) {
      setRefusal(`The pages were not added: ${errorMessage(error)}`);
      setBusy(false);
    }
  };

  return (
    <form
      className="live-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>Add {count}, each at its newest saved version.</p>
      <fieldset className="live-versions" disabled={busy}>
        <legend>Release</legend>
        <ul>
          {releases.data.map((release) => (
            <li key={release.id}>
              <label className="live-version">
                <input
                  type="radio"
                  name="release"
                  checked={choice === release.id}
                  onChange={() => setChoice(release.id)}
                />
                <span className="version-heading">
                  {release.name} <ReleaseStatusBadge status={release.status} />
                </span>
                <span className="muted">{release.itemCount === 1 ? '1 item' : `${release.itemCount} items`}</span>
              </label>
            </li>
          ))}
          <li>
            <label className="live-version">
              <input type="radio" name="release" checked={choice === 'new'} onChange={() => setChoice('new')} />
              <span className="version-heading">
                {created.current ? `${created.current.name} (created just now)` : 'New release'}
              </span>
            </label>
          </li>
        </ul>
      </fieldset>
      {choice === 'new' && created.current === null && (
        <label htmlFor={nameId}>
          Name of the new release
          <input
            id={nameId}
            value={name}
            maxLength={80}
            disabled={busy}
            placeholder="e.g. Black Friday"
            onChange={(event) => {
              setName(event.target.value);
              setRefusal(null);
            }}
          />
        </label>
      )}
      {refusal && (
        <p role="alert" className="field-warning">
          {refusal}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" disabled={busy} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add to release'}
        </button>
      </div>
    </form>
  );
}
