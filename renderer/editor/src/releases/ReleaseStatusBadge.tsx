import { RELEASE_STATUS_LABELS, type ReleaseStatus } from '../../../../core/releases';

/** A release's status as a badge, coloured by what it means (releases.css, by data-status). */
export function ReleaseStatusBadge({ status }: { status: ReleaseStatus }) {
  return (
    <span className="release-status" data-status={status}>
      {RELEASE_STATUS_LABELS[status]}
    </span>
  );
}
