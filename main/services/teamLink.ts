import { errorMessage } from '../../core/rules/errorMessage';
import type { TeamEvent } from '../../core/team';
import { createContentClient, type ContentClient, type ContentClientOptions } from './contentClient';
import type { TeamServer } from './teamConnection';
import { startTeamEventStream, type TeamEventStream, type TeamEventStreamOptions } from './teamEvents';
import type { TeamOnline } from './teamOnline';
import { createTeamPresenceReporter, type PresenceReporter } from './teamPresence';
import type { SessionKeeper } from './teamSignIn';
import type { StreamTranslator } from './teamStream';

/** A signed-in server and what runs for it (team.ts); replaced whole on a new sign-in. */
export interface Connection {
  /** Its token is read at every request: a company session's is refreshed (teamSignIn.ts). */
  server: TeamServer & { allowInsecureHttp: boolean };
  rawClient: ContentClient;
  client: ContentClient;
  stream: TeamEventStream;
  presence: PresenceReporter;
  /** A company sign-in's refreshing; null for an API token. */
  session: SessionKeeper | null;
}

export interface ConnectionOptions {
  client?: ContentClientOptions;
  presenceHeartbeatMs?: number;
  stream?: Pick<TeamEventStreamOptions, 'backoff' | 'stableAfterMs' | 'idleTimeoutMs' | 'random'>;
  online: TeamOnline;
  translator: StreamTranslator;
  emit(event: TeamEvent): void;
  log(message: string): void;
  /** Whether this connection is still the one in force (an old one's failures are not told). */
  isCurrent(connection: Connection): boolean;
}

/** Opens the content client, presence and the event stream of a server, all feeding Online/Offline. */
export function openConnection(
  server: Connection['server'],
  session: SessionKeeper | null,
  options: ConnectionOptions,
): Connection {
  const { online, translator } = options;
  // A getter, not the token: a company session's token changes as it is refreshed.
  const rawClient = createContentClient(server.url, { ...options.client, token: () => server.token });
  const startStream = (): TeamEventStream =>
    startTeamEventStream({
      ...options.stream,
      server,
      onOpen: online.streamOpened,
      onContact: online.contact,
      onDrop: online.streamDropped,
      onResync: (reason) => options.emit({ type: 'resync', reason }),
      onMessage: (message) => translator.receive(message),
    });
  const connection: Connection = {
    session,
    server,
    rawClient,
    client: online.watch(rawClient),
    presence: createTeamPresenceReporter(server, {
      heartbeatMs: options.presenceHeartbeatMs,
      // While offline every heartbeat fails, and the header already says so; resend() follows the return.
      onError: (error) => {
        if (options.isCurrent(connection) && online.state().connection === 'online')
          options.log(`presence not sent: ${errorMessage(error)}`);
      },
    }),
    stream: startStream(),
  };
  // The server ends an access token's stream once the token expires: a refreshed token gets a stream of its
  // own before that, so the connection does not drop; what was sent between the two may be missed.
  session?.onRenewed(() => {
    connection.stream.stop();
    connection.stream = startStream();
    options.emit({ type: 'resync', reason: 'The event stream was reopened with the renewed sign-in.' });
  });
  return connection;
}
