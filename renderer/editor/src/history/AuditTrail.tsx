import { useState } from 'react';
import type { PageKey } from '../../../../core/schemas';
import { bookmarkFor } from '../../../../core/rules/page';
import type { AuditEntry } from '../../../../core/teamProtocol';
import { call } from '../api';
import { useRemote } from '../state/useRemote';
import { StateMessage } from '../ui/StateMessage';
import { LoadFailed } from './LoadFailed';
import { TimeStamp } from '../ui/TimeStamp';

/** What an entry's action and result read as; an action this list does not know is shown as it is stored. */
const ACTION_LABELS: Record<string, string> = {
  'page.save': 'Save',
  'page.bookmark': 'Bookmark',
  'request.refused': 'Refused request',
};
const RESULT_LABELS: Record<string, string> = {
  saved: 'Saved',
  repeat: 'Repeat of an earlier save',
  conflict: 'Conflict with a newer version',
  refused: 'Refused',
  ok: 'Done',
};

/**
 * The page's audit trail on the team server (issue 22 §4), newest first: who did what to it, when, from which
 * client, and how it ended. The server answers admins only; anyone else, and the embedded store, is told why.
 */
export function AuditTrail({ pageKey }: { pageKey: PageKey }) {
  const [attempt, setAttempt] = useState(0);
  const trail = useRemote(`${bookmarkFor(pageKey)}#${attempt}`, () => call('listPageAudit', { key: pageKey }));

  if (trail.loading) return <StateMessage kind="loading" title="Loading the audit trail…" />;
  if (trail.error !== null || trail.data === undefined) {
    return <LoadFailed what="The audit trail" error={trail.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (!trail.data.available)
    return (
      <StateMessage kind="empty" title="No audit trail to show.">
        {trail.data.reason}
      </StateMessage>
    );
  const { entries, total } = trail.data;
  if (entries.length === 0) return <StateMessage kind="empty" title="The audit log has no entries for this page." />;
  return (
    <div className="audit-trail">
      {total > entries.length && (
        <p role="note" className="hint">
          The newest {entries.length} of {total} entries. The server's command line lists them all: npm run server --
          audit --page {pageKey.page}
        </p>
      )}
      <table className="audit-table">
        <caption className="visually-hidden">Audit trail of {pageKey.page}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Version</th>
            <th scope="col">Result</th>
            <th scope="col">Client</th>
            <th scope="col">Request id</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const result = RESULT_LABELS[entry.result] ?? entry.result;
  return (
    <tr>
      <td>
        <TimeStamp iso={entry.at} />
      </td>
      <td>{entry.actor ?? 'Unknown'}</td>
      <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
      <td>{entry.version ?? ''}</td>
      <td>{entry.reason ? `${result}: ${entry.reason}` : result}</td>
      <td className="audit-client">
        {entry.clientAddress}
        {entry.userAgent && <span className="muted"> {entry.userAgent}</span>}
      </td>
      <td className="audit-request">{entry.requestId}</td>
    </tr>
  );
}
