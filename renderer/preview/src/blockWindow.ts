import { useCallback, useSyncExternalStore } from 'react';
import {
  ANY_ESTIMATE_PROPERTY,
  estimatedHeight,
  estimateProperty,
  HeightEstimates,
  itemsOverlapping,
  NEAR_VIEWPORTS,
} from './lib/windowing';
import { REDUCED_MOTION } from './lib/viewport';

type Listener = () => void;

/** Input that means the person scrolls: a scroll-to-block no longer corrects where it lands. */
const TAKEOVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Which blocks render their content: those near the preview's view. Every block keeps its element (a
 * `section.block` with its identifier, type and index, so clicks, page scripts and tests find every block),
 * but a block far from the view is an empty placeholder of its last measured height (or the average of its
 * type, when never measured). Long pages then cost the memory of the part in view.
 *
 * Nearness is read from the layout (binary searches over the page's groups and their blocks), again on scroll, on resize
 * and when a block's or the page's size changes (one ResizeObserver, on the page and the blocks rendered).
 * There is no IntersectionObserver: Blink recomputes those on every frame, which made each keystroke O(N).
 */
class BlockWindow {
  private near = new Set<string>();
  private heldBack = new Set<string>();
  private readonly heights = new Map<string, number>();
  private readonly estimates = new HeightEstimates();
  private readonly listeners = new Map<string, Set<Listener>>();
  private page: HTMLElement | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private updateFrame = 0;
  /** Types with new measurements, whose estimates are set at the next frame. */
  private readonly measuredTypes = new Set<string>();
  private stopCorrecting: (() => void) | null = null;

  isNear = (id: string): boolean => this.near.has(id);

  /**
   * The blocks a server-rendered document shows with content, and those it holds back as placeholders (Custom
   * HTML, registry.ts), taken before it hydrates or is rendered: the layout, unknown there, decides once the
   * page is attached.
   */
  seed(ids: readonly string[], heldBack: readonly string[]): void {
    this.near = new Set(ids);
    this.heldBack = new Set(heldBack);
  }

  /** Whether this block stays a placeholder, near or eager, until the page is attached (seed). */
  isHeldBack = (id: string): boolean => this.heldBack.has(id);

  subscribe(id: string, listener: Listener): () => void {
    let listeners = this.listeners.get(id);
    if (!listeners) this.listeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(id);
    };
  }

  /** The height a placeholder keeps for this block: its last measured height (px), else an estimate (CSS). */
  placeholderHeight(id: string, componentType: string): number | string {
    return this.heights.get(id) ?? estimatedHeight(componentType);
  }

  /** Follows the page element's layout from now on; returns the way to stop. */
  attach(page: HTMLElement): () => void {
    this.page = page;
    this.resizeObserver = new ResizeObserver((entries) => this.measured(entries));
    this.resizeObserver.observe(page);
    const onScroll = () => this.updateNextFrame();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    const heldBack = this.heldBack;
    this.heldBack = new Set();
    for (const id of heldBack) this.notify(id);
    this.update();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(this.updateFrame);
      this.updateFrame = 0;
      this.resizeObserver?.disconnect();
      this.resizeObserver = null;
      this.page = null;
    };
  }

  /** Measures a block while its content is rendered (its size, when it is no longer near, sizes its placeholder). */
  observe(element: HTMLElement): () => void {
    this.resizeObserver?.observe(element);
    return () => this.resizeObserver?.unobserve(element);
  }

  /** Recomputes which blocks are near the view and wakes the blocks that came near or went far. */
  update(): void {
    if (!this.page) return;
    const margin = window.innerHeight * NEAR_VIEWPORTS;
    const next = new Set<string>();
    // The page holds groups of blocks: the groups near the view, then their blocks near it.
    const within = (parent: Element, found: (child: HTMLElement) => void) => {
      const children = parent.children;
      const near = itemsOverlapping(
        children.length,
        (index) => children[index]!.getBoundingClientRect(),
        -margin,
        window.innerHeight + margin,
      );
      for (let index = near.first; index < near.end; index++) found(children[index] as HTMLElement);
    };
    within(this.page, (group) =>
      within(group, (block) => {
        if (block.dataset.identifier) next.add(block.dataset.identifier);
      }),
    );
    const previous = this.near;
    this.near = next;
    for (const id of next) if (!previous.has(id)) this.notify(id);
    for (const id of previous) if (!next.has(id)) this.notify(id);
  }

  /**
   * Scrolls smoothly to a block's top. Blocks mounted on the way replace estimated heights with real ones, so
   * the smooth scroll can stop off target: when it ends, it lands again at once, unless the person has
   * started scrolling meanwhile.
   */
  scrollToBlock(element: HTMLElement): void {
    this.stopCorrecting?.();
    const reachable = Math.min(
      window.scrollY + element.getBoundingClientRect().top,
      document.documentElement.scrollHeight - window.innerHeight,
    );
    if (Math.abs(reachable - window.scrollY) < 1) return;
    const instant = window.matchMedia(REDUCED_MOTION).matches;
    element.scrollIntoView({ behavior: instant ? 'instant' : 'smooth', block: 'start' });
    const done = new AbortController();
    const stop = () => {
      done.abort();
      if (this.stopCorrecting === stop) this.stopCorrecting = null;
    };
    this.stopCorrecting = stop;
    window.addEventListener(
      'scrollend',
      () => {
        stop();
        if (element.isConnected && Math.abs(element.getBoundingClientRect().top) >= 1)
          element.scrollIntoView({ behavior: 'instant', block: 'start' });
      },
      { signal: done.signal },
    );
    for (const type of TAKEOVER_EVENTS) window.addEventListener(type, stop, { signal: done.signal, passive: true });
  }

  private measured(entries: ResizeObserverEntry[]): void {
    for (const entry of entries) {
      const element = entry.target as HTMLElement;
      const id = element.dataset.identifier;
      const height = entry.borderBoxSize[0]?.blockSize;
      if (!id || height === undefined) continue;
      const type = element.dataset.component ?? '';
      this.estimates.record(type, height, this.heights.get(id));
      this.heights.set(id, height);
      this.measuredTypes.add(type);
    }
    // Nothing changes the layout from inside the callback: resizing the page (new estimates) or mounting
    // blocks there leaves observations undelivered, which Chromium reports as a page error ("ResizeObserver
    // loop completed with undelivered notifications").
    this.updateNextFrame();
  }

  /** One update per frame, however many scroll events and measurements come; new estimates first. */
  private updateNextFrame(): void {
    if (this.updateFrame) return;
    this.updateFrame = requestAnimationFrame(() => {
      this.updateFrame = 0;
      for (const type of this.measuredTypes) this.setEstimate(estimateProperty(type), this.estimates.averageOf(type));
      if (this.measuredTypes.size > 0) this.setEstimate(ANY_ESTIMATE_PROPERTY, this.estimates.average());
      this.measuredTypes.clear();
      this.update();
    });
  }

  /** Sets an estimate on the page for its placeholders; a change under half a pixel is not worth a restyle. */
  private setEstimate(property: string, height: number | undefined): void {
    const style = this.page?.style;
    if (!style || height === undefined) return;
    if (Math.abs(parseFloat(style.getPropertyValue(property) || 'NaN') - height) < 0.5) return;
    style.setProperty(property, `${height}px`);
  }

  private notify(id: string): void {
    for (const listener of this.listeners.get(id) ?? []) listener();
  }
}

export const blockWindow = new BlockWindow();

/** Whether this block is held back as a placeholder until the page is laid out (a server-rendered document). */
export function useIsHeldBack(id: string): boolean {
  const subscribe = useCallback((listener: Listener) => blockWindow.subscribe(id, listener), [id]);
  const heldBack = () => blockWindow.isHeldBack(id);
  return useSyncExternalStore(subscribe, heldBack, heldBack);
}

/** Whether this block is near the preview's view (and so renders its content). */
export function useIsNear(id: string): boolean {
  const subscribe = useCallback((listener: Listener) => blockWindow.subscribe(id, listener), [id]);
  const near = () => blockWindow.isNear(id);
  return useSyncExternalStore(subscribe, near, near);
}
