import { previewNavigationDecision } from '../../core/rules/navigation';
/**
 * The security decisions of the Electron shell as small pure functions, so each can be tested without
 * Electron. windows.ts, protocol.ts and ipc.ts only wire them to events.
 */

/** The privileged custom scheme the renderer bundles are served from (see protocol.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'studio';
export const EDITOR_URL = `${APP_SCHEME}://${APP_HOST}/editor/index.html`;
export const PREVIEW_URL = `${APP_SCHEME}://${APP_HOST}/preview/index.html`;

const EDITOR_PAGE_PATH = new URL(EDITOR_URL).pathname;
const PREVIEW_PAGE_PATH = new URL(PREVIEW_URL).pathname;

/**
 * The editor's Content-Security-Policy. Images may come from the embedded content server on 127.0.0.1 and
 * from any https address (thumbnails of the pages' CDN images); inline styles are allowed because React and
 * the components set style attributes; no inline script.
 */
export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http://127.0.0.1:*",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Compares scheme, host and path only: Node reports the origin of a custom scheme as "null", and a query
 * or fragment does not change which page is loaded. The URL parser has already resolved any "..".
 */
function isAppPage(url: string, pagePath: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && isAppParsedUrl(parsed) && parsed.pathname === pagePath;
}

function isAppParsedUrl(parsed: URL): boolean {
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** Whether a URL is served by the app's own protocol (any file of the built renderer or the sample). */
export function isAppUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && isAppParsedUrl(parsed);
}

export function isEditorUrl(url: string): boolean {
  return isAppPage(url, EDITOR_PAGE_PATH);
}

export function isPreviewUrl(url: string): boolean {
  return isAppPage(url, PREVIEW_PAGE_PATH);
}

/** The editor may only (re)load itself: a link or a script can never take it, and its bridge, elsewhere. */
export function isEditorNavigationAllowed(targetUrl: string): boolean {
  return isEditorUrl(targetUrl);
}

/**
 * The preview may always (re)load its own page; links in the content navigate it only while "Links in
 * Preview" is active, and only to http(s) pages elsewhere (core/rules/navigation.ts). The editor page is
 * always refused: preview content must never become a second editor page.
 */
export function isPreviewNavigationAllowed(targetUrl: string, linksActive = false): boolean {
  return (
    previewNavigationDecision({ url: targetUrl, kind: 'navigate', linksActive, previewUrl: PREVIEW_URL }) === 'allow'
  );
}

/** setWindowOpenHandler for every web contents: the app never opens a second window. */
export function denyWindowOpen(): { action: 'deny' } {
  return { action: 'deny' };
}

/** setPermissionRequestHandler: the editor and the preview need no camera, location, notifications... */
export function denyPermissionRequest(
  _webContents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

/** setPermissionCheckHandler: answers the synchronous checks the same way as the requests. */
export function denyPermissionCheck(): boolean {
  return false;
}
