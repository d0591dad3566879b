import { join } from 'node:path';
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
  /** Settings files found damaged when the store was opened (SettingsStore.damagedFiles). */
  damagedSettings?: readonly DamagedFile[];
  now?: () => Date;
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
  const contentUrl = (): string => endpoint('content').baseUrl;
  const content = (): ContentClient => {
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
