/**
 * Image hosts of the content delivery provider. Only their images take the fmt parameter (catalogue spec §5).
 * The spec does not name the provider; the focal-point tool's crops are Amplience's, so it is Amplience's hosts.
 */
export const CDN_IMAGE_HOSTS = ['cdn.media.amplience.net', 'i1.adis.ws', 'i8.amplience.net'];

/** Appends fmt=webp to a CDN image URL that has no fmt parameter, when the browser supports WebP. */
export function withWebp(url: string, webpSupported: boolean): string {
  if (!webpSupported) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url; // Relative or malformed: not a CDN image.
  }
  if (!CDN_IMAGE_HOSTS.includes(parsed.hostname) || parsed.searchParams.has('fmt')) return url;
  const [base = '', hash] = url.split('#', 2);
  return `${base}${parsed.search ? '&' : '?'}fmt=webp${hash === undefined ? '' : `#${hash}`}`;
}
