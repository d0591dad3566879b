import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { EVENTS_CHANNEL } from './db/database';
import { listen } from './db/listen';
import { allowedIn, type Permissions } from '../core/permissions';
import { maySeeReleases } from '../core/releases';
import { errorMessage } from '../core/rules/errorMessage';
import type { PageKey } from '../core/schemas';
import { RETRY_AFTER_SECONDS } from '../core/teamProtocol';
import { HttpError } from '../http/errors';
import { openSseStream, type SseStream } from '../http/sse';

/**
 * The live stream (GET /events): Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY. Saves and presence
 * changes are NOTIFYed inside their own transactions, by whichever server process handled them, so every
 * process listening on the database relays every event and none keeps state of its own.
 *
 * Events (`event:` name, `data:` one JSON object):
 *   presence-snapshot  {presence: [{pageKey, user, openedAt, lastSeen, focus?}]}  first, on every (re)connection
 *   saved              {type, pageKey, version, kind, author, message, timestamp}
 *   presence           {type, pageKey, user, state: 'open'|'closed', reason: 'opened'|'closed'|'expired'|'focus',
 *                       focus?: {component, field}, timestamp}
 *   live               {type, pageKey, version, hash, previous, move: 'live'|'rollback', at, by, message, release}
 *   release            {type, id, name, status}  a release changed (status null: deleted)
 *   resync             {reason}  the server lost its database for a while: events may have been missed
 * and a `: heartbeat` comment every heartbeatMs. A client that reconnects after a drop refreshes what it shows.
 * A stream carries the saves, presence and live moves of the pages its user may view only (issue 22), and the
 * release events to users who may see releases (publish somewhere, or admin).
 * A token has at most MAX_STREAMS_PER_TOKEN streams open on one process; the streams (http/sse.ts) drop a
 * client that stops reading.
 */

/** Enough for the desktops and browser tabs of one person; a client opening streams in a loop is stopped. */
export const MAX_STREAMS_PER_TOKEN = 5;

export interface EventHubOptions {
  databaseUrl: string;
  log: Logger;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /** The longest wait between two attempts to LISTEN again after the database went away. */
  maxReconnectDelayMs?: number;
  /** Of these token ids, the ones that still exist (one query); recheckTokens ends the others' streams. */
  existingTokenIds: (tokenIds: readonly string[]) => Promise<Set<string>>;
  /**
   * Grants or roles changed, or announcements may have been missed (the database was away): called before
   * the streams' view scopes are loaded again.
   */
  onAccessChanged?: () => void;
  /** An event of the stream was announced (a save, a live move, presence): heard before it is relayed. */
  onAnnouncement?: (type: string) => void;
}

/**
 * What a stream's user may do: only the saves and presence of pages they may view reach the stream (issue 22),
 * and release events only when they may see releases.
 */
export interface StreamViewer {
  permissions: Permissions;
  /** Loads the permissions again (grants changed). */
  reload: () => Promise<Permissions>;
}

