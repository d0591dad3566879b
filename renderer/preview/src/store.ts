import { useCallback, useSyncExternalStore } from 'react';
import type { PreviewCommand } from '../../../core/preview';
import { deriveBlockMeta, type BlockMeta } from '../../../core/rules/blocks';
import type { Component } from '../../../core/schemas';

type Listener = () => void;

export type PagePreviewCommand = Exclude<PreviewCommand, { type: 'feed' }>;

const sameMeta = (a: BlockMeta | undefined, b: BlockMeta | undefined): boolean =>
  a === b ||
  (!!a &&
    !!b &&
    a._index === b._index &&
    a.channel === b.channel &&
    a.eager === b.eager &&
    a.lazyLoadedCarousel === b.lazyLoadedCarousel);

/** Runs a callback later: at the end of the current task, or before the next frame. */
export type Scheduler = (callback: () => void) => void;

/**
 * A hidden or off-screen preview gets no animation frames (Chromium throttles them in cross-origin frames):
 * the timer renders it anyway, so a page read while hidden is current.
 */
const HIDDEN_FRAME_FALLBACK_MS = 100;

const nextFrame: Scheduler = (callback) => {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    callback();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, HIDDEN_FRAME_FALLBACK_MS);
};

/**
 * The preview's copy of the page, indexed by identifier. Commands change the copy at once; subscribers are
 * woken at most once per frame (flush), each only for what concerns it: an upsert re-renders one block, however
 * many keystrokes arrived, and an order change re-renders the list (blocks are memoised). The first command
 * of a frame renders at the end of its task (a keystroke shows at the next paint, as without batching); those
 * arriving after it in the same frame wait for the next one. So a preview that falls behind catches up in one
 * frame of work, not one render per command. Block meta
 * (_index, first block, first carousel) is derived again at the flush, only when order, visibility or a type
 * changed, and wakes only the blocks whose meta really changed.
 */
export class PreviewStore {
  private components = new Map<string, Component>();
  private order: readonly string[] = [];
  private metas = new Map<string, BlockMeta>();
  private selected: string | null = null;
  private webpSupported = false;
  private links: { active: boolean; base: string | null } = { active: false, base: null };
  private readonly orderListeners = new Set<Listener>();
  private readonly blockListeners = new Map<string, Set<Listener>>();
  private readonly dirtyBlocks = new Set<string>();
  private orderDirty = false;
  private metasDirty = false;
  private flushScheduled = false;
  private flushedThisFrame = false;

  constructor(
    private readonly endOfTask: Scheduler = queueMicrotask,
    private readonly beforeNextFrame: Scheduler = nextFrame,
  ) {}

  /** Page commands; feeds go to lib/feed and an unknown WebP support to detection (main.tsx). */
  apply(command: PagePreviewCommand): void {
    switch (command.type) {
      case 'reset': {
        for (const id of this.components.keys()) this.dirtyBlocks.add(id);
        this.components = new Map(command.components.map((c) => [c._identifier, c]));
        this.order = command.components.map((c) => c._identifier);
        for (const id of this.components.keys()) this.dirtyBlocks.add(id);
        this.orderDirty = this.metasDirty = true;
        break;
      }
      case 'upsert': {
        const id = command.component._identifier;
        const before = this.components.get(id);
        this.components.set(id, command.component);
        this.dirtyBlocks.add(id);
        if (!before || before.hidden !== command.component.hidden || before._component !== command.component._component)
          this.metasDirty = true;
        break;
      }
      case 'remove':
        this.components.delete(command.id);
        this.order = this.order.filter((id) => id !== command.id);
        this.orderDirty = this.metasDirty = true;
        break;
      case 'order':
        this.order = command.ids;
        this.orderDirty = this.metasDirty = true;
        break;
      case 'select':
        if (this.selected) this.dirtyBlocks.add(this.selected);
        this.selected = command.id;
        if (this.selected) this.dirtyBlocks.add(this.selected);
        break;
      case 'links':
        this.links = { active: command.active, base: command.base };
        return;
      case 'settings':
        this.webpSupported = command.webpSupported === true;
        for (const id of this.order) this.dirtyBlocks.add(id);
        break;
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    (this.flushedThisFrame ? this.beforeNextFrame : this.endOfTask)(() => this.flush());
  }

  /**
   * Wakes the subscribers of everything changed since the last flush, each once. Called as scheduled by
   * apply, and before custom scripts run, so they see the blocks of the commands sent before them.
   */
  flush(): void {
    this.flushScheduled = false;
    if (!this.flushedThisFrame) {
      this.flushedThisFrame = true;
      this.beforeNextFrame(() => (this.flushedThisFrame = false));
    }
    if (this.metasDirty) this.refreshMetas();
    this.metasDirty = false;
    if (this.orderDirty) for (const listener of this.orderListeners) listener();
    this.orderDirty = false;
    const dirty = [...this.dirtyBlocks];
    this.dirtyBlocks.clear();
    for (const id of dirty) for (const listener of this.blockListeners.get(id) ?? []) listener();
  }

  /**
   * The page a server-rendered document shows, taken before it hydrates (main.tsx) or is rendered on the host
   * (server.tsx): nothing is subscribed yet, so nothing is woken.
   */
  seed(components: readonly Component[], webpSupported: boolean): void {
    this.components = new Map(components.map((c) => [c._identifier, c]));
    this.order = components.map((c) => c._identifier);
    this.webpSupported = webpSupported;
    this.selected = null;
    this.refreshMetas();
    this.dirtyBlocks.clear();
  }

  getOrder = (): readonly string[] => this.order;
  getComponent = (id: string): Component | undefined => this.components.get(id);
  getMeta = (id: string): BlockMeta | undefined => this.metas.get(id);
  getSelected = (): string | null => this.selected;
  getWebpSupported = (): boolean => this.webpSupported;
  /** Read at click time, so toggling links re-renders nothing. */
  getLinks = (): { active: boolean; base: string | null } => this.links;

  subscribeOrder = (listener: Listener): (() => void) => {
    this.orderListeners.add(listener);
    return () => this.orderListeners.delete(listener);
  };

  /** Wakes the listener when this block's component, meta or selection changes. */
  subscribeBlock(id: string, listener: Listener): () => void {
    let listeners = this.blockListeners.get(id);
    if (!listeners) this.blockListeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.blockListeners.delete(id);
    };
  }

  private refreshMetas(): void {
    const previous = this.metas;
    const next = deriveBlockMeta(this.order.flatMap((id) => this.components.get(id) ?? []));
    for (const [id, meta] of next) {
      const old = previous.get(id);
      if (sameMeta(old, meta)) next.set(id, old!);
      else this.dirtyBlocks.add(id);
    }
    this.metas = next;
  }
}

export const previewStore = new PreviewStore();

// The server snapshot is the store itself: a hydrating preview takes no command until it has hydrated (main.tsx).
export const useOrder = (): readonly string[] =>
  useSyncExternalStore(previewStore.subscribeOrder, previewStore.getOrder, previewStore.getOrder);

function useBlockValue<T>(id: string, read: (id: string) => T): T {
  const subscribe = useCallback((listener: Listener) => previewStore.subscribeBlock(id, listener), [id]);
  const snapshot = () => read(id);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export const useComponent = (id: string): Component | undefined => useBlockValue(id, previewStore.getComponent);
export const useBlockMeta = (id: string): BlockMeta | undefined => useBlockValue(id, previewStore.getMeta);
export const useIsSelected = (id: string): boolean =>
  useBlockValue(id, (blockId) => previewStore.getSelected() === blockId);
