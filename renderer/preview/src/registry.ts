import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Component } from '../../../core/schemas';

export interface BlockProps {
  component: Component;
  content: Record<string, unknown>;
}

type Loader = () => Promise<{ default: ComponentType<BlockProps> }>;

/**
 * Component type -> its preview implementation, each loaded only when a page uses it. A type missing here
 * renders a placeholder naming it (see Block), never a crash.
 */
const LOADERS: Record<string, Loader> = {
  MainBanner: () => import('./components/MainBanner'),
  CustomHTML: () => import('./components/CustomHtml'),
  SpotCarousel: () => import('./components/SpotCarousel'),
};

const cache = new Map<string, LazyExoticComponent<ComponentType<BlockProps>>>();

export function previewFor(componentType: string): LazyExoticComponent<ComponentType<BlockProps>> | null {
  const loader = LOADERS[componentType];
  if (!loader) return null;
  let implementation = cache.get(componentType);
  if (!implementation) cache.set(componentType, (implementation = lazy(loader)));
  return implementation;
}

export const registeredTypes = (): string[] => Object.keys(LOADERS);