export interface EventHub {
  /**
   * Turns the reply into an event stream until the client leaves, its token is revoked (on any server) or the
   * hub closes; null when the client has already left. Throws a 429 when the token has too many open.
   */
  subscribe(reply: FastifyReply, tokenId: string, viewer?: StreamViewer): SseStream | null;
  /** Ends the streams whose token no longer exists (a revocation this process may have missed). */
  recheckTokens(): Promise<void>;
  /** How many streams are open on this process. */
  openStreams(): number;
  /** Whether LISTEN is in place now (events are relayed). */
  listening(): boolean;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

export async function createEventHub(options: EventHubOptions): Promise<EventHub> {
  const { databaseUrl, log, heartbeatMs = 15_000, maxReconnectDelayMs = 5_000 } = options;
  /** Each open stream, the id of the token it was opened with and where its user may view pages. */
  const streams = new Map<SseStream, { tokenId: string; viewer?: StreamViewer }>();

  /**
   * Sends the event to every stream, or with a page key, to those whose user may view that page; a release
   * event to those whose user may see releases.
   */
  const broadcast = (data: string, event: string, pageKey?: PageKey): void => {
    const reaches = (viewer: StreamViewer): boolean =>
      event === 'release'
        ? maySeeReleases(viewer.permissions)
        : !pageKey || allowedIn(viewer.permissions.view, pageKey);
    for (const [stream, { viewer }] of streams) if (!viewer || reaches(viewer)) stream.send(data, event);
  };
  const endStreamsOf = (isGone: (tokenId: string) => boolean): void => {
    for (const [stream, { tokenId }] of streams) if (isGone(tokenId)) stream.end();
  };
  /** Grants changed: each stream's scopes are loaded again (a stream that cannot be is ended; it reconnects). */
  const reloadViewers = (): void => {
    options.onAccessChanged?.();
    for (const [stream, { viewer }] of streams) {
      if (!viewer) continue;
      viewer.reload().then(
        (permissions) => void (viewer.permissions = permissions),
        () => stream.end(),
      );
    }
  };

  const relay = (payload: string | undefined): void => {
    if (!payload) return;
    let type: unknown;
    let event: { type?: unknown; tokenId?: unknown; pageKey?: PageKey };
    try {
      event = JSON.parse(payload) as typeof event;
      type = event.type;
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'events: dropped a notification that is not JSON');
      return;
    }
    if (typeof type !== 'string' || !/^[a-z-]+$/.test(type)) return;
    if (type === 'token-revoked') {
      endStreamsOf((tokenId) => tokenId === event.tokenId);
      return;
    }
    if (type === 'access-changed') {
      reloadViewers();
      return;
    }
    options.onAnnouncement?.(type);
    // The payload is one line of JSON already (pg_notify text), so it goes out as one data line.
    broadcast(payload, type, event.pageKey);
  };

  const recheckTokens = async (): Promise<void> => {
    const open = [...new Set([...streams.values()].map(({ tokenId }) => tokenId))];
    if (open.length === 0) return;
    const existing = await options.existingTokenIds(open);
    // Streams opened during the query were not asked about: only the tokens checked can be found gone.
    const gone = new Set(open.filter((tokenId) => !existing.has(tokenId)));
    endStreamsOf((tokenId) => gone.has(tokenId));
  };
  /** A check that fails (the database is away) is logged; the next beat or reconnection checks again. */
  const recheckTokensNow = (): void =>
    void recheckTokens().catch((error: unknown) =>
      log.warn({ err: errorMessage(error) }, "events: cannot check the streams' tokens now"),
    );

  const listener = await listen(
    databaseUrl,
    EVENTS_CHANNEL,
    {
      onNotification: relay,
      onConnected: (wasDown) => {
        if (!wasDown) return;
        // Events sent while nobody listened are gone: desktops refresh what they show.
        broadcast(JSON.stringify({ reason: 'The server reconnected to its database.' }), 'resync');
        // A revocation announced while nobody listened was missed too, and so was any change of grants.
        recheckTokensNow();
        reloadViewers();
      },
    },
    { log, backoff: { initialMs: 200, maxMs: maxReconnectDelayMs } },
  );

  // Each stream sends its own heartbeat (http/sse.ts); on the same beat the hub checks the streams' tokens.
  const heartbeat = setInterval(recheckTokensNow, heartbeatMs);
  heartbeat.unref();

  return {
    listening: listener.listening,
    subscribe(reply, tokenId, viewer) {
      let opened = 0;
      for (const owner of streams.values()) if (owner.tokenId === tokenId) opened++;
      if (opened >= MAX_STREAMS_PER_TOKEN) {
        throw new HttpError(
          429,
          'too-many-streams',
          `This API token already has ${MAX_STREAMS_PER_TOKEN} event streams open on this server: close one (a desktop or browser tab using the token) and try again.`,
          {},
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        );
      }
      // A client gone already closes its stream inside openSseStream: nothing is added for it.
      let stream: SseStream | undefined = undefined;
      const forget = (): void => void (stream && streams.delete(stream));
      stream = openSseStream(reply, { heartbeatMs, onClose: forget });
      if (!stream.isOpen()) return null;
      streams.set(stream, { tokenId, viewer });
      return stream;
    },
    recheckTokens,
    openStreams: () => streams.size,
    async close() {
      clearInterval(heartbeat);
      for (const stream of [...streams.keys()]) stream.end();
      streams.clear();
      await listener.close();
    },
  };
}
