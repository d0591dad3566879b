/** One undoable change: how to take it back and how to make it again. */
export interface Change {
  /**
   * Changes with the same key made without a pause merge into one step (typing in one field), so undo takes
   * back a burst of typing, not one character. null never merges.
   */
  key: string | null;
  /** What the step does, in words that follow "Undid: " and "Undo: ", e.g. "remove Custom HTML". */
  label: string;
  undo(): void;
  redo(): void;
}

interface Step extends Change {
  at: number;
  /** Names the content this step leads to; a merged burst of typing leads somewhere new, so it gets a new one. */
  id: number;
}

export const TYPING_PAUSE_MS = 800;
export const HISTORY_LIMIT = 500;

/**
 * Undo and redo stacks for one open page. Pure: it runs the callbacks it is given and nothing else.
 *
 * Each step has a number naming the content it leads to, so "is this the saved content?" is one comparison
 * with the number marked clean (markClean), whichever way undo and redo got here.
 */
export class History {
  private past: Step[] = [];
  private future: Step[] = [];
  private lastId = 0;
  /** The content before the oldest step kept: what undoing everything comes back to. */
  private floor = 0;
  /** The content marked clean, or null when no undo or redo can come back to it. */
  private cleanId: number | null = 0;

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly pauseMs = TYPING_PAUSE_MS,
    private readonly limit = HISTORY_LIMIT,
  ) {}

  record(change: Change): void {
    const at = this.now();
    const last = this.past.at(-1);
    this.future = [];
    if (last && change.key !== null && last.key === change.key && at - last.at < this.pauseMs) {
      // Keep the oldest undo and the newest redo: one step from before the burst to after it.
      this.past[this.past.length - 1] = {
        key: change.key,
        label: change.label,
        at,
        id: ++this.lastId,
        undo: last.undo,
        redo: change.redo,
      };
      return;
    }
    this.past.push({ ...change, at, id: ++this.lastId });
    const dropped = this.past.length > this.limit ? this.past.shift() : undefined;
    if (dropped) this.floor = dropped.id;
  }

  /** Takes back the last step; answers its label, or null when there was none. */
  undo(): string | null {
    const step = this.past.pop();
    if (!step) return null;
    step.undo();
    this.future.push(step);
    return step.label;
  }

  /** Makes the last undone step again; answers its label, or null when there was none. */
  redo(): string | null {
    const step = this.future.pop();
    if (!step) return null;
    step.redo();
    // A redone step never merges with what follows.
    this.past.push({ ...step, at: -Infinity });
    return step.label;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** The step undo would take back, for the undo button's tooltip. */
  get nextUndo(): string | null {
    return this.past.at(-1)?.label ?? null;
  }

  /** The step redo would make again. */
  get nextRedo(): string | null {
    return this.future.at(-1)?.label ?? null;
  }

  /** Forgets every step; the content stays as it is, clean or not. */
  clear(): void {
    this.floor = this.position;
    this.past = [];
    this.future = [];
  }

  /** Names the content now. */
  private get position(): number {
    return this.past.at(-1)?.id ?? this.floor;
  }

  /** The content now is the saved one. */
  markClean(): void {
    this.cleanId = this.position;
  }

  /** The content changed outside these steps: no undo or redo from here is known to reach the saved content. */
  loseClean(): void {
    this.cleanId = null;
  }

  get isClean(): boolean {
    return this.cleanId === this.position;
  }
}
