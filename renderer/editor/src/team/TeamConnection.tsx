import { useState } from 'react';
import { describeTime } from '../../../../core/rules/dateTime';
import { useNow } from '../ui/TimeStamp';
import { call, errorMessage } from '../api';
import { toast } from '../state/toasts';
import { setTeamValue, teamStatusAtom, useTeamValue } from '../state/teamStore';
import './team.css';

/**
 * The header's word on the team server (issue 13): Online, or Offline with the time of the last contact, in
 * the user's locale. Nothing in "This computer only" mode, where there is no server to reach.
 */
export function TeamConnection() {
  const status = useTeamValue(teamStatusAtom);
  if (!status || status.mode !== 'team') return null;
  if (status.signedOut) {
    return (
      <span className="team-connection team-offline" role="status" title={status.signedOut}>
        Signed out
      </span>
    );
  }
  if (status.connection === 'online') {
    return (
      <span
        className="team-connection team-online"
        role="status"
        title={`Connected to ${status.serverUrl ?? 'the team server'}`}
      >
        Online
      </span>
    );
  }
  if (status.connection === 'connecting') {
    return (
      <span className="team-connection" role="status">
        Connecting…
      </span>
    );
  }
  return <Offline lastContact={status.lastContact} reason={status.offlineReason} />;
}

function Offline({ lastContact, reason }: { lastContact: string | null; reason: string | null }) {
  const at = lastContact ? describeTime(lastContact, useNow()) : null;
  const contact = at ? `last contact ${at.text}` : 'no contact yet';
  const detail = [
    reason,
    at ? `Last contact: ${at.title}` : null,
    'Saves are kept on this computer until the server answers.',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <span className="team-offline-group">
      <span className="team-connection team-offline" role="status" title={detail}>
        Offline · {contact}
      </span>
      <RetryNow />
    </span>
  );
}

/**
 * Tries the server at once instead of at the next planned attempt, which backs off up to a minute: an editor
 * whose network is back should not have to wait for it. The header says Online as soon as the server answers.
 */
function RetryNow() {
  const [trying, setTrying] = useState(false);
  const retry = async () => {
    setTrying(true);
    try {
      setTeamValue(teamStatusAtom, await call('retryTeamConnection', {}));
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setTrying(false);
    }
  };
  return (
    <button type="button" className="quiet" disabled={trying} onClick={() => void retry()}>
      Retry now
    </button>
  );
}
