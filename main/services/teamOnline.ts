import { backoffDelay, type BackoffPolicy } from '../../core/rules/backoff';
import { StudioError } from '../../core/result';
import {
  cameOnline,
  INITIAL_TEAM_CONNECTION,
  statusChanged,
  teamConnectionReducer,
  type TeamConnectionEvent,
  type TeamConnectionState,
} from '../../core/rules/teamConnection';
import type { ContentClient } from './contentClient';

/**
 * Online/Offline with the team server in force, driven by the pure reducer of core/rules/teamConnection.ts:
 * every answer and failure of its calls and its stream is noted here, and a server that failed a call while
 * its stream stayed open is probed with backoff until it answers (the stream would not say).
 */

export interface TeamOnlineOptions {
  now: () => Date;
  probeBackoff: BackoffPolicy;
  /** Asks the server in force whether it answers: null when it does, else why not; undefined: signed out since. */
  probe(): Promise<string | null | undefined>;
  /** The status the editor sees changed. */
  onStatusChanged(): void;
  /** The server answers again (or for the first time). */
  onCameOnline(): void;
}

export interface TeamOnline {
  state(): TeamConnectionState;
  /** Events without a time of their own (signed in or out); the others have their method. */
  note(event: Extract<TeamConnectionEvent, { type: 'signedIn' | 'signedOut' }>): void;
  /** The server answered. */
  reached(): void;
  /** A call could not reach the server. */
  unreachable(reason: string): void;
  streamOpened(): void;
  /** Anything arrived on the stream, heartbeats included. */
  contact(): void;
  streamDropped(reason: string, retryAt: Date): void;
  /** The company session ended: offline with the reason, and no probing until a new sign-in. */
  sessionEnded(reason: string): void;
  /** The client with every answer and every unreachable failure noted. */
  watch(client: ContentClient): ContentClient;
  /** Stops probing (signed out, or another server). */
  stopProbe(): void;
  /** A probe is planned: it is made now instead (the editor's Retry now). */
  probeNow(): void;
}

const isOffline = (error: unknown): error is StudioError =>
  error instanceof StudioError && (error.code === 'unavailable' || error.code === 'unauthorized');

export function createTeamOnline(options: TeamOnlineOptions): TeamOnline {
  const { now } = options;
  let state = INITIAL_TEAM_CONNECTION;
  let probeTimer: NodeJS.Timeout | undefined;
  /** The planned probe, while one is. */
  let plannedProbe: (() => void) | null = null;
  let probeFailures = 0;
  const at = (): string => now().toISOString();

  const note = (event: TeamConnectionEvent): void => {
    const before = state;
    state = teamConnectionReducer(state, event);
    if (statusChanged(before, state)) options.onStatusChanged();
    if (cameOnline(before, state)) options.onCameOnline();
  };

  const stopProbe = (): void => {
    clearTimeout(probeTimer);
    plannedProbe = null;
    probeFailures = 0;
  };

  const reached = (): void => {
    stopProbe();
    note({ type: 'answered', at: at() });
  };

  const scheduleProbe = (): string => {
    clearTimeout(probeTimer);
    const delay = backoffDelay(probeFailures++, options.probeBackoff);
    const probe = (): void => {
      plannedProbe = null;
      void options.probe().then((problem) => {
        if (problem === null) reached();
        else if (problem !== undefined) unreachable(problem);
      });
    };
    plannedProbe = probe;
    probeTimer = setTimeout(probe, delay);
    probeTimer.unref?.();
    return new Date(now().getTime() + delay).toISOString();
  };

  function unreachable(reason: string): void {
    note({ type: 'failed', reason, nextAttemptAt: state.streamOpen ? scheduleProbe() : null });
  }

  return {
    state: () => state,
    note,
    reached,
    unreachable,
    streamOpened: () => {
      stopProbe();
      note({ type: 'streamOpened', at: at() });
    },
    contact: () => note({ type: 'contact', at: at() }),
    streamDropped: (reason, retryAt) => note({ type: 'streamDropped', reason, nextAttemptAt: retryAt.toISOString() }),
    sessionEnded: (reason) => {
      stopProbe();
      note({ type: 'sessionEnded', reason });
    },
    watch(client) {
      const watch =
        <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          try {
            const result = await call(...args);
            reached();
            return result;
          } catch (error) {
            if (isOffline(error)) unreachable(error.message);
            else if (error instanceof StudioError && error.code !== 'failed') reached();
            throw error;
          }
        };
      return {
        saveContent: watch(client.saveContent),
        saveContentReceipt: watch(client.saveContentReceipt),
        saveBookmark: watch(client.saveBookmark),
        listPages: watch(client.listPages),
        loadPage: watch(client.loadPage),
        listVersions: watch(client.listVersions),
        loadVersion: watch(client.loadVersion),
        pageAudit: watch(client.pageAudit),
        goLive: watch(client.goLive),
        rollBack: watch(client.rollBack),
        liveHistory: watch(client.liveHistory),
        listReleases: watch(client.listReleases),
        loadRelease: watch(client.loadRelease),
        createRelease: watch(client.createRelease),
        changeReleaseItems: watch(client.changeReleaseItems),
        scheduleRelease: watch(client.scheduleRelease),
        unscheduleRelease: watch(client.unscheduleRelease),
        goLiveRelease: watch(client.goLiveRelease),
        rollBackRelease: watch(client.rollBackRelease),
        deleteRelease: watch(client.deleteRelease),
      };
    },
    stopProbe,
    probeNow() {
      if (!plannedProbe) return;
      clearTimeout(probeTimer);
      plannedProbe();
    },
  };
}
