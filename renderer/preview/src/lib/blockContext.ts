import { withWebp } from '../../../../core/rules/webp';
import { previewStore } from '../store';

/**
 * An image URL as the storefront would request it: fmt=webp on CDN images when WebP is supported. Blocks
 * re-render when the support becomes known (the store wakes every block), so reading it here is enough.
 */
export const imageUrl = (url: string): string => withWebp(url, previewStore.getWebpSupported());
