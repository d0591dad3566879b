import { atom, createStore, type PrimitiveAtom } from 'jotai';
import type { PreviewCommand } from '../../../../core/preview';
import type { Component, Draft, PageKey, PageMeta } from '../../../../core/schemas';
import { documentHash } from '../../../../core/rules/page';
import { moveItem } from '../../../../core/rules/paths';
import type { StructuralEdit } from '../../../../core/rules/multiCountry';
import {
  NOTHING_REFUSED,
  actionsOfMetaChange,
  type EditingAction,
  type EditingRefusals,
} from '../../../../core/rules/editingRights';
import { componentLabel } from '../../../../core/rules/displayNames';
import { History, type Change } from './history';

export interface DocumentSinks {
  /** Sends the preview only what changed. */
  preview(command: PreviewCommand): void;
  /** Called after every change; the autosave debounces it. */
  changed(): void;
  /** Told why an edit was refused (multi-country rules); nothing changed. */
  refused(reason: string): void;
}

/** What a change of this document and its followers is made of: the undo and redo of one edit. */
export type Edit = Omit<Change, 'key' | 'label'>;

/**
 * Set in multi-country editing (multi/session.ts): what the other countries' documents do along with a
 * structural edit of this one (editor spec §4), or why the edit is refused. The followers' edits are
 * recorded in this document's history with its own, so one undo takes the whole edit back everywhere.
 */
export interface StructureLink {
  readonly canAddOrRemove: boolean;
  follow(edit: StructuralEdit): { refused: string } | { followers: Edit[] };
}

