import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSampleImages, type SampleImageReply } from '../services/sampleImages';
import { createMemorySecretStore, createNodeStore } from '../services/stores';
import { createStudioServices, type StudioServices, type TeamServer } from './services';
import { createPreviewDocuments, previewPageOf } from './previewDocument';
import { TEAM_EVENTS_PATH } from '../../core/channels';
import type { TeamEvent } from '../../core/team';
import { previewContentSecurityPolicy } from '../../core/preview';
import { createHttpApp, listen, pathOf } from '../../http/app';
import { HttpError, malformedEscape, unsupportedMediaType } from '../../http/errors';
import { openSseStream } from '../../http/sse';

/** window.studio and window.preview for this host, built from renderer/host-bridge/ into the renderer's folder. */
const EDITOR_BRIDGE_PATH = '/host/studio.js';
const PREVIEW_BRIDGE_PATH = '/host/preview-bridge.js';

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

/** A decoded URL path; a malformed %-escape is the client's mistake, answered with 400. */
function decodePath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    throw malformedEscape(urlPath);
  }
}

/** A file under root, or null when the path would leave it. */
function within(root: string, urlPath: string): string | null {
  const path = normalize(join(root, decodePath(urlPath)));
  return path.startsWith(root.endsWith(sep) ? root : root + sep) ? path : null;
}

/**
 * Static files may be read by the sandboxed preview, whose origin is opaque ("null"): module scripts are
 * fetched in CORS mode, so they need this header. The API never gets it.
 */
const PUBLIC_FILE = { 'access-control-allow-origin': '*' };

const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

/**
 * How the host answers a refused request: the API as a Result (core/result.ts) the editor's bridge reads,
 * anything else as a line of text.
 */
function renderError(request: FastifyRequest, error: HttpError): { type: string; body: string } {
  if (!isApi(request)) return { type: 'text/plain; charset=utf-8', body: error.message };
  const code = error.status === 403 ? 'forbidden' : error.status >= 500 ? 'failed' : 'invalid-input';
  return {
    type: CONTENT_TYPES['.json']!,
    body: JSON.stringify({ ok: false, error: { code, message: error.message } }),
  };
}

const fromOtherOrigin = () => new HttpError(403, 'forbidden', 'Requests must come from the editor.');

/**
 * A reply of the sample image service's crops: `raw` (the SVG) with its own headers, or the JSON error. Header
 * names are lower-cased so that its Content-Type is taken as the type rather than doubled.
 */
