import type { Component } from '../schemas';

/** What the preview derives for each block it renders (catalogue spec §3, "Block"). */
export interface BlockMeta {
  _identifier: string;
  /** The type name plus a running count per type, from 1: MainBanner1, SpotCarousel1, MainBanner2. */
  _index: string;
  /** The channel the block renders for; the storefront's default. */
  channel: string;
  /** The first block is not lazy-loaded: its images load at once. */
  eager: boolean;
  /** The first carousel block on the page is marked lazy-loaded. */
  lazyLoadedCarousel: boolean;
}

export const DEFAULT_CHANNEL = 'responsive';

/** A component is a carousel when its content carries carousel settings. */
export const isCarousel = (component: Component): boolean =>
  typeof component.content.carousel === 'object' && component.content.carousel !== null;

/** Derives every visible block's meta, in page order; hidden components are not blocks. */
export function deriveBlockMeta(components: readonly Component[]): Map<string, BlockMeta> {
  const counts = new Map<string, number>();
  const metas = new Map<string, BlockMeta>();
  let carouselSeen = false;
  for (const component of components) {
    if (component.hidden) continue;
    const count = (counts.get(component._component) ?? 0) + 1;
    counts.set(component._component, count);
    const firstCarousel = !carouselSeen && isCarousel(component);
    if (firstCarousel) carouselSeen = true;
    metas.set(component._identifier, {
      _identifier: component._identifier,
      _index: `${component._component}${count}`,
      channel: DEFAULT_CHANNEL,
      eager: metas.size === 0,
      lazyLoadedCarousel: firstCarousel,
    });
  }
  return metas;
}
