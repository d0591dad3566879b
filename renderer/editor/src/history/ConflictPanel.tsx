import { TimeStamp } from '../ui/TimeStamp';
import { StudioError } from '../../../../core/result';
import { VersionSummarySchema, type VersionSummary } from '../../../../core/schemas';
import './history.css';

interface ConflictPanelProps {
  /** The version saved since this editor opened the page: the one the content service holds now. */
  latest: VersionSummary;
  /** An action is running: every button waits. */
  busy: boolean;
  /** Whether the difference is shown, for the Review button's state. */
  reviewing: boolean;
  onReview(): void;
  onOverwrite(): void;
  onReloadTheirs(): void;
}

/**
 * What a save refused for a conflict shows (single-country save, and any save that meets one): who saved,
 * when and why, and the three ways on. Presentational: the caller loads, saves and replaces.
 */
export function ConflictPanel({ latest, busy, reviewing, onReview, onOverwrite, onReloadTheirs }: ConflictPanelProps) {
  const what = latest.kind === 'bookmark' ? 'a bookmark' : 'a new version';
  return (
    <section className="conflict-panel" role="alert" aria-label="Save conflict">
      <p className="conflict-title">This page was saved by someone else since you opened it.</p>
      <p>
        <strong>{latest.author}</strong> saved {what} (version {latest.version}), <TimeStamp iso={latest.timestamp} />
        {latest.commitMessage ? <>: “{latest.commitMessage}”</> : '.'}
      </p>
      <p className="hint">
        Nothing is lost either way: Overwrite saves your content and keeps theirs in the history; Reload theirs puts
        their content in the editor and keeps yours one Undo away.
      </p>
      <div className="conflict-actions">
        <button type="button" aria-expanded={reviewing} disabled={busy} onClick={onReview}>
          Review difference
        </button>
        <button type="button" className="danger" disabled={busy} onClick={onOverwrite}>
          Overwrite
        </button>
        <button type="button" disabled={busy} onClick={onReloadTheirs}>
          Reload theirs
        </button>
      </div>
    </section>
  );
}

/** The version a save was refused for, when the error is a conflict whose service said which version it was. */
export function latestOfConflict(error: unknown): VersionSummary | null {
  if (!(error instanceof StudioError) || error.code !== 'conflict') return null;
  const latest = VersionSummarySchema.safeParse(error.details);
  return latest.success ? latest.data : null;
}
