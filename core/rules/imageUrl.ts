/**
 * Why `text` cannot be an image field's address, or null when it can: an https:// address (the editor shows
 * https images only, its CSP says so) or a path on the site such as /sample/images/banner-sale-desktop.svg.
 * For addresses pasted or dropped on the image picker; typed ones go in as typed.
 */
export function imageUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Paste or drop an image address.';
  if (trimmed.startsWith('/') && !trimmed.startsWith('//'))
    return /\s/.test(trimmed) ? 'An address has no spaces.' : null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Use an https:// image address or a path on the site such as /sample/images/logo-apex.svg.';
  }
  if (url.protocol !== 'https:') return `Use an https:// address: ${url.protocol} images do not show in the editor.`;
  return null;
}
