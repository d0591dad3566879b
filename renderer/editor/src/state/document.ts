import { atom, createStore, type PrimitiveAtom } from 'jotai';
import type { PreviewCommand } from '../../../../core/preview';
import type { Component, Draft, PageKey, PageMeta } from '../../../../core/schemas';
import { documentHash } from '../../../../core/rules/page';
import { moveItem } from '../../../../core/rules/paths';
import { History } from './history';

export interface DocumentSinks {
  /** Sends the preview only what changed. */
  preview(command: PreviewCommand): void;
  /** Called after every change; the autosave debounces it. */
  changed(): void;
}

/**
 * The page being edited, as a node index: one atom per component keyed by _identifier plus an order atom,
 * so typing in one component re-renders its row and its preview block only. Every change goes through the
 * methods here, which also tell the preview what changed.
 */
export class EditorDocument {
  readonly store = createStore();
  readonly orderAtom = atom<readonly string[]>([]);
  readonly metaAtom: PrimitiveAtom<PageMeta>;
  readonly openIdAtom = atom<string | null>(null);
  readonly dirtyAtom = atom(false);
  /** Bumped on every change, for the few views that show the whole page (the JSON editor). */
  readonly revisionAtom = atom(0);
  readonly canUndoAtom = atom(false);
  readonly canRedoAtom = atom(false);
  private readonly history: History;
  private readonly componentAtoms = new Map<string, PrimitiveAtom<Component>>();
  private sinks: DocumentSinks = { preview: () => {}, changed: () => {} };
  readonly key: PageKey;
  readonly bookmark: string;
  baseHash: string | null;
  cleanHash: string;

  constructor(draft: Draft, now: () => number = () => Date.now()) {
    this.history = new History(now);
    this.key = draft.key;
    this.bookmark = draft.bookmark;
    this.baseHash = draft.baseHash;
    this.cleanHash = draft.cleanHash;
    this.metaAtom = atom(draft.meta);
    this.setComponents(draft.components);
    this.store.set(this.dirtyAtom, this.computeDirty());
  }

  connect(sinks: DocumentSinks): void {
    this.sinks = sinks;
  }

  private changed(): void {
    this.store.set(this.revisionAtom, (n) => n + 1);
    this.sinks.changed();
  }

  componentAtom(id: string): PrimitiveAtom<Component> {
    const found = this.componentAtoms.get(id);
    if (!found) throw new Error(`No component ${id} on this page`);
    return found;
  }

  get order(): readonly string[] {
    return this.store.get(this.orderAtom);
  }

  get meta(): PageMeta {
    return this.store.get(this.metaAtom);
  }

  component(id: string): Component {
    return this.store.get(this.componentAtom(id));
  }

  components(): Component[] {
    return this.order.map((id) => this.component(id));
  }

  indexOf(id: string): number {
    return this.order.indexOf(id);
  }

  /**
   * Replaces one component: the cheap path every field edit takes. Edits with the same `typing` key (one
   * field) made without a pause make one undo step; discrete changes (hide, rename, JSON) pass none.
   */
  updateComponent(id: string, update: (component: Component) => Component, typing: string | null = null): void {
    const before = this.component(id);
    const after = update(before);
    if (after === before) return;
    this.perform({
      key: typing === null ? null : `component:${id}:${typing}`,
      undo: () => this.putComponent(id, before),
      redo: () => this.putComponent(id, after),
    });
  }

  setMeta(update: (meta: PageMeta) => PageMeta, typing: string | null = null): void {
    const before = this.meta;
    const after = update(before);
    this.perform({ key: typing === null ? null : `meta:${typing}`, undo: () => this.putMeta(before), redo: () => this.putMeta(after) });
  }

  add(component: Component, index = this.order.length): void {
    this.perform({ key: null, undo: () => this.removeComponent(component._identifier), redo: () => this.insertComponent(component, index) });
  }

  remove(id: string): void {
    const component = this.component(id);
    const index = this.indexOf(id);
    this.perform({ key: null, undo: () => this.insertComponent(component, index), redo: () => this.removeComponent(id) });
  }

