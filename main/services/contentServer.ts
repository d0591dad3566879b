import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { HttpError, createContentApi, requestUrl, sendError, sendJson } from '../../server/content/api';
import { readJsonFile } from './atomicFile';
import { createFilesStore } from './filesStore';
import type { SampleRouter } from './sampleHttp';

/**
 * The embedded content service (ARCHITECTURE.md, Data): the content API of server/content/api.ts over the
 * files store (pages as JSON files under `${dataDir}/content/`), plus the sample services and sample files
 * the desktop serves from the same loopback address.
 */

export interface ContentServerOptions {
  dataDir: string;
  /** Shipped sample data (resources/sample) served read-only under /sample/, e.g. the Blog's posts feed. */
  sampleDir?: string;
  /** The sample services (mesh, faceted search, product lookup, image metadata) answered by the same server. */
  sampleRouter?: SampleRouter;
  port?: number;
  host?: string;
}

export interface ContentServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startContentServer(options: ContentServerOptions): Promise<ContentServer> {
  const { dataDir, port = 0, host = '127.0.0.1' } = options;
  const store = createFilesStore(join(dataDir, 'content'));
  const contentApi = createContentApi({ store });

  const server = createServer((request, response) => {
    void handleRequest(request, response);
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const url = requestUrl(request);
      checkHost(request);
      const sample = await options.sampleRouter?.(request, url);
      if (sample?.raw !== undefined) {
        response.writeHead(sample.status, { 'Cache-Control': 'no-store', ...sample.headers });
        response.end(sample.raw);
        return;
      }
      if (sample) {
        sendJson(response, sample.status, sample.body, sample.headers);
        return;
      }
      if (options.sampleDir && url.pathname.startsWith('/sample/') && request.method === 'GET') {
        sendJson(response, 200, await readSampleJson(options.sampleDir, url.pathname.slice('/sample/'.length)));
        return;
      }
      if (await contentApi(request, response)) return;
      throw new HttpError(404, 'no-such-route', `The content service has no ${url.pathname}.`);
    } catch (error) {
      sendError(response, error);
    }
  }

  /**
   * Bound to loopback, only requests addressed to loopback are answered: a web page that rebinds its own host
   * name to 127.0.0.1 (DNS rebinding) would otherwise read and write pages through the user's browser.
   */
  function checkHost(request: IncomingMessage): void {
    if (!isLoopback(host)) return;
    const requested = request.headers.host ?? '';
    const allowed = ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${boundPort}`);
    if (!allowed.includes(requested)) {
      throw new HttpError(403, 'forbidden', `The content service only answers requests addressed to ${allowed[0]}.`);
    }
  }

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const boundPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        // Keep-alive connections would otherwise hold close() open until they time out.
        server.closeIdleConnections();
      }).then(() => store.close()),
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
  if (!path.startsWith(root + sep) || !path.endsWith('.json'))
    throw new HttpError(404, 'not-found', 'No such sample file.');
  const data = await readJsonFile(path).catch(() => null);
  if (data === null) throw new HttpError(404, 'not-found', 'No such sample file.');
  return data;
}

function isLoopback(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}
