import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { protocol } from 'electron';
import { createSampleImages, type SampleImageReply } from '../services/sampleImages';
import { previewContentSecurityPolicy } from '../../core/preview';
import type { Dispatch } from '../host/dispatch';
import { createPreviewDocuments, previewPageOf } from '../host/previewDocument';
import { APP_HOST, APP_SCHEME, EDITOR_CSP } from './security';

const PREVIEW_CSP = previewContentSecurityPolicy(`${APP_SCHEME}://${APP_HOST}`);

/** Where the app's own files live: the built renderer bundles and the shipped sample catalogue. */
export interface AppFileRoots {
  rendererDir: string;
  sampleDir: string;
}

const SAMPLE_PREFIX = '/sample/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The shipped resources folder, at the app root in development and in the package alike. */
export function resourcesDir(): string {
  // resources/ ships inside app.asar beside out/, which Electron's fs reads transparently.
  return join(import.meta.dirname, '../../resources');
}

/** electron-vite builds main to out/main and the renderer pages to out/renderer. */
export function rendererDir(): string {
  return join(import.meta.dirname, '../renderer');
}

/**
 * Must run before app 'ready'. standard + secure give app://studio a real origin with relative URLs,
 * 'self' in CSP and a secure context; supportFetchAPI lets the pages fetch their own files.
 */
export function registerAppSchemePrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Maps an app:// URL to a file under one of the roots, or null when it names anything outside them.
 * The URL parser already resolves plain "..", but percent-encoded separators ("..%2F") only appear after
 * decoding, so containment is checked on the final resolved path.
 */
export function resolveAppFile(url: string, roots: AppFileRoots): string | null {
  let parsed: URL;
  let path: string;
  try {
    parsed = new URL(url);
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST || path.includes('\0')) return null;

  const [root, inside] = path.startsWith(SAMPLE_PREFIX)
    ? [roots.sampleDir, path.slice(SAMPLE_PREFIX.length)]
    : [roots.rendererDir, path.slice(1)];
  const file = resolve(root, inside);
  const fromRoot = relative(root, file);
  const escapes = fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`) || isAbsolute(fromRoot);
  return escapes ? null : file;
}

/** A reply of the sample image service's crops: `raw` (the SVG) with its own headers, or the JSON error. */
function sampleImageResponse(reply: SampleImageReply): Response {
  const headers = new Headers(reply.headers);
  if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status, headers });
  headers.set('Content-Type', CONTENT_TYPES['.json']!);
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The app:// handler: serves files with their content type, answers 404 for anything it cannot or may not
 * read, and puts the editor's CSP on the editor's HTML (the preview runs the pages' own custom scripts). Given
 * the services, a preview document asked for with a page arrives with its first blocks rendered (issue 25).
 */
export function createAppRequestHandler(
  roots: AppFileRoots,
  dispatch?: Dispatch,
): (request: { url: string; method?: string }) => Promise<Response> {
  const editorDir = join(roots.rendererDir, 'editor') + sep;
  const previewDir = join(roots.rendererDir, 'preview') + sep;
  const previewDocument = dispatch && createPreviewDocuments({ rendererDir: roots.rendererDir, dispatch });
  // The focal-point tool's Amplience previews: /sample/images/x.svg?poi=... is a crop, answered before the
  // sample files are (the browser host does the same).
  const sampleImages = createSampleImages({ sampleDir: roots.sampleDir });
  return async (request) => {
    const crop = await sampleCrop(request);
    if (crop) return crop;
    const file = resolveAppFile(request.url, roots);
    if (file === null) return notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      // Missing files and directories alike.
      return notFound();
    }
    const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = { 'Content-Type': contentType };
    // Decided on the resolved file, not the URL, so "/preview/..%2Feditor/index.html" still gets the CSP.
    const isEditorHtml = file.startsWith(editorDir) && contentType.startsWith('text/html');
    if (isEditorHtml) headers['Content-Security-Policy'] = EDITOR_CSP;
    // Any other page (the preview) runs the pages' own scripts: the preview's CSP.
    else if (contentType.startsWith('text/html')) headers['Content-Security-Policy'] = PREVIEW_CSP;
    if (previewDocument && file.startsWith(previewDir) && contentType.startsWith('text/html')) {
      const html = await previewDocument(body.toString('utf8'), previewPageOf(new URL(request.url)));
      return new Response(html, { status: 200, headers });
    }
    return new Response(new Uint8Array(body), { status: 200, headers });
  };

  async function sampleCrop(request: { url: string; method?: string }): Promise<Response | null> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return null;
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || !url.pathname.startsWith(SAMPLE_PREFIX))
      return null;
    const reply = await sampleImages({ method: request.method ?? 'GET' }, url);
    return reply && sampleImageResponse(reply);
  }
}

/** Must run after app 'ready'. */
export function serveAppProtocol(dispatch: Dispatch): void {
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler({ rendererDir: rendererDir(), sampleDir: join(resourcesDir(), 'sample') }, dispatch),
  );
}
