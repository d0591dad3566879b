import { join } from 'node:path';
import { createContentClient, type ContentClient } from '../services/contentClient';
import { startContentServer } from '../services/contentServer';
import { createDraftStore } from '../services/drafts';
import { fetchJsonFeed } from '../services/feeds';
import { createProductLookupClient } from '../services/productLookup';
import { createSampleServices } from '../services/sampleServices';

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
  const server = await startContentServer({
    dataDir: options.dataDir,
    sampleDir,
    sampleRouter: createSampleServices({ sampleDir, apiKey: SAMPLE_API_KEY }),
  });
  const drafts = createDraftStore(join(options.dataDir, 'drafts'));
  const clients = new Map<string, ContentClient>();
  /** A team's URL for a service from settings, or the embedded server that plays every service by default. */
  const serviceUrl = (setting: string): string => {
    const configured = options.store.get(setting);
    return typeof configured === 'string' ? configured : server.url;
  };
  const contentUrl = (): string => serviceUrl('contentServiceUrl');
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
    drafts,
    content,
    contentUrl,
    fetchFeed: (url) => fetchJsonFeed(new URL(url, server.url)),
    lookupProducts: (query) => createProductLookupClient(serviceUrl('productLookupUrl')).lookup(query),
    now: options.now ?? (() => new Date()),
  });
  return { dispatch: createDispatch(handlers), embeddedContentUrl: server.url, close: () => server.close() };
}
