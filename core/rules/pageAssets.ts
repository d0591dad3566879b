/**
 * The page's external stylesheets and scripts (Styles manager, Script manager): which URLs may be listed.
 * Only absolute http:// and https:// URLs; the preview skips anything else even if a saved file has it.
 */

export type AssetKind = 'stylesheet' | 'script';

export type AssetUrlCheck = { ok: true; url: string } | { ok: false; message: string };

const HTTP_URL = /^https?:\/\//i;

/** An absolute http(s) URL with a host, written out in full (not "http:example.com", not "//cdn..."). */
export function isHttpUrl(text: string): boolean {
  if (!HTTP_URL.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A plain http:// URL of another machine: live pages are served over https, where browsers block such
 * stylesheets and scripts as mixed content (so does the desktop app's preview, a secure context).
 */
export function isInsecureUrl(text: string): boolean {
  if (!isHttpUrl(text)) return false;
  const url = new URL(text);
  return url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

const EXAMPLES: Record<AssetKind, string> = {
  stylesheet: 'https://cdn.example.com/styles/sale.css',
  script: 'https://cdn.example.com/scripts/sale.js',
};

/** Checks a URL typed into a manager before it joins the list; the URL is kept as typed, only trimmed. */
export function checkAssetUrl(input: string, listed: readonly string[], kind: AssetKind): AssetUrlCheck {
  const url = input.trim();
  if (url === '') return { ok: false, message: `Enter a ${kind} URL.` };
  if (!isHttpUrl(url)) {
    return { ok: false, message: `Enter a full http:// or https:// URL, e.g. ${EXAMPLES[kind]}` };
  }
  if (listed.includes(url)) return { ok: false, message: `That ${kind} is already in the list.` };
  return { ok: true, url };
}
