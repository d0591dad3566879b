/**
 * The page's external stylesheets and scripts (Styles manager, Script manager): which URLs may be listed.
 * Only absolute https:// URLs; the preview skips anything else even if a saved file has it.
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
 * What a page may load: an absolute https:// URL. Live pages are served over https, where browsers block
 * plain http stylesheets and scripts as mixed content, and a script fetched in clear can be swapped on the way.
 */
export function isHttpsUrl(text: string): boolean {
  return isHttpUrl(text) && new URL(text).protocol === 'https:';
}

const EXAMPLES: Record<AssetKind, string> = {
  stylesheet: 'https://cdn.example.com/styles/sale.css',
  script: 'https://cdn.example.com/scripts/sale.js',
};

/** Checks a URL typed into a manager before it joins the list; the URL is kept as typed, only trimmed. */
export function checkAssetUrl(input: string, listed: readonly string[], kind: AssetKind): AssetUrlCheck {
  const url = input.trim();
  if (url === '') return { ok: false, message: `Enter a ${kind} URL.` };
  if (!isHttpUrl(url)) return { ok: false, message: `Enter a full https:// URL, e.g. ${EXAMPLES[kind]}` };
  if (!isHttpsUrl(url)) {
    return {
      ok: false,
      message: `Use https://: a ${kind} over plain http:// is blocked on the live https pages and is not loaded here.`,
    };
  }
  if (listed.includes(url)) return { ok: false, message: `That ${kind} is already in the list.` };
  return { ok: true, url };
}
