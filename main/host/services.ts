import { join } from 'node:path';
import got, { HTTPError } from 'got';
import { createContentClient, type ContentClient } from '../services/contentClient';
import { startContentServer } from '../services/contentServer';
import { createDraftStore } from '../services/drafts';
import { removeCrashLeftovers } from '../services/dataFolder';
import type { DamagedFile } from '../../core/damagedFiles';
import { fetchJsonFeed } from '../services/feeds';
import { createProductLookupClient } from '../services/productLookup';
import { combineRouters, createSampleServices } from '../services/sampleServices';
import { createSampleImages } from '../services/sampleImages';
import { createSampleTranslation } from '../services/sampleTranslation';
import { fetchImageMetadata } from '../services/imageMetadata';
import { createFacetedSearchClient, createMeshClient } from '../services/mesh';
import { readSettings, resolveService } from '../services/settings';
import { createTranslationClient } from '../services/translation';
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
  /** A team server that takes every content call instead of Settings' address, with its API token. */
  teamServer?: TeamServer;
  /** Settings files found damaged when the store was opened (SettingsStore.damagedFiles). */
  damagedSettings?: readonly DamagedFile[];
  now?: () => Date;
}

export interface TeamServer {
  url: string;
  token: string;
}

/**
 * The user a team server knows the token as (GET /me): the author of every save made with it, and the proof
 * that the address is a Storefront Studio server that accepts the token.
 */
export async function teamServerUser(server: TeamServer): Promise<string> {
  const where = `The team server at ${server.url}`;
  try {
    const answer = await got(new URL('me', server.url.endsWith('/') ? server.url : `${server.url}/`), {
      headers: { authorization: `Bearer ${server.token}` },
      timeout: { request: 10_000 },
      retry: { limit: 0 },
    }).json<{ user?: unknown; server?: unknown }>();
    if (answer.server !== 'storefront-studio' || typeof answer.user !== 'string') throw new Error(`${where} is not a Storefront Studio server.`);
    return answer.user;
  } catch (error) {
    if (error instanceof HTTPError && error.response.statusCode === 401) throw new Error(`${where} refused the token (HTTP 401).`);
    if (error instanceof HTTPError) throw new Error(`${where} answered /me with HTTP ${error.response.statusCode}; is it a Storefront Studio server?`);
    if (error instanceof Error && error.message.startsWith(where)) throw error;
    throw new Error(`${where} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface StudioServices {
  dispatch: Dispatch;
  /** The embedded content service, the default save target. */
  embeddedContentUrl: string;
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
    sampleRouter: combineRouters(
      createSampleServices({ sampleDir, apiKey: SAMPLE_API_KEY }),
      createSampleTranslation(join(sampleDir, 'glossary.json')),
      createSampleImages({ sampleDir }),
    ),
  });
  const drafts = createDraftStore(join(options.dataDir, 'drafts'));
  const clients = new Map<string, ContentClient>();
  const embedded = { url: server.url, apiKey: SAMPLE_API_KEY };
  const endpoint = (name: ServiceName) => resolveService(name, readSettings(options.store, options.secrets), options.secrets, embedded);
  const contentUrl = (): string => options.teamServer?.url ?? endpoint('content').baseUrl;
  const content = (): ContentClient => {
    const url = contentUrl();
    let client = clients.get(url);
    if (!client) {
      client = createContentClient(url, { token: options.teamServer?.token });
      clients.set(url, client);
    }
    return client;
  };
  const handlers = createHandlers({
    store: options.store,
    secrets: options.secrets,
    drafts,
    damagedFiles: () => [...(options.damagedSettings ?? []), ...drafts.damagedFiles()],
    content,
    contentUrl,
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
        appOrigins: Object.values(readSettings(options.store, options.secrets).serviceUrls).filter((url): url is string => !!url),
      }),
    lookupProducts: (query) => createProductLookupClient(endpoint('productLookup').baseUrl).lookup(query),
    now: options.now ?? (() => new Date()),
  });
  return { dispatch: createDispatch(handlers), embeddedContentUrl: server.url, close: () => server.close() };
}
