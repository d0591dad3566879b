import { useState } from 'react';
import { useAtomValue } from 'jotai';
import * as Tabs from '@radix-ui/react-tabs';
import { contentHash } from '../../../../core/rules/hash';
import { bookmarkFor } from '../../../../core/rules/page';
import { describeSkippedVersions } from '../../../../core/rules/skippedVersions';
import { TimeStamp } from '../ui/TimeStamp';
import type { Component, VersionSummary } from '../../../../core/schemas';
import { call } from '../api';
import { useRemote } from '../state/useRemote';
import { useDoc } from '../state/docContext';
import { toast } from '../state/toasts';
import { permissionsAtom, teamStatusAtom, useTeamValue } from '../state/teamStore';
import { mayReadPageAudit } from '../../../../core/rules/editingRights';
import { AuditTrail } from './AuditTrail';
import { DiffWithCurrent } from './DiffView';
import { SavedVersion } from './SavedVersion';
import { StateMessage } from '../ui/StateMessage';
import { LoadFailed } from './LoadFailed';
import { useLiveMarks } from './useLiveMarks';
import type { LiveMark } from '../../../../core/live';

/**
 * The page's saved versions, newest first; one of them against the current content, and its restore. Loaded
 * when Version history first opens (HistoryDialog).
 */
export function VersionHistory({ onRestored }: { onRestored(): void }) {
  // A team server keeps an audit log (issue 22 §4), which its admins read; the embedded store has none.
  const teamMode = useTeamValue(teamStatusAtom)?.mode === 'team';
  const { fascia, country } = useDoc().key;
  const permissions = useTeamValue(permissionsAtom);
  const showAudit = teamMode && mayReadPageAudit(permissions, { fascia, country });
  return showAudit ? <VersionsAndAudit onRestored={onRestored} /> : <Versions onRestored={onRestored} />;
}

/** The versions and, beside them, the page's audit trail, as two tabs; the audit trail loads when shown. */
function VersionsAndAudit({ onRestored }: { onRestored(): void }) {
  const doc = useDoc();
  return (
    <Tabs.Root defaultValue="versions" activationMode="automatic">
      <Tabs.List className="history-tabs" aria-label="Page history">
        <Tabs.Trigger value="versions">Versions</Tabs.Trigger>
        <Tabs.Trigger value="audit">Audit</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="versions" className="history-panel">
        <Versions onRestored={onRestored} />
      </Tabs.Content>
      <Tabs.Content value="audit" className="history-panel">
        <AuditTrail pageKey={doc.key} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Versions({ onRestored }: { onRestored(): void }) {
  const doc = useDoc();
  const [attempt, setAttempt] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const listing = useRemote(`${bookmarkFor(doc.key)}#${attempt}`, () => call('listVersions', { key: doc.key }));
  const marks = useLiveMarks(doc.key);

  if (listing.loading) return <StateMessage kind="loading" title="Loading the saved versions…" />;
  if (listing.error !== null || listing.data === undefined) {
    return <LoadFailed what="The saved versions" error={listing.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  const skipped = describeSkippedVersions(doc.key.page, listing.data.skipped ?? []);
  const skippedNote = skipped && (
    <p role="note" className="field-error">
      {skipped}
    </p>
  );
  if (listing.data.versions.length === 0) {
    return skippedNote || <StateMessage kind="empty" title="This page has not been saved yet." />;
  }

  const restore = (version: number, components: readonly Component[]) => {
    // A refused replacement (multi-country rules) has been explained to the user by the document.
    if (!doc.replaceAll(components)) return;
    toast(`Restored version ${version}. It is not saved yet; Undo brings back what you had.`);
    onRestored();
  };

  return (
    <>
      {skippedNote}
      <div className="history-columns">
        <VersionList versions={listing.data.versions} marks={marks} selected={selected} onSelect={setSelected} />
        <div className="history-detail">
          {selected === null ? (
            <StateMessage kind="empty" title="Select a version to compare it with the current content." />
          ) : (
            <SavedVersion key={selected} pageKey={doc.key} version={selected} label={`Version ${selected}`}>
              {(loaded) => (
                <>
                  <RestoreButton
                    components={loaded.components}
                    onRestore={() => restore(selected, loaded.components)}
                  />
                  <DiffWithCurrent before={loaded.components} beforeLabel={`version ${selected}`} />
                </>
              )}
            </SavedVersion>
          )}
        </div>
      </div>
    </>
  );
}

function VersionList({
  versions,
  marks,
  selected,
  onSelect,
}: {
  versions: readonly VersionSummary[];
  /** Live, or was live (issue 24), by version. */
  marks: ReadonlyMap<number, LiveMark>;
  selected: number | null;
  onSelect(version: number): void;
}) {
  // The embedded service answers newest first; a team's service may not, and the list promises it.
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <ul className="version-list" aria-label="Saved versions">
      {newestFirst.map((version) => (
        <li key={version.version}>
          <button
            type="button"
            className="version-item"
            aria-pressed={selected === version.version}
            onClick={() => onSelect(version.version)}
          >
            <span className="version-heading">
              Version {version.version}
              {version.kind === 'bookmark' && <span className="version-badge">Bookmark</span>}
              <LiveBadge mark={marks.get(version.version)} />
            </span>
            <span>{version.author}</span>
            <TimeStamp className="muted" iso={version.timestamp} />
            {version.commitMessage && <span className="version-message">{version.commitMessage}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

function LiveBadge({ mark }: { mark: LiveMark | undefined }) {
  if (!mark) return null;
  return <span className={`version-badge ${mark === 'Live' ? 'live-mark' : 'was-live-mark'}`}>{mark}</span>;
}

/** Restoring a version equal to the current content would only add an empty undo step. */
function RestoreButton({ components, onRestore }: { components: readonly Component[]; onRestore(): void }) {
  const doc = useDoc();
  useAtomValue(doc.revisionAtom);
  const same = contentHash(components) === contentHash(doc.components());
  return (
    <div className="history-restore">
      <p className="hint">
        {same
          ? 'This version has the same components as the current content.'
          : 'Restoring replaces the components; the page options stay as they are. It is one change: Undo brings back what you had.'}
      </p>
      <button type="button" className="primary" disabled={same} onClick={onRestore}>
        Restore this version
      </button>
    </div>
  );
}
