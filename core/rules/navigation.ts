/**
 * What the preview may navigate to (issue 7, "Links in Preview"). One rule for both shells: Electron's main
 * applies it in will-navigate / will-frame-navigate, the browser host's preview bridge on link clicks.
 *
 * - New windows: never.
 * - The preview page itself (coming back to the page): always.
 * - Anything else only while links are active, and only to http(s) pages of another origin than the app's
 *   own: never javascript:, file:, data: or the app's other pages (the editor).
 */
export function previewNavigationDecision(request: {
  url: string;
  kind: 'navigate' | 'new-window';
  linksActive: boolean;
  previewUrl: string;
}): 'allow' | 'deny' {
  if (request.kind === 'new-window') return 'deny';
  let target: URL;
  let preview: URL;
  try {
    target = new URL(request.url);
    preview = new URL(request.previewUrl);
  } catch {
    return 'deny';
  }
  // Scheme and host, not origin: Node reports the origin of app:, file: and custom-scheme URLs as "null", so
  // comparing origins would take file:///preview/index.html or evil://x/preview/index.html for the preview.
  const sameSite = target.protocol === preview.protocol && target.host === preview.host;
  if (sameSite && target.pathname === preview.pathname) return 'allow';
  if (!request.linksActive) return 'deny';
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'deny';
  if (sameSite) return 'deny';
  return 'allow';
}

/**
 * Where a link in the preview leads when followed: storefront links are mostly relative (/footwear/...), so
 * they are resolved against the page's UAT desktop address; without one, a relative link leads nowhere.
 */
export function previewLinkTarget(href: string, base: string | null): string | null {
  try {
    return new URL(href, base ?? undefined).href;
  } catch {
    return null;
  }
}
