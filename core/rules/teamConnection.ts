import type { TeamStatus } from '../team';

/**
 * Online/Offline with a team server (issue 13), as a pure reducer: what main knows of the connection after
 * each thing that happened to it. The team service (main/services/team.ts) feeds it the answers and failures
 * of its calls and of the event stream, and pushes the status when statusChanged says so.
 */

export type TeamConnectionState = Pick<TeamStatus, 'connection' | 'lastContact' | 'offlineReason' | 'nextAttemptAt'> & {
  /** The event stream is open: a failed call is re-checked by a probe, since the stream will not say. */
  streamOpen: boolean;
};

/** Times are ISO UTC strings, as the status shows them. */
export type TeamConnectionEvent =
  /** Signed in (or a session's server): nothing has answered yet. */
  | { type: 'signedIn' }
  | { type: 'signedOut' }
  /** A call answered (any answer a server gives, an error included): the server is reachable. */
  | { type: 'answered'; at: string }
  /** A byte arrived on the stream (a heartbeat comment included): only the time of the last contact moves on. */
  | { type: 'contact'; at: string }
  /** A call could not reach the server; nextAttemptAt: when it is checked again (null: keep the one planned). */
  | { type: 'failed'; reason: string; nextAttemptAt: string | null }
  | { type: 'streamOpened'; at: string }
  | { type: 'streamDropped'; reason: string; nextAttemptAt: string }
  /** The company sign-in ended (its refresh was refused): offline, and nothing is tried until a new sign-in. */
  | { type: 'sessionEnded'; reason: string };

export const INITIAL_TEAM_CONNECTION: TeamConnectionState = {
  connection: 'online',
  lastContact: null,
  offlineReason: null,
  nextAttemptAt: null,
  streamOpen: false,
};

export function teamConnectionReducer(state: TeamConnectionState, event: TeamConnectionEvent): TeamConnectionState {
  switch (event.type) {
    case 'signedIn':
      return { ...state, connection: 'connecting', offlineReason: null, nextAttemptAt: null, streamOpen: false };
    case 'signedOut':
      return { ...state, connection: 'online', offlineReason: null, nextAttemptAt: null, streamOpen: false };
    case 'answered':
      return state.connection === 'online'
        ? { ...state, lastContact: event.at }
        : { ...state, lastContact: event.at, connection: 'online', offlineReason: null, nextAttemptAt: null };
    case 'contact':
      return { ...state, lastContact: event.at };
    case 'failed':
      return {
        ...state,
        connection: 'offline',
        offlineReason: event.reason,
        nextAttemptAt: event.nextAttemptAt ?? state.nextAttemptAt,
      };
    case 'sessionEnded':
      return { ...state, connection: 'offline', offlineReason: event.reason, nextAttemptAt: null, streamOpen: false };
    case 'streamOpened':
      return teamConnectionReducer({ ...state, streamOpen: true }, { type: 'answered', at: event.at });
    case 'streamDropped':
      return teamConnectionReducer(
        { ...state, streamOpen: false },
        {
          type: 'failed',
          reason: event.reason,
          nextAttemptAt: event.nextAttemptAt,
        },
      );
  }
}

/** Whether the editor must be told: the header shows the connection, the reason and the next attempt. */
export function statusChanged(before: TeamConnectionState, after: TeamConnectionState): boolean {
  return (
    before.connection !== after.connection ||
    before.offlineReason !== after.offlineReason ||
    before.nextAttemptAt !== after.nextAttemptAt
  );
}

/** The server answers again after being offline (or for the first time): presence and the outbox go out. */
export function cameOnline(before: TeamConnectionState, after: TeamConnectionState): boolean {
  return before.connection !== 'online' && after.connection === 'online';
}
