/** The editor's addresses of pages (editor spec §2), shared by the editor's router and the browser host's bridge. */
export const DASHBOARD_PATH = '/services/content-editor';
export const editorPath = (bookmark: string): string => `${DASHBOARD_PATH}/page/${encodeURIComponent(bookmark)}`;

const EDITOR_PATH = /^\/services\/content-editor\/page\/([^/]*)$/;

/**
 * The bookmark of the page an editor path (a location hash without its '#') opens, or null. Throws a URIError
 * for a malformed %-escape.
 */
export function editorPathBookmark(path: string): string | null {
  const editor = EDITOR_PATH.exec(path);
  return editor ? decodeURIComponent(editor[1] ?? '') : null;
}

/**
 * The query parameter of the preview document's address naming the page (its draft's bookmark) the host
 * renders into it (issue 25, main/host/previewDocument.ts).
 */
export const PREVIEW_PAGE_PARAMETER = 'page';