  move(from: number, to: number): void {
    const target = Math.max(0, Math.min(this.order.length - 1, to));
    if (from === target || from < 0 || from >= this.order.length) return;
    this.perform({ key: null, undo: () => this.reorder(target, from), redo: () => this.reorder(from, target) });
  }

  /** Replaces the whole list, as the JSON editor does; atoms of unchanged components are reused. */
  replaceAll(components: readonly Component[]): void {
    const before = this.components();
    this.perform({ key: null, undo: () => this.resetComponents(before), redo: () => this.resetComponents(components) });
  }

  undo(): void {
    if (this.history.undo()) this.afterHistoryMove();
  }

  redo(): void {
    if (this.history.redo()) this.afterHistoryMove();
  }

  private perform(change: { key: string | null; undo(): void; redo(): void }): void {
    change.redo();
    this.history.record(change);
    this.afterHistoryMove();
  }

  private afterHistoryMove(): void {
    this.store.set(this.canUndoAtom, this.history.canUndo);
    this.store.set(this.canRedoAtom, this.history.canRedo);
    // "Changed since the last save", O(1): hashing the whole page here would cost tens of ms at 1000
    // components. The exact check (computeDirty) runs only where it matters, on leaving.
    this.store.set(this.dirtyAtom, true);
    this.changed();
  }

  // The raw changes below apply one edit and tell the preview; they record nothing.

  private putComponent(id: string, component: Component): void {
    this.store.set(this.componentAtom(id), component);
    this.sinks.preview({ type: 'upsert', component });
  }

  private putMeta(meta: PageMeta): void {
    this.store.set(this.metaAtom, meta);
  }

  private insertComponent(component: Component, index: number): void {
    this.componentAtoms.set(component._identifier, atom(component));
    const order = this.order.slice();
    order.splice(index, 0, component._identifier);
    this.store.set(this.orderAtom, order);
    this.sinks.preview({ type: 'upsert', component });
    this.sinks.preview({ type: 'order', ids: order });
  }

  private removeComponent(id: string): void {
    this.store.set(
      this.orderAtom,
      this.order.filter((other) => other !== id),
    );
    this.componentAtoms.delete(id);
    if (this.store.get(this.openIdAtom) === id) this.store.set(this.openIdAtom, null);
    this.sinks.preview({ type: 'remove', id });
  }

  private reorder(from: number, to: number): void {
    const order = moveItem(this.order, from, to);
    this.store.set(this.orderAtom, order);
    this.sinks.preview({ type: 'order', ids: order });
  }

  private resetComponents(components: readonly Component[]): void {
    this.setComponents(components);
    this.sinks.preview({ type: 'reset', components: this.components() });
  }

  setOpen(id: string | null): void {
    this.store.set(this.openIdAtom, id);
    this.sinks.preview({ type: 'select', id });
  }

  get openId(): string | null {
    return this.store.get(this.openIdAtom);
  }

  toDraft(updatedAt: string): Draft {
    return {
      bookmark: this.bookmark,
      key: this.key,
      meta: this.meta,
      components: this.components(),
      baseHash: this.baseHash,
      cleanHash: this.cleanHash,
      updatedAt,
    };
  }

  /** O(page): called before leaving, never per keystroke or per autosave. */
  computeDirty(): boolean {
    return documentHash(this.meta, this.components()) !== this.cleanHash;
  }

  /** After a save: the saved version is the new base, and there is nothing left unsaved. */
  markSaved(savedHash: string): void {
    this.baseHash = savedHash;
    this.cleanHash = documentHash(this.meta, this.components());
    this.store.set(this.dirtyAtom, false);
  }

  private setComponents(components: readonly Component[]): void {
    const seen = new Set<string>();
    for (const component of components) {
      seen.add(component._identifier);
      const existing = this.componentAtoms.get(component._identifier);
      if (existing) this.store.set(existing, component);
      else this.componentAtoms.set(component._identifier, atom(component));
    }
    for (const id of [...this.componentAtoms.keys()]) if (!seen.has(id)) this.componentAtoms.delete(id);
    this.store.set(
      this.orderAtom,
      components.map((component) => component._identifier),
    );
    const open = this.store.get(this.openIdAtom);
    if (open && !seen.has(open)) this.store.set(this.openIdAtom, null);
  }
}
