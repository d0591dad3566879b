import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { BlockMeta } from '../../../core/rules/blocks';
import type { Component } from '../../../core/schemas';

export interface BlockProps {
  component: Component;
  content: Record<string, unknown>;
  meta: BlockMeta;
}

type Loader = () => Promise<{ default: ComponentType<BlockProps> }>;

/**
 * Component type -> its preview implementation, each loaded only when a page uses it. A type missing here
 * renders a placeholder naming it (see Block), never a crash.
 */
const LOADERS: Record<string, Loader> = {
  MainBanner: () => import('./components/MainBanner'),
  OutfitBlueprints: () => import('./components/OutfitBlueprints'),
  LogoList: () => import('./components/LogoList'),
  MiddleBanner: () => import('./components/MiddleBanner'),
  RedefinedSection: () => import('./components/RedefinedSection'),
  SpotCarousel: () => import('./components/SpotCarousel'),
  SpotList: () => import('./components/SpotList'),
  WrapUp: () => import('./components/WrapUp'),
  CarouselCE: () => import('./components/CarouselCE'),
  Blog: () => import('./components/Blog'),
  TabbedBanner: () => import('./components/TabbedBanner'),
  TabbedTimeline: () => import('./components/TabbedTimeline'),
  GridLayout: () => import('./components/GridLayout'),
  SaleBanner: () => import('./components/SaleBanner'),
  Curalate: () => import('./components/Curalate'),
  TabbedPage: () => import('./components/TabbedPage'),
  InfoPage: () => import('./components/InfoPage'),
  ProductSpotlight: () => import('./components/ProductSpotlight'),
  CustomHTML: () => import('./components/CustomHTML'),
  MatchBanner: () => import('./components/MatchBanner'),
  AthleteInfo: () => import('./components/AthleteInfo'),
  VideoSpot: () => import('./components/VideoSpot'),
  AbstractSection: () => import('./components/AbstractSection'),
  Editorial: () => import('./components/Editorial'),
  NewsletterSignup: () => import('./components/NewsletterSignup'),
  SelectBoxes: () => import('./components/SelectBoxes'),
  VideoGallery: () => import('./components/VideoGallery'),
  CountdownBanner: () => import('./components/CountdownBanner'),
  NavigationBanner: () => import('./components/NavigationBanner'),
  FeedBanner: () => import('./components/FeedBanner'),
  SpotBanner: () => import('./components/SpotBanner'),
  BrandSelector: () => import('./components/BrandSelector'),
  StoryStream: () => import('./components/StoryStream'),
  Form: () => import('./components/Form'),
  TableView: () => import('./components/TableView'),
  UspBar: () => import('./components/UspBar'),
  FullscreenBanner: () => import('./components/FullscreenBanner'),
  BalanceDisplay: () => import('./components/BalanceDisplay'),
  ButtonList: () => import('./components/ButtonList'),
  GamificationWidget: () => import('./components/GamificationWidget'),
  CouponsCarousel: () => import('./components/CouponsCarousel'),
  PopupCarousel: () => import('./components/PopupCarousel'),
  AddToWallet: () => import('./components/AddToWallet'),
  StoreFilter: () => import('./components/StoreFilter'),
};

/**
 * The source module of a type's implementation (each is named after its type), as the renderer build's
 * manifest names it: the host links the styles of the blocks it renders (main/host/previewDocument.ts).
 */
export const implementationModule = (componentType: string): string => `preview/src/components/${componentType}.tsx`;

/**
 * Types whose content is markup stored as written (Custom HTML). A document rendered on the host shows their
 * blocks as placeholders until the preview is laid out and renders them itself: parsed with the document, a
 * script in the markup would run (React's innerHTML runs none) and unbalanced markup would reach beyond its
 * block (a stray `</main>`, an unclosed `<!--` swallowing the page's data).
 */
const RAW_MARKUP_TYPES: ReadonlySet<string> = new Set(['CustomHTML']);

/** The blocks of a page that are never rendered with content before the preview is laid out. */
export const rawMarkupBlocks = (components: readonly Component[]): string[] =>
  components.filter((c) => RAW_MARKUP_TYPES.has(c._component)).map((c) => c._identifier);

const lazyCache = new Map<string, LazyExoticComponent<ComponentType<BlockProps>>>();
/** Implementations already loaded: rendered at once, with no Suspense round. */
const loaded = new Map<string, ComponentType<BlockProps>>();

export function previewFor(componentType: string): ComponentType<BlockProps> | null {
  if (!Object.hasOwn(LOADERS, componentType)) return null;
  const ready = loaded.get(componentType);
  if (ready) return ready;
  let implementation = lazyCache.get(componentType);
  if (!implementation) lazyCache.set(componentType, (implementation = lazy(LOADERS[componentType]!)));
  return implementation;
}

/**
 * Loads the implementations of these types that are not loaded yet, or answers null when there are none.
 * A page is shown once its types are loaded: rendered lazily instead, every block of a big page would
 * suspend and then render again, one by one, for seconds after the page appears. Never rejects: a type that
 * fails to load is left to the lazy path, whose error the block shows.
 */
export function loadImplementations(componentTypes: Iterable<string>): Promise<void> | null {
  const missing = [...new Set(componentTypes)].filter((type) => Object.hasOwn(LOADERS, type) && !loaded.has(type));
  if (missing.length === 0) return null;
  return Promise.all(
    missing.map((type) =>
      LOADERS[type]!().then(
        (module) => void loaded.set(type, module.default),
        () => undefined,
      ),
    ),
  ).then(() => undefined);
}
