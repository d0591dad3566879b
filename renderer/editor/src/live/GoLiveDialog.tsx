import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { liveMessageError, type LiveEntry } from '../../../../core/live';
import { bookmarkFor } from '../../../../core/rules/page';
import type { PageKey, VersionSummary } from '../../../../core/schemas';
import { call } from '../api';
import { LoadFailed } from '../history/LoadFailed';
import { useDoc } from '../state/docContext';
import { useRemote } from '../state/useRemote';
import { useChangeMessage } from '../ui/ChangeMessageField';
import { Modal } from '../ui/Modal';
import { StateMessage } from '../ui/StateMessage';
import { TimeStamp } from '../ui/TimeStamp';
import { LiveMoveActions } from './LiveMoveActions';
import { livePageName } from './liveNames';
import '../history/history.css';
import './live.css';

interface GoLiveDialogProps {
  /** The page to put live; null while the dialog is closed. */
  pageKey: PageKey | null;
  /** The open page has changes not saved yet: they do not go live, and the dialog says so. */
  unsaved?: boolean;
  onClose(): void;
  /** After the page went live (the dashboard lists again). */
  onDone?(entry: LiveEntry): void;
}

/**
 * Go live with one page (issue 24 §1): the user picks one of its saved content versions (the newest by default)
 * and writes why. Main's refusal is shown here, and the dialog stays open with what was typed.
 */
export function GoLiveDialog({ pageKey, unsaved = false, onClose, onDone }: GoLiveDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={pageKey !== null} onOpenChange={(open) => !open && !busy && onClose()} title="Go live">
      {/* Mounted on each opening: the versions are read afresh, and nothing typed before is kept. */}
      {pageKey && (
        <GoLiveForm
          pageKey={pageKey}
          unsaved={unsaved}
          busy={busy}
          setBusy={setBusy}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

interface GoLiveFormProps {
  pageKey: PageKey;
  unsaved: boolean;
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onDone?(entry: LiveEntry): void;
}

function GoLiveForm({ pageKey, unsaved, busy, setBusy, onClose, onDone }: GoLiveFormProps) {
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const message = useChangeMessage(liveMessageError);
  const loaded = useRemote(`${bookmarkFor(pageKey)}#${attempt}`, async () => {
    const [{ versions }, { entries }] = await Promise.all([
      call('listVersions', { key: pageKey }),
      call('listLiveHistory', { key: pageKey }),
    ]);
    return {
      // Only content goes live: bookmarks are left out. Newest first, whatever order the service answered in.
      versions: versions.filter(({ kind }) => kind === 'content').sort((a, b) => b.version - a.version),
      liveNow: entries[0]?.version ?? null,
    };
  });
  const name = livePageName(pageKey);

  if (loaded.loading) return <StateMessage kind="loading" title="Loading the saved versions…" />;
  if (loaded.error !== null || loaded.data === undefined)
    return <LoadFailed what="The saved versions" error={loaded.error} onRetry={() => setAttempt((n) => n + 1)} />;
  const { versions, liveNow } = loaded.data;
  const version = chosen ?? versions[0]?.version ?? null;

  return (
    <div className="live-dialog">
      <p>
        Put a saved version of <strong>{name}</strong> live.
      </p>
      {unsaved && (
        <p role="note" className="banner-warning">
          This page has unsaved changes. Only saved versions go live: the newest saved version is what goes live,
          without those changes.
        </p>
      )}
      {versions.length === 0 ? (
        <StateMessage kind="empty" title="This page has no saved version to put live yet." />
      ) : (
        <VersionChoice versions={versions} liveNow={liveNow} chosen={version} disabled={busy} onChoose={setChosen} />
      )}
      {/* A refused move keeps the version and the message: the user may change either and try again. */}
      <LiveMoveActions
        name={name}
        message={message}
        busy={busy}
        setBusy={setBusy}
        ready={version !== null}
        label="Go live"
        busyLabel="Going live…"
        refusedAs="did not go live"
        move={(text) => call('goLive', { pageKey, version: version!, message: text })}
        onClose={onClose}
        onDone={onDone}
      />
    </div>
  );
}

/** The page's content versions as radio buttons, newest first, each with its author, time and message. */
function VersionChoice({
  versions,
  liveNow,
  chosen,
  disabled,
  onChoose,
}: {
  versions: readonly VersionSummary[];
  liveNow: number | null;
  chosen: number | null;
  disabled: boolean;
  onChoose(version: number): void;
}) {
  return (
    <fieldset className="live-versions" disabled={disabled}>
      <legend>Version</legend>
      <ul>
        {versions.map((version) => (
          <li key={version.version}>
            <label className="live-version">
              <input
                type="radio"
                name="live-version"
                value={version.version}
                checked={chosen === version.version}
                onChange={() => onChoose(version.version)}
              />
              <span className="version-heading">
                Version {version.version}
                {liveNow === version.version && <span className="version-badge live-mark">Live now</span>}
              </span>
              <span className="muted">
                {version.author} · <TimeStamp iso={version.timestamp} />
              </span>
              {version.commitMessage && <span className="version-message">{version.commitMessage}</span>}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Go live with the page open in the editor: its newest saved version by default, saying so when it has unsaved changes. */
export function EditorGoLiveDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const doc = useDoc();
  const unsaved = useAtomValue(doc.dirtyAtom);
  return <GoLiveDialog pageKey={open ? doc.key : null} unsaved={unsaved} onClose={() => onOpenChange(false)} />;
}
