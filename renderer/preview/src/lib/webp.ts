/** A 1x1 lossy WebP: if the browser decodes it to a 1px-wide image, it supports WebP (catalogue spec §4). */
const TINY_WEBP = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';

export function detectWebp(): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.width === 1);
    image.onerror = () => resolve(false);
    image.src = TINY_WEBP;
  });
}
