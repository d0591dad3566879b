import { useSyncExternalStore } from 'react';
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

/**
 * The preview's copy of the page, indexed by identifier. A command wakes only the subscribers it concerns:
 * an upsert re-renders one block, an order change re-renders the list (blocks are memoised). Block meta
 * (_index, first block, first carousel) is derived again only when order, visibility or a type changes.
 */
class PreviewStore {
  private components = new Map<string, Component>();
  private order: readonly string[] = [];
  private metas = new Map<string, BlockMeta>();
  private selected: string | null = null;
  private webpSupported = false;
  private links: { active: boolean; base: string | null } = { active: false, base: null };
  private readonly orderListeners = new Set<Listener>();
  private readonly blockListeners = new Map<string, Set<Listener>>();
  private readonly selectionListeners = new Set<Listener>();

  /** Page commands; feeds go to lib/feed and an unknown WebP support to detection (main.tsx). */
  apply(command: PagePreviewCommand): void {
    switch (command.type) {
      case 'reset': {
        const previous = this.components;
        this.components = new Map(command.components.map((c) => [c._identifier, c]));
        this.order = command.components.map((c) => c._identifier);
        this.notifyOrder();
        for (const id of new Set([...previous.keys(), ...this.components.keys()])) this.notifyBlock(id);
        this.refreshMetas();
        break;
      }
      case 'upsert': {
        const id = command.component._identifier;
        const before = this.components.get(id);
        this.components.set(id, command.component);
        this.notifyBlock(id);
        if (!before || before.hidden !== command.component.hidden || before._component !== command.component._component)
          this.refreshMetas();
        break;
      }
      case 'remove':
        this.components.delete(command.id);
        this.order = this.order.filter((id) => id !== command.id);
        this.notifyOrder();
        this.refreshMetas();
        break;
      case 'order':
        this.order = command.ids;
        this.notifyOrder();
        this.refreshMetas();
        break;
      case 'select':
        this.selected = command.id;
        for (const listener of this.selectionListeners) listener();
        break;
      case 'links':
        this.links = { active: command.active, base: command.base };
        break;
      case 'settings':
        this.webpSupported = command.webpSupported === true;
        for (const id of this.order) this.notifyBlock(id);
        break;
    }
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

  subscribeBlock(id: string, listener: Listener): () => void {
    let listeners = this.blockListeners.get(id);
    if (!listeners) this.blockListeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.blockListeners.delete(id);
    };
  }

  subscribeSelection = (listener: Listener): (() => void) => {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  };

  private refreshMetas(): void {
    const previous = this.metas;
    const next = deriveBlockMeta(this.order.flatMap((id) => this.components.get(id) ?? []));
    for (const [id, meta] of next) {
      const old = previous.get(id);
      if (sameMeta(old, meta)) next.set(id, old!);
      else this.notifyBlock(id);
    }
    this.metas = next;
  }

  private notifyOrder(): void {
    for (const listener of this.orderListeners) listener();
  }

  private notifyBlock(id: string): void {
    for (const listener of this.blockListeners.get(id) ?? []) listener();
  }
}

export const previewStore = new PreviewStore();

export const useOrder = (): readonly string[] =>
  useSyncExternalStore(previewStore.subscribeOrder, previewStore.getOrder);

const useBlockValue = <T>(id: string, read: (id: string) => T): T =>
  useSyncExternalStore(
    (listener) => previewStore.subscribeBlock(id, listener),
    () => read(id),
  );

export const useComponent = (id: string): Component | undefined => useBlockValue(id, previewStore.getComponent);
export const useBlockMeta = (id: string): BlockMeta | undefined => useBlockValue(id, previewStore.getMeta);

export function useIsSelected(id: string): boolean {
  return useSyncExternalStore(previewStore.subscribeSelection, () => previewStore.getSelected() === id);
}
