import type { PresenceEntry, TeamEvent } from '../../core/team';
import { parseTeamStreamEvent, type ServerPresence, type TeamStreamEvent } from '../../core/teamProtocol';
import { pageKeyId } from '../../core/store';
import type { StreamMessage } from './teamEvents';

/**
 * The team server's event stream (core/teamProtocol.ts, teamStreamEvents) turned into what the editor is told
 * (TeamEvent): saves and live moves as they are, presence kept as a board of who has which page open and pushed whole.
 */

export interface StreamTranslator {
  /** One event as it arrived; a name the contract does not know, or data it refuses, is ignored. */
  receive(message: StreamMessage): void;
  /** Everyone else's open pages now (the signed-in user's own are left out). */
  others(): PresenceEntry[];
  /** Forgets every open page (the stream is gone); pushes nothing. */
  clear(): void;
  /** Pushes the board as it is now (the signed-in user changed). */
  push(): void;
}

export interface StreamTranslatorOptions {
  emit(event: TeamEvent): void;
  /** The signed-in user as the server knows the token. */
  me(): string | null;
  /** A resync came: the server is answering again. */
  onResync(): void;
}

const presenceId = (entry: Pick<ServerPresence, 'user' | 'pageKey'>): string =>
  `${entry.user} ${pageKeyId(entry.pageKey)}`;

export function createStreamTranslator(options: StreamTranslatorOptions): StreamTranslator {
  const board = new Map<string, PresenceEntry>();
  const others = (): PresenceEntry[] => [...board.values()].filter((entry) => entry.user !== options.me());
  const push = (): void => options.emit({ type: 'presence', presence: others() });

  const translate = (event: TeamStreamEvent): void => {
    switch (event.event) {
      case 'saved':
      case 'live':
      case 'release':
        options.emit(event.data);
        return;
      case 'presence-snapshot':
        board.clear();
        for (const { pageKey, user, lastSeen, focus } of event.data.presence)
          board.set(presenceId({ user, pageKey }), { pageKey, user, lastSeen, ...(focus && { focus }) });
        push();
        return;
      case 'presence': {
        const { user, pageKey, timestamp, focus } = event.data;
        if (event.data.state === 'open')
          board.set(presenceId(event.data), { pageKey, user, lastSeen: timestamp, ...(focus && { focus }) });
        else board.delete(presenceId(event.data));
        push();
        return;
      }
      case 'resync':
        // The server lost its database for a while: what it would have announced meanwhile is gone.
        options.onResync();
        options.emit({ type: 'resync', reason: event.data.reason || 'The team server asks to list again.' });
        return;
      default:
        // A stream event added to the contract must be translated here: this line stops compiling until it is.
        return event satisfies never;
    }
  };

  return {
    receive: ({ event, data }) => {
      const parsed = parseTeamStreamEvent(event, data);
      if (parsed) translate(parsed);
    },
    others,
    clear: () => board.clear(),
    push,
  };
}
