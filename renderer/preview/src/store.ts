import { useSyncExternalStore } from 'react';
import type { PreviewCommand } from '../../../core/preview';
import type { Component } from '../../../core/schemas';

type Listener = () => void;

/**
 * The preview's copy of the page, indexed by identifier. A command wakes only the subscribers it concerns:
 * an upsert re-renders one block, an order change re-renders the list (blocks are memoised).
 */
class PreviewStore {
  private components = new Map<string, Component>();
  private order: readonly string[] = [];
  private selected: string | null = null;
  private readonly orderListeners = new Set<Listener>();
  private readonly blockListeners = new Map<string, Set<Listener>>();
  private readonly selectionListeners = new Set<Listener>();

  apply(command: PreviewCommand): void {
    switch (command.type) {
      case 'reset': {
        const previous = this.components;
        this.components = new Map(command.components.map((c) => [c._identifier, c]));
        this.order = command.components.map((c) => c._identifier);
        this.notifyOrder();
        for (const id of new Set([...previous.keys(), ...this.components.keys()])) this.notifyBlock(id);
        break;
      }
      case 'upsert':
        this.components.set(command.component._identifier, command.component);
        this.notifyBlock(command.component._identifier);
        break;
      case 'remove':
        this.components.delete(command.id);
        this.order = this.order.filter((id) => id !== command.id);
        this.notifyOrder();
        break;
      case 'order':
        this.order = command.ids;
        this.notifyOrder();
        break;
      case 'select':
        this.selected = command.id;
        for (const listener of this.selectionListeners) listener();
        break;
    }
  }

  getOrder = (): readonly string[] => this.order;
  getComponent = (id: string): Component | undefined => this.components.get(id);
  getSelected = (): string | null => this.selected;

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

  private notifyOrder(): void {
    for (const listener of this.orderListeners) listener();
  }

  private notifyBlock(id: string): void {
    for (const listener of this.blockListeners.get(id) ?? []) listener();
  }
}

export const previewStore = new PreviewStore();

export const useOrder = (): readonly string[] => useSyncExternalStore(previewStore.subscribeOrder, previewStore.getOrder);

export function useComponent(id: string): Component | undefined {
  return useSyncExternalStore(
    (listener) => previewStore.subscribeBlock(id, listener),
    () => previewStore.getComponent(id),
  );
}

export function useIsSelected(id: string): boolean {
  return useSyncExternalStore(previewStore.subscribeSelection, () => previewStore.getSelected() === id);
}
