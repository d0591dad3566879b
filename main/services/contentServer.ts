import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { createHttpApp, listen } from '../../http/app';
import { contentRoutesPlugin } from '../../http/contentRoutes';
import { HttpError } from '../../http/errors';
import { readJsonFile } from './atomicFile';
import { createFilesStore } from './filesStore';
import { noSuchSampleFile } from './sampleHttp';
import { sampleServicesPlugin, type SampleServicesOptions } from './sampleServices';

/**
 * The embedded content service (ARCHITECTURE.md, Data): the content routes (http/contentRoutes.ts) over the
 * files store (pages as JSON files under `${dataDir}/content/`), plus the sample services and sample files
 * the desktop serves from the same loopback address.
 */

export interface ContentServerOptions {
  dataDir: string;
  /** Shipped sample data (resources/sample) served read-only under /sample/, e.g. the Blog's posts feed. */
  sampleDir?: string;
  /** The sample services (sampleServices.ts: mesh, faceted search, product lookup, images, translation). */
  sampleServices?: SampleServicesOptions;
  port?: number;
  host?: string;
}

export interface ContentServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startContentServer(options: ContentServerOptions): Promise<ContentServer> {
  const { dataDir, port = 0, host = '127.0.0.1', sampleDir, sampleServices } = options;
  const store = createFilesStore(join(dataDir, 'content'));
  const app = createHttpApp({
    service: 'content service',
    notFoundMessage: (path) => `The content service has no ${path}.`,
  });

  /**
   * Bound to loopback, only requests addressed to loopback are answered: a web page that rebinds its own host
   * name to 127.0.0.1 (DNS rebinding) would otherwise read and write pages through the user's browser.
   */
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(host)) return;
    const boundPort = (app.server.address() as AddressInfo).port;
    const allowed = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${boundPort}`);
    if (!allowed.includes(request.headers.host ?? '')) {
      throw new HttpError(403, 'forbidden', `The content service only answers requests addressed to ${allowed[0]}.`);
    }
  });

  if (sampleServices) await app.register(sampleServicesPlugin, sampleServices);

  if (sampleDir) {
    app.get('/sample/*', async (request) =>
      readSampleJson(sampleDir, request.url.split('?')[0]!.slice('/sample/'.length)),
    );
  }

  await app.register(contentRoutesPlugin, { store });
  const bound = await listen(app, port, host);

  return {
    ...bound,
    // Keep-alive connections are closed (Fastify's close() ends the idle ones) rather than waited for.
    close: () => app.close().then(() => store.close()),
  };
}

/** A JSON file of the sample data; anything else, or a path leaving the folder, is not found. */
async function readSampleJson(sampleDir: string, relativePath: string): Promise<unknown> {
  const root = resolve(sampleDir);
  let path: string;
  try {
    path = resolve(root, decodeURIComponent(relativePath));
  } catch {
    path = '';
  }
  if (!path.startsWith(root + sep) || !path.endsWith('.json')) throw noSuchSampleFile();
  const data = await readJsonFile(path).catch(() => null);
  if (data === null) throw noSuchSampleFile();
  return data;
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}
