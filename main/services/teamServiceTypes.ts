import type { LiveEntry } from '../../core/live';
import type { BackoffPolicy } from '../../core/rules/backoff';
import type { PageContent, PageKey } from '../../core/schemas';
import type {
  PendingSave,
  PresenceEntry,
  TeamConnectionProblem,
  TeamEvent,
  TeamStatus,
  UserPermissions,
} from '../../core/team';
import type { PresenceFocus } from '../../core/teamProtocol';
import type { ContentClient } from './contentClient';
import type { DraftStore } from './drafts';
import type { Outbox, OutboxEntry } from './outbox';
import type { OutboxSync, SaveAnswer } from './outboxSync';
import type { PageCache } from './pageCache';
import type { KeyValueStore, SecretStore } from './stores';
import type { TeamServer } from './teamConnection';
import type { TeamAddress, SessionKeeperOptions } from './teamSignIn';
import type { ConnectionOptions } from './teamLink';

/** The team service's options and interface (team.ts composes it). */

export type TeamForm = TeamAddress & { token: string };

/** stream, client, presenceHeartbeatMs: the connection's timings (teamLink.ts), shortened by tests. */
export interface TeamServiceOptions extends Pick<ConnectionOptions, 'stream' | 'client' | 'presenceHeartbeatMs'> {
  store: KeyValueStore;
  secrets: SecretStore;
  drafts: DraftStore;
  outbox: Outbox;
  pageCache: PageCache;
  now?: () => Date;
  /** The browser host's --server/--token-file: this server and token for the session, kept in memory only. */
  sessionServer?: TeamServer;
  /** Re-checking a server that failed a call while its stream stayed open. */
  probeBackoff?: BackoffPolicy;
  /** Opens the identity provider's page in the system browser (Electron's shell); without it the editor opens it. */
  openInBrowser?: (url: string) => Promise<void>;
  /** The company sign-in's refresh timing, shortened by tests. */
  companySession?: Pick<SessionKeeperOptions, 'refreshDelayMs' | 'retryBackoff'>;
  log?: (message: string) => void;
}

export interface TeamService {
  /** Signed in to a team server (with a token): saves go there. */
  active(): boolean;
  /** The server's user for the token, as last confirmed; null signed out. */
  user(): string | null;
  serverUrl(): string | null;
  /** What the user may do (issue 22): 'everything' signed out, or until the server has answered GET /me. */
  permissions(): UserPermissions;
  /** The team's content client; failures and answers update Online/Offline. Only while active(). */
  client(): ContentClient;
  status(): TeamStatus;
  /** Offline: the event stream and the probe try the server now, not at their planned times. */
  retryNow(): TeamStatus;
  presence(): PresenceEntry[];
  onEvent(listener: (event: TeamEvent) => void): () => void;
  /**
   * A live move made on this computer's content service (no team server, so no stream to tell of it): told to
   * the editor as the team stream tells of a move on the server, so its screens follow it the same way.
   */
  liveMovedHere(entry: LiveEntry): void;
  test(form: TeamForm): Promise<{ user: string | null; problem: TeamConnectionProblem | null }>;
  /**
   * Asks the server in force who the token belongs to (GET /me) and remembers it, for a sign-in that did not
   * test first (the browser host's --server/--token-file). The problem, or null once confirmed.
   */
  confirmUser(): Promise<TeamConnectionProblem | null>;
  signIn(form: TeamForm): Promise<TeamStatus>;
  /** Company sign-in: the provider's page (opened in the system browser if possible), then waiting for its return. */
  startCompanySignIn(server: TeamAddress): Promise<{ authorizationUrl: string; openedInBrowser: boolean }>;
  finishCompanySignIn(): Promise<TeamStatus>;
  signOut(): Promise<TeamStatus>;
  /** Saves to the server, or into the outbox when it cannot be reached (or earlier saves of the page still wait). */
  save(key: PageKey, page: PageContent, baseHash: string | null, saveId: string): Promise<SaveAnswer>;
  pendingSaves(): Promise<PendingSave[]>;
  pendingEntry(id: string): Promise<OutboxEntry>;
  discardPending(id: string): Promise<PendingSave[]>;
  /** A pending save that met a conflict, settled by a person: sent again with that document over theirs. */
  resolvePending: OutboxSync['resolve'];
  pageOpened(key: PageKey): void;
  pageClosed(key: PageKey): void;
  /** The editor's focus on an open page (null: in no field), paced to the server (teamPresence.ts). */
  pageFocus(key: PageKey, focus: PresenceFocus | null): void;
  /** Remembers a page opened from the server, for opening it offline. */
  cachePage: OutboxSync['cachePage'];
  localCopy: OutboxSync['localCopy'];
  pageCache: PageCache;
  close(): Promise<void>;
}
