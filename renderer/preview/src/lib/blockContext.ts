import { createContext, useContext } from 'react';
import type { BlockMeta } from '../../../../core/rules/blocks';
import { withWebp } from '../../../../core/rules/webp';
import { previewStore } from '../store';

/** The meta of the block being rendered, for helpers deep inside it (images load eagerly in the first block). */
export const BlockContext = createContext<BlockMeta | null>(null);

export const useBlockContext = (): BlockMeta | null => useContext(BlockContext);

/**
 * An image URL as the storefront would request it: fmt=webp on CDN images when WebP is supported. Blocks
 * re-render when the support becomes known (the store wakes every block), so reading it here is enough.
 */
export const imageUrl = (url: string): string => withWebp(url, previewStore.getWebpSupported());
