import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createSampleImages, type SampleImageReply } from '../services/sampleImages';
import { createMemorySecretStore, createNodeStore } from '../services/stores';
import { createStudioServices, type StudioServices, type TeamServer } from './services';
import { TEAM_EVENTS_PATH } from '../../core/channels';
import type { TeamEvent } from '../../core/team';
import { previewContentSecurityPolicy } from '../../core/preview';

/** window.studio and window.preview for this host, built from renderer/host-bridge/ into the renderer's folder. */
const EDITOR_BRIDGE_PATH = '/host/studio.js';
const PREVIEW_BRIDGE_PATH = '/host/preview-bridge.js';
import { describeBytes, JsonLimitError, MAX_JSON_BYTES, parseJsonWithLimits } from '../../core/rules/jsonLimits';
import { quote } from '../../core/rules/quote';
import { errorMessage } from '../../core/rules/errorMessage';

export interface BrowserHostOptions {
  port: number;
  dataDir: string;
  rendererDir: string;
  resourcesDir: string;
  user?: string;
  /** Save to this team server with this token; the signed-in user is then the server's user for the token. */
  teamServer?: TeamServer;
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

/** A request body larger than the JSON limit is refused at once, before (or instead of) reading it. */
const MAX_BODY_BYTES = MAX_JSON_BYTES;

/** A request the host refuses before it reaches a route: the status and a short message saying why. */
class RequestProblem extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** A decoded URL path; a malformed %-escape is the client's mistake, answered with 400. */
function decodePath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    throw new RequestProblem(400, `The path has a malformed %-escape: ${quote(urlPath)}`);
  }
}

/** A file under root, or null when the path would leave it. */
function within(root: string, urlPath: string): string | null {
  const path = normalize(join(root, decodePath(urlPath)));
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null;
}

/**
 * The request target as a URL. Only origin-form targets ("/path?query") are served; anything else, such as
 * an absolute "http://[" that the URL parser refuses, is a bad request rather than a crash.
 */
function requestUrl(target: string | undefined, base: string): URL {
  if (!target?.startsWith('/')) throw new RequestProblem(400, `Bad request target: ${quote(target ?? '')}`);
  try {
    return new URL(target, base);
  } catch {
    throw new RequestProblem(400, `Bad request target: ${quote(target)}`);
  }
}

/** A declared body length over the limit: known from the headers, before a byte of the body is read. */
function declaresTooLargeBody(request: IncomingMessage): boolean {
  return Number(request.headers['content-length'] ?? 0) > MAX_BODY_BYTES;
}

const TOO_LARGE = `The request body is larger than ${describeBytes(MAX_BODY_BYTES)} (the limit).`;

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
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
  const headers = Object.fromEntries(
    Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const type =
    headers['content-type'] ?? (reply.raw === undefined ? CONTENT_TYPES['.json']! : 'application/octet-stream');
  delete headers['content-type'];
  send(response, reply.status, reply.raw ?? JSON.stringify(reply.body), type, { ...PUBLIC_FILE, ...headers });
}

/**
 * The body as text; past the limit it stops collecting and rejects with a 413 (the reply then closes the
 * connection). The rest of the body is read and dropped, not refused: destroying the request would close the
 * socket with the client's bytes unread, and the reset that answers them can discard the 413 at the client.
 */
async function readBody(request: IncomingMessage): Promise<string> {
  if (declaresTooLargeBody(request)) throw new RequestProblem(413, TOO_LARGE);
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    const collect = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      request.off('data', collect);
      request.resume();
      reject(new RequestProblem(413, TOO_LARGE));
    };
    request.on('data', collect);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

/**
 * How long the connection of a refused upload goes on reading (and dropping) what the client still sends after
 * the 413, before it is closed: closing at once makes the client's kernel meet its next bytes with a reset,
 * which can discard the 413 before the client has read it (the "lingering close" of HTTP servers).
 */
const LINGER_MS = 2_000;

/**
 * Once the reply is written, Node closes a "Connection: close" socket outright (destroySoon). This one ends
 * its sending side instead and lingers: it closes when the client has finished sending, or after LINGER_MS.
 */
function lingerAfterReply(response: ServerResponse): void {
  const socket = response.socket;
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}

/** The media type of a Content-Type header, without its parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Answers a refused request. A 413 closes the connection: the rest of a body that may be gigabytes long is
 * not read, where keeping the connection alive would mean draining it first.
 */
function sendProblem(response: ServerResponse, problem: RequestProblem, api: boolean): void {
  const headers: Record<string, string> = problem.status === 413 ? { connection: 'close' } : {};
  if (problem.status === 413) lingerAfterReply(response);
  if (!api) return send(response, problem.status, problem.message, 'text/plain; charset=utf-8', headers);
  const body = JSON.stringify({ ok: false, error: { code: 'invalid-input', message: problem.message } });
  return send(response, problem.status, body, CONTENT_TYPES['.json']!, headers);
}

/** A comment line this often keeps the editor's EventSource connection from being taken for dead. */
const TEAM_STREAM_HEARTBEAT_MS = 15_000;

/**
 * GET /api/events: team events (core/team.ts) as Server-Sent Events, for the editor page only. An EventSource
 * sends no Origin header to its own origin, so the browser's Sec-Fetch-Site must say the request comes from
 * the same origin (the sandboxed preview and other sites are cross-site), and an Origin, when sent, must be
 * the editor's. The current status and presence go first, so a (re)connected editor is up to date at once.
 */