function sendSampleImage(reply: FastifyReply, crop: SampleImageReply): FastifyReply {
  const headers = Object.fromEntries(
    Object.entries(crop.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const type =
    headers['content-type'] ?? (crop.raw === undefined ? CONTENT_TYPES['.json']! : 'application/octet-stream');
  delete headers['content-type'];
  return reply
    .code(crop.status)
    .headers({ ...PUBLIC_FILE, ...headers })
    .type(type)
    .send(crop.raw ?? JSON.stringify(crop.body));
}

/**
 * GET /api/events: team events (core/team.ts) as Server-Sent Events (http/sse.ts), for the editor page only.
 * An EventSource sends no Origin header to its own origin, so the browser's Sec-Fetch-Site must say the
 * request comes from the same origin (the sandboxed preview and other sites are cross-site), and an Origin,
 * when sent, must be the editor's. The current status and presence go first, so a (re)connected editor is up
 * to date at once.
 */
function streamTeamEvents(request: FastifyRequest, reply: FastifyReply, services: StudioServices, origin: string) {
  const sameOrigin =
    request.headers['sec-fetch-site'] === 'same-origin' &&
    (request.headers.origin === undefined || request.headers.origin === origin);
  if (!sameOrigin) throw fromOtherOrigin();
  let unsubscribe = (): void => undefined;
  const stream = openSseStream(reply, { onClose: () => unsubscribe() });
  if (!stream.isOpen()) return;
  const send = (event: TeamEvent): void => void stream.send(JSON.stringify(event));
  send({ type: 'status', status: services.team.status() });
  send({ type: 'presence', presence: services.team.presence() });
  unsubscribe = services.team.onEvent(send);
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

  const previewDocument = createPreviewDocuments({ rendererDir: options.rendererDir, dispatch: services.dispatch });

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

  /** previewPage: the page a preview document is asked for with, rendered into it (issue 25). */
  const serveFile = async (
    reply: FastifyReply,
    root: string,
    urlPath: string,
    previewPage: string | null = null,
  ): Promise<FastifyReply> => {
    const path = within(root, urlPath);
    if (!path) return notFound(reply);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch {
      return notFound(reply);
    }
    const type = CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
    if (!path.endsWith('.html')) return reply.headers(PUBLIC_FILE).type(type).send(body);
    // The bridge goes in before the bundle so window.studio / window.preview exist when it runs.
    const isPreview = urlPath.startsWith('/preview/');
    const bridge = isPreview ? PREVIEW_BRIDGE_PATH : EDITOR_BRIDGE_PATH;
    const withBridge = body.toString('utf8').replace('</head>', `<script src="${bridge}"></script></head>`);
    const html = isPreview ? await previewDocument(withBridge, previewPage) : withBridge;
    // The preview runs the pages' scripts: its own CSP. The app's other pages are never shown in a frame
    // (a preview that followed links cannot become a second editor).
    const headers: Record<string, string> = isPreview
      ? { 'content-security-policy': previewContentSecurityPolicy(origin, PREVIEW_BRIDGE_PATH) }
      : { 'x-frame-options': 'DENY' };
    return reply.headers(headers).type(type).send(html);
  };

  const app = createHttpApp({
    service: 'browser host',
    notFoundMessage: () => 'Not found',
    emptyJsonBody: {},
    invalidJsonMessage: (reason) => `Malformed JSON: ${reason}`,
    closeConnectionsAtOnce: true,
    renderError,
  });
  /** The request's path, decoded only where a file is looked up. */
  const pathOfRequest = (request: FastifyRequest) => pathOf(request.url);

  app.get(TEAM_EVENTS_PATH, async (request, reply) => streamTeamEvents(request, reply, services, origin));

  app.post('/api/*', {
    // Only the editor page itself may call the API: not the sandboxed preview (origin "null"), not other sites.
    // Checked before the body is read.
    onRequest: async (request) => {
      if (request.headers.origin !== origin) throw fromOtherOrigin();
    },
    handler: async (request, reply) => {
      // A body-less POST without a Content-Type reaches here unparsed.
      if (request.body === undefined) throw unsupportedMediaType();
      const result = await services.dispatch(pathOfRequest(request).slice('/api/'.length), request.body);
      // A payload the contract refuses is the client's mistake (400); every other answer is a Result with 200.
      return reply.code(!result.ok && result.error.code === 'invalid-input' ? 400 : 200).send(result);
    },
  });

  app.get('/', async (_request, reply) => reply.redirect('/editor/index.html'));
  // Only the editor and preview pages load them: without serveFile's header for reads from any origin.
  for (const bridgePath of [EDITOR_BRIDGE_PATH, PREVIEW_BRIDGE_PATH]) {
    app.get(bridgePath, async (_request, reply) =>
      reply.type(CONTENT_TYPES['.js']!).send(await readFile(join(options.rendererDir, bridgePath))),
    );
  }
  app.get('/sample/*', async (request, reply) => {
    const crop = await sampleImages(request.raw, new URL(request.url, origin));
    if (crop) return sendSampleImage(reply, crop);
    return serveFile(reply, sampleDir, pathOfRequest(request).slice('/sample/'.length));
  });
  app.get('/*', async (request, reply) =>
    serveFile(reply, options.rendererDir, pathOfRequest(request), previewPageOf(new URL(request.url, origin))),
  );

  ({ url: origin } = await listen(app, options.port, '127.0.0.1'));
  return {
    url: origin,
    close: async () => {
      // The browser keeps connections (and the event stream) open: they are cut, not waited for.
      await app.close();
      await services.close();
    },
  };
}
