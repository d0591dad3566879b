import { join } from 'node:path';
import { createContentClient, type ContentClient } from '../services/contentClient';
import { startContentServer } from '../services/contentServer';
import { createDraftStore } from '../services/drafts';
import { removeCrashLeftovers } from '../services/dataFolder';
import type { DamagedFile } from '../../core/damagedFiles';
import { fetchJsonFeed } from '../services/feeds';
import { createProductLookupClient } from '../services/productLookup';
import { fetchImageMetadata } from '../services/imageMetadata';
import { createFacetedSearchClient, createMeshClient } from '../services/mesh';
import { readSettings, resolveService } from '../services/settings';
import { createTranslationClient } from '../services/translation';
import { testTeamConnection, type TeamServer } from '../services/teamConnection';
import { createTeamService, type TeamService, type TeamServiceOptions } from '../services/team';
import { createOutbox } from '../services/outbox';
import { createPageCache } from '../services/pageCache';
import { createStudioContentClient } from '../services/offlineContent';

export type { TeamServer };
import type { ServiceName } from '../../core/settings';

/** The api key of the embedded sample services; a team's own services take theirs from Settings. */
export const SAMPLE_API_KEY = 'storefront-studio-sample';
import type { KeyValueStore, SecretStore } from '../services/stores';
import { createDispatch, type Dispatch } from './dispatch';
import { createHandlers } from './handlers';

export interface StudioServicesOptions {
  dataDir: string;
  /** The shipped resources folder; its sample/ data is served by the embedded server. */
  resourcesDir: string;
  store: KeyValueStore;
  secrets: SecretStore;
  /**
   * A team server and token for this session only (the browser host's --server/--token-file), in place of
   * the sign-in stored by Settings → Team server.
   */
  teamServer?: TeamServer;
  /** Team mode's timings, shortened by tests, and how the shell opens the identity provider's page. */
  team?: Pick<
    TeamServiceOptions,
    'stream' | 'probeBackoff' | 'presenceHeartbeatMs' | 'client' | 'companySession' | 'openInBrowser'
  >;
  /** Settings files found damaged when the store was opened (SettingsStore.damagedFiles). */
  damagedSettings?: readonly DamagedFile[];
  now?: () => Date;
}

/**
 * The user a team server knows the token as (GET /me); throws the reason as a sentence when it cannot say.
 * The browser host's --server/--token-file and the tests use it; Settings uses testTeamConnection itself.
 */
export async function teamServerUser(server: TeamServer): Promise<string> {
  // The address was already checked by whoever passes it (the CLI applies the https rule with its consent).
  const answer = await testTeamConnection(server, { allowInsecureHttp: true });
  if (answer.problem) throw new Error(answer.problem.message);
  return answer.user;
}

export interface StudioServices {
  dispatch: Dispatch;
  /** The embedded content service, the default save target. */
  embeddedContentUrl: string;
  /** Team mode: its live events go to the editor (Electron: webContents.send; browser host: /api/events). */
  team: TeamService;
  close(): Promise<void>;
}

/**
 * Starts what main runs in both shells (the embedded content service on 127.0.0.1, drafts) and returns the
 * dispatcher that Electron's ipcMain and the browser host's HTTP API both call.
 */
export async function createStudioServices(options: StudioServicesOptions): Promise<StudioServices> {
  const sampleDir = join(options.resourcesDir, 'sample');
  // Before anything writes: what is left over from a crash goes first.
  await removeCrashLeftovers(options.dataDir, options.now?.());
  const server = await startContentServer({
    dataDir: options.dataDir,
    sampleDir,
    sampleServices: { sampleDir, apiKey: SAMPLE_API_KEY },
  });
  const drafts = createDraftStore(join(options.dataDir, 'drafts'));
  const now = options.now ?? (() => new Date());
  const team = createTeamService({
    ...options.team,
    store: options.store,
    secrets: options.secrets,
    drafts,
    outbox: createOutbox(join(options.dataDir, 'outbox')),
    pageCache: createPageCache(join(options.dataDir, 'page-cache'), now),
    sessionServer: options.teamServer,
    now,
  });
  const clients = new Map<string, ContentClient>();
  const embedded = { url: server.url, apiKey: SAMPLE_API_KEY };
  const endpoint = (name: ServiceName) =>
    resolveService(name, readSettings(options.store, options.secrets), options.secrets, embedded);
  const contentUrl = (): string => team.serverUrl() ?? endpoint('content').baseUrl;
  const localContent = (): ContentClient => {
    const url = contentUrl();
    let client = clients.get(url);
    if (!client) {
      client = createContentClient(url);
      clients.set(url, client);
    }
    return client;
  };
  const handlers = createHandlers({
    store: options.store,
    secrets: options.secrets,
    drafts,
    damagedFiles: () => [...(options.damagedSettings ?? []), ...drafts.damagedFiles()],
    content: createStudioContentClient(localContent, team),
    contentUrl,
    team,
    clients: {
      mesh: () => createMeshClient(endpoint('mesh')),
      facetedSearch: () => createFacetedSearchClient(endpoint('facetedSearch')),
      translation: () => createTranslationClient(endpoint('translation').baseUrl),
      imageMetadata: (url) => fetchImageMetadata(url, endpoint('imageMetadata').baseUrl),
    },
    fetchFeed: (address) =>
      fetchJsonFeed(address, {
        embeddedServer: server.url,
        // A team's own services are the app's too: a feed never reads them.
        appOrigins: Object.values(readSettings(options.store, options.secrets).serviceUrls).filter(
          (url): url is string => !!url,
        ),
      }),
    lookupProducts: (query) => createProductLookupClient(endpoint('productLookup').baseUrl).lookup(query),
    now,
  });
  return {
    dispatch: createDispatch(handlers),
    embeddedContentUrl: server.url,
    team,
    close: async () => {
      // Presence says 'closed' for the open pages before the app goes.
      await team.close();
      await server.close();
    },
  };
}