function streamTeamEvents(
  request: IncomingMessage,
  response: ServerResponse,
  services: StudioServices,
  origin: string,
): void {
  const sameOrigin =
    request.headers['sec-fetch-site'] === 'same-origin' &&
    (request.headers.origin === undefined || request.headers.origin === origin);
  if (!sameOrigin) {
    return send(
      response,
      403,
      JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'Requests must come from the editor.' } }),
      CONTENT_TYPES['.json']!,
    );
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const write = (event: TeamEvent): void => void response.write(`data: ${JSON.stringify(event)}\n\n`);
  write({ type: 'status', status: services.team.status() });
  write({ type: 'presence', presence: services.team.presence() });
  const unsubscribe = services.team.onEvent(write);
  const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), TEAM_STREAM_HEARTBEAT_MS);
  response.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

/**
 * The browser host: the real renderer bundles and the real main services, in Chromium instead of Electron.
 * It stays thin: static files, the bridge scripts, and POST /api/<channel> into the same dispatcher.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const store = createNodeStore(options.dataDir);
  const services = await createStudioServices({
    dataDir: options.dataDir,
    resourcesDir: options.resourcesDir,
    store,
    damagedSettings: store.damagedFiles,
    secrets: createMemorySecretStore(),
    teamServer: options.teamServer,
  });
  if (options.teamServer) {
    // The signed-in user is the server's user for the token. A server out of reach or refusing the token does
    // not stop the host: the editor shows Offline with the reason, and works from this computer meanwhile.
    const problem = await services.team.confirmUser();
    if (problem) console.warn(`Team server: ${problem.message}`);
  } else if (options.user) {
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
        const isPreview = urlPath.startsWith('/preview/');
        const bridge = isPreview ? PREVIEW_BRIDGE_PATH : EDITOR_BRIDGE_PATH;
        const html = body.toString('utf8').replace('</head>', `<script src="${bridge}"></script></head>`);
        // The preview runs the pages' scripts: its own CSP. The app's other pages are never shown in a frame
        // (a preview that followed links cannot become a second editor).
        const headers: Record<string, string> = isPreview
          ? { 'content-security-policy': previewContentSecurityPolicy(origin, PREVIEW_BRIDGE_PATH) }
          : { 'x-frame-options': 'DENY' };
        return send(response, 200, html, type, headers);
      }
      return send(response, 200, body, type, PUBLIC_FILE);
    } catch {
      return send(response, 404, 'Not found', 'text/plain');
    }
  };

  const handleApi = async (request: IncomingMessage, response: ServerResponse, channel: string): Promise<void> => {
    // Only the editor page itself may call the API: not the sandboxed preview (origin "null"), not other sites.
    if (request.headers.origin !== origin) {
      return send(
        response,
        403,
        JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'Requests must come from the editor.' } }),
        CONTENT_TYPES['.json']!,
      );
    }
    if (mediaType(request.headers['content-type']) !== 'application/json') {
      throw new RequestProblem(415, 'Send the request body as application/json.');
    }
    const text = await readBody(request);
    let payload: unknown;
    try {
      payload = parseJsonWithLimits(text || '{}');
    } catch (error) {
      if (error instanceof JsonLimitError)
        throw new RequestProblem(error.limit === 'size' ? 413 : 400, `The request body is ${error.message}.`);
      throw new RequestProblem(400, `Malformed JSON: ${quote(errorMessage(error))}`);
    }
    const result = await services.dispatch(channel, payload);
    // A payload the contract refuses is the client's mistake (400); every other answer is a Result with 200.
    const status = !result.ok && result.error.code === 'invalid-input' ? 400 : 200;
    return send(response, status, JSON.stringify(result), CONTENT_TYPES['.json']!);
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = requestUrl(request.url, origin || 'http://127.0.0.1');
    const path = url.pathname;
    if (request.method === 'GET' && path === TEAM_EVENTS_PATH)
      return streamTeamEvents(request, response, services, origin);
    if (request.method === 'POST' && path.startsWith('/api/')) return handleApi(request, response, path.slice(5));
    if (request.method !== 'GET') return send(response, 405, 'Method not allowed', 'text/plain');
    if (path === '/') {
      response.writeHead(302, { location: '/editor/index.html' });
      return void response.end();
    }
    // Only the editor and preview pages load them: without serveFile's header for reads from any origin.
    if (path === EDITOR_BRIDGE_PATH || path === PREVIEW_BRIDGE_PATH)
      return send(response, 200, await readFile(join(options.rendererDir, path)), CONTENT_TYPES['.js']!);
    if (path.startsWith('/sample/')) {
      const crop = await sampleImages(request, url);
      if (crop) return sendSampleImage(response, crop);
      return serveFile(response, sampleDir, path.slice('/sample/'.length));
    }
    return serveFile(response, options.rendererDir, path);
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    route(request, response).catch((error: unknown) => {
      const api = request.method === 'POST' && request.url?.startsWith('/api/') === true;
      if (error instanceof RequestProblem) return sendProblem(response, error, api);
      // A fault of the host, not of the request: logged here, never echoed to the client.
      console.error('Browser host:', error);
      if (response.headersSent) response.destroy();
      else send(response, 500, 'Internal error', 'text/plain; charset=utf-8');
    });
  };
  const server = createServer(handle);
  // "Expect: 100-continue" (curl sends it for large bodies): an oversized body is refused before it is sent.
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (declaresTooLargeBody(request)) return sendProblem(response, new RequestProblem(413, TOO_LARGE), true);
    response.writeContinue();
    handle(request, response);
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
