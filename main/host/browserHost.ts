import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSampleImages, type SampleImageReply } from '../services/sampleImages';
import { createMemorySecretStore, createNodeStore } from '../services/stores';
import { createStudioServices } from './services';
import { editorBridgeScript, previewBridgeScript } from './bridgeScripts';

export interface BrowserHostOptions {
  port: number;
  dataDir: string;
  rendererDir: string;
  resourcesDir: string;
  user?: string;
}

export interface BrowserHost {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

const MAX_BODY_BYTES = 25 * 1024 * 1024;

/** A file under root, or null when the path would leave it. */
function within(root: string, urlPath: string): string | null {
  const path = normalize(join(root, decodeURIComponent(urlPath)));
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null;
}

function send(response: ServerResponse, status: number, body: string | Buffer, type: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
  response.end(body);
}

/**
 * Static files may be read by the sandboxed preview, whose origin is opaque ("null"): module scripts are
 * fetched in CORS mode, so they need this header. The API never gets it.
 */
const PUBLIC_FILE = { 'access-control-allow-origin': '*' };

/**
 * A reply of the sample image service's crops: `raw` (the SVG) with its own headers, or the JSON error. Header
 * names are lower-cased so that its Content-Type replaces send's rather than doubling it.
 */
function sendSampleImage(response: ServerResponse, reply: SampleImageReply): void {
  const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const type = headers['content-type'] ?? (reply.raw === undefined ? CONTENT_TYPES['.json']! : 'application/octet-stream');
  delete headers['content-type'];
  send(response, reply.status, reply.raw ?? JSON.stringify(reply.body), type, { ...PUBLIC_FILE, ...headers });
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The browser host: the real renderer bundles and the real main services, in Chromium instead of Electron.
 * It stays thin: static files, the bridge scripts, and POST /api/<channel> into the same dispatcher.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const services = await createStudioServices({
    dataDir: options.dataDir,
    resourcesDir: options.resourcesDir,
    store: createNodeStore(options.dataDir),
    secrets: createMemorySecretStore(),
  });
  if (options.user) {
    const signedIn = await services.dispatch('signIn', { email: options.user });
    if (!signedIn.ok) throw new Error(signedIn.error.message);
  }
  let origin = '';
  const sampleDir = join(options.resourcesDir, 'sample');
  // The focal-point tool's Amplience previews are root-relative crops (/sample/images/x.svg?poi=...), loaded by
  // the editor page itself: answered here as the Electron app:// handler does, before /sample/ is served as files.
  const sampleImages = createSampleImages({ sampleDir });

  const serveFile = async (response: ServerResponse, root: string, urlPath: string): Promise<void> => {
    const path = within(root, urlPath);
    if (!path) return send(response, 404, 'Not found', 'text/plain');
    try {
      const body = await readFile(path);
      const type = CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
      if (path.endsWith('.html')) {
        // The bridge goes in before the bundle so window.studio / window.preview exist when it runs.
        const bridge = urlPath.startsWith('/preview/') ? '/host/preview-bridge.js' : '/host/studio.js';
        const html = body.toString('utf8').replace('</head>', `<script src="${bridge}"></script></head>`);
        return send(response, 200, html, type);
      }
      return send(response, 200, body, type, PUBLIC_FILE);
    } catch {
      return send(response, 404, 'Not found', 'text/plain');
    }
  };

  const handleApi = async (request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> => {
    // Only the editor page itself may call the API: not the sandboxed preview (origin "null"), not other sites.
    if (request.headers.origin !== origin) {
      return send(response, 403, JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'Requests must come from the editor.' } }), CONTENT_TYPES['.json']!);
    }
    let payload: unknown;
    try {
      payload = JSON.parse((await readBody(request)) || '{}');
    } catch (error) {
      const message = error instanceof SyntaxError ? `Malformed JSON: ${error.message}` : String((error as Error).message);
      return send(response, 400, JSON.stringify({ ok: false, error: { code: 'invalid-input', message } }), CONTENT_TYPES['.json']!);
    }
    const result = await services.dispatch(channel, payload);
    return send(response, 200, JSON.stringify(result), CONTENT_TYPES['.json']!);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin || 'http://127.0.0.1');
    const path = url.pathname;
    const route = async (): Promise<void> => {
      if (request.method === 'POST' && path.startsWith('/api/')) return handleApi(request, response, path.slice(5));
      if (request.method !== 'GET') return send(response, 405, 'Method not allowed', 'text/plain');
      if (path === '/') {
        response.writeHead(302, { location: '/editor/index.html' });
        return void response.end();
      }
      if (path === '/host/studio.js') return send(response, 200, editorBridgeScript(), CONTENT_TYPES['.js']!);
      if (path === '/host/preview-bridge.js') return send(response, 200, previewBridgeScript(origin), CONTENT_TYPES['.js']!);
      if (path.startsWith('/sample/')) {
        const crop = await sampleImages(request, url);
        if (crop) return sendSampleImage(response, crop);
        return serveFile(response, sampleDir, path.slice('/sample/'.length));
      }
      return serveFile(response, options.rendererDir, path);
    };
    route().catch((error: unknown) => send(response, 500, String(error), 'text/plain'));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The browser keeps connections alive; without this, close() waits for them to time out.
      server.closeAllConnections();
      await closed;
      await services.close();
    },
  };
}