const NO_SINKS: DocumentSinks = { preview: () => {}, changed: () => {}, refused: () => {} };

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
  /** The steps undo and redo would take, in words ("remove Custom HTML"), for their buttons' tooltips. */
  readonly nextUndoAtom = atom<string | null>(null);
  readonly nextRedoAtom = atom<string | null>(null);
  /** What the user's roles refuse on this page (issue 22), set by the editor from the team server's permissions. */
  readonly refusalsAtom = atom<EditingRefusals>(NOTHING_REFUSED);
  private readonly history: History;
  private readonly componentAtoms = new Map<string, PrimitiveAtom<Component>>();
  private sinks: DocumentSinks = NO_SINKS;
  private link: StructureLink | null = null;
  readonly key: PageKey;
  readonly bookmark: string;
  /** The draft this document was opened from: its autosave's first base (state/autosave.ts). */
  readonly openedFrom: Draft;
  private base: string | null;
  /** The hash of the content last saved (or opened clean), kept in the draft so a reopened draft knows it. */
  private cleanHash: string;

  constructor(draft: Draft, now: () => number = () => Date.now()) {
    this.history = new History(now);
    this.openedFrom = draft;
    this.key = draft.key;
    this.bookmark = draft.bookmark;
    this.base = draft.baseHash;
    this.cleanHash = draft.cleanHash;
    this.metaAtom = atom(draft.meta);
    this.setComponents(draft.components);
    // A draft reopened with unsaved changes: no undo reaches the saved content, which this history never held.
    if (documentHash(draft.meta, draft.components) !== draft.cleanHash) this.history.loseClean();
    this.store.set(this.dirtyAtom, this.dirty);
  }

  connect(sinks: Partial<DocumentSinks>): void {
    this.sinks = { ...NO_SINKS, ...sinks };
  }

  linkStructure(link: StructureLink | null): void {
    this.link = link;
  }

  get refusals(): EditingRefusals {
    return this.store.get(this.refusalsAtom);
  }

  setRefusals(refusals: EditingRefusals): void {
    this.store.set(this.refusalsAtom, refusals);
  }

  /**
   * Adding, removing and moving components needs the user's `structure` (issue 22), and in multi-country
   * editing only the primary country may (spec §2, §6).
   */
  get canAddOrRemove(): boolean {
    return this.refusals.structure === null && (this.link?.canAddOrRemove ?? true);
  }

  /**
   * Why a control that adds, removes or moves components is disabled, or undefined when it is not: the
   * user's roles first, else the control's own words for a secondary country.
   */
  whyNotAddOrRemove(onSecondaryCountry: string): string | undefined {
    if (this.canAddOrRemove) return undefined;
    return this.refusals.structure ?? onSecondaryCountry;
  }

  /** Tells the sinks why the user's roles refuse one of these actions, if they do. Answers whether one was refused. */
  private refusedByRoles(actions: readonly EditingAction[]): boolean {
    const refusal = actions.map((action) => this.refusals[action]).find((reason) => reason !== null);
    if (refusal) this.sinks.refused(refusal);
    return refusal !== undefined;
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
    if (after === before || this.refusedByRoles(['edit'])) return;
    this.perform({
      key: typing === null ? null : `component:${id}:${typing}`,
      label:
        typing === null ? `edit ${componentLabel(before)}` : `edit ${inWords(typing)} in ${componentLabel(before)}`,
      undo: () => this.putComponent(id, before),
      redo: () => this.putComponent(id, after),
    });
  }

  setMeta(update: (meta: PageMeta) => PageMeta, typing: string | null = null): void {
    const before = this.meta;
    const after = update(before);
    if (this.refusedByRoles(actionsOfMetaChange(before, after))) return;
    this.perform({
      key: typing === null ? null : `meta:${typing}`,
      label: 'change page options',
      undo: () => this.putMeta(before),
      redo: () => this.putMeta(after),
    });
  }

  // The structural edits below answer whether they were made: in multi-country editing the rules of
  // core/rules/multiCountry.ts may refuse one (the sinks are told why) or make the other countries follow.

  add(component: Component, index = this.order.length): boolean {
    return this.performStructural({ kind: 'add', component, index }, `add ${componentLabel(component)}`, {
      undo: () => this.removeComponent(component._identifier),
      redo: () => this.insertComponent(component, index),
    });
  }

  remove(id: string): boolean {
    const component = this.component(id);
    const index = this.indexOf(id);
    return this.performStructural({ kind: 'remove', index }, `remove ${componentLabel(component)}`, {
      undo: () => this.insertComponent(component, index),
      redo: () => this.removeComponent(id),
    });
  }

  move(from: number, to: number): boolean {
    const target = Math.max(0, Math.min(this.order.length - 1, to));
    if (from === target || from < 0 || from >= this.order.length) return false;
    return this.performStructural(
      { kind: 'move', from, to: target },
      `move ${componentLabel(this.component(this.order[from]!))}`,
      { undo: () => this.reorder(target, from), redo: () => this.reorder(from, target) },
    );
  }

  setHidden(id: string, hidden: boolean): boolean {
    return this.performStructural(
      { kind: 'hide', index: this.indexOf(id), hidden },
      `${hidden ? 'hide' : 'show'} ${componentLabel(this.component(id))}`,
      this.componentEdit(id, (c) => ({ ...c, hidden })),
    );
  }

  rename(id: string, name: string): boolean {
    return this.performStructural(
      { kind: 'rename', index: this.indexOf(id), name },
      `rename ${componentLabel(this.component(id))} to ${name}`,
      this.componentEdit(id, (c) => ({ ...c, name })),
    );
  }

  applyClasses(id: string, classes: readonly string[]): boolean {
    return this.performStructural(
      { kind: 'classes', index: this.indexOf(id), classes },
      `change the classes of ${componentLabel(this.component(id))}`,
      this.componentEdit(id, (c) => ({ ...c, classes: [...classes] })),
    );
  }

  /** Replaces the whole list, as the JSON editor does; atoms of unchanged components are reused. */
  replaceAll(components: readonly Component[]): boolean {
    return this.performStructural(
      { kind: 'replace', components },
      'replace the components',
      this.replacement(components),
    );
  }

  /**
   * This document's side of an edit another document records (multi-country): the list replaced, marked
   * changed and autosaved, but kept out of this document's history. When the edit changes which components
   * stand where, this document's own steps (by position) no longer fit and are dropped.
   */
  followingReplacement(components: readonly Component[]): Edit {
    const edit = this.replacement(components);
    const restructures =
      components.length !== this.order.length || components.some((c, at) => c._identifier !== this.order[at]);
    const apply = (step: () => void) => () => {
      step();
      if (restructures) this.history.clear();
      // Changed outside this history: whether this is the saved content again is not known without a hash.
      this.history.loseClean();
      this.afterHistoryMove();
    };
    return { undo: apply(edit.undo), redo: apply(edit.redo) };
  }

  /** Records edits of other documents (a translation into them) as one undoable step of this one. */
  performFollowers(followers: readonly Edit[], label = 'change the other countries'): void {
    if (followers.length > 0) this.perform({ key: null, label, ...combine(followers) });
  }

  private replacement(components: readonly Component[]): Edit {
    const before = this.components();
    return { undo: () => this.resetComponents(before), redo: () => this.resetComponents(components) };
  }

  private componentEdit(id: string, update: (component: Component) => Component): Edit {
    const before = this.component(id);
    const after = update(before);
    return { undo: () => this.putComponent(id, before), redo: () => this.putComponent(id, after) };
  }

  private performStructural(edit: StructuralEdit, label: string, own: Edit): boolean {
    // A new name or classes are values of the component; every other edit here changes the page's structure.
    if (this.refusedByRoles([edit.kind === 'rename' || edit.kind === 'classes' ? 'edit' : 'structure'])) return false;
    const outcome = this.link?.follow(edit) ?? { followers: [] };
    if ('refused' in outcome) {
      this.sinks.refused(outcome.refused);
      return false;
    }
    this.perform({ key: null, label, ...combine([own, ...outcome.followers]) });
    return true;
  }

  /** Takes back the last step; answers what it was ("remove Custom HTML"), or null when there was none. */
  undo(): string | null {
    const label = this.history.undo();
    if (label !== null) this.afterHistoryMove();
    return label;
  }

  /** Makes the last undone step again; answers what it was, or null when there was none. */
  redo(): string | null {
    const label = this.history.redo();
    if (label !== null) this.afterHistoryMove();
    return label;
  }

  private perform(change: Change): void {
    change.redo();
    this.history.record(change);
    this.afterHistoryMove();
  }

  private afterHistoryMove(): void {
    this.store.set(this.canUndoAtom, this.history.canUndo);
    this.store.set(this.canRedoAtom, this.history.canRedo);
    this.store.set(this.nextUndoAtom, this.history.nextUndo);
    this.store.set(this.nextRedoAtom, this.history.nextRedo);
    this.store.set(this.dirtyAtom, this.dirty);
    this.changed();
  }

  // The raw changes below apply one edit and tell the preview; they record nothing.

  private putComponent(id: string, component: Component): void {
    // A step of a history cleared by a following replacement never runs, but a guard costs nothing.
    const componentAtom = this.componentAtoms.get(id);
    if (!componentAtom) return;
    this.store.set(componentAtom, component);
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
      baseHash: this.base,
      cleanHash: this.cleanHash,
      updatedAt,
    };
  }

  /**
   * Changed since the last save, O(1) per edit (hashing a 1000-component page costs tens of ms): the history's
   * clean marker, so undoing back to the saved content is clean again and redoing away from it is not.
   */
  get dirty(): boolean {
    return !this.history.isClean;
  }

  /** The saved version this content was edited from, which the next save must still find the latest. */
  get baseHash(): string | null {
    return this.base;
  }

  /** The next save replaces this version instead (a colleague's, overwritten or reloaded on purpose). */
  rebase(versionHash: string): void {
    this.base = versionHash;
  }

  /** After a save: the saved version is the new base, and there is nothing left unsaved. */
  markSaved(savedHash: string): void {
    this.base = savedHash;
    this.cleanHash = documentHash(this.meta, this.components());
    this.history.markClean();
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

/** A field's path in words for a step's label: "backgroundColour" -> "background colour", "ctas.0.url" -> "ctas url". */
function inWords(path: string): string {
  return path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** Edits made as one: redone in order, undone in reverse. */
function combine(edits: readonly Edit[]): Edit {
  return {
    redo: () => edits.forEach((edit) => edit.redo()),
    undo: () => edits.toReversed().forEach((edit) => edit.undo()),
  };
}
