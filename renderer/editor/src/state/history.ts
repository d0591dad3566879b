/** One undoable change: how to take it back and how to make it again. */
export interface Change {
  /**
   * Changes with the same key made without a pause merge into one step (typing in one field), so undo takes
   * back a burst of typing, not one character. null never merges.
   */
  key: string | null;
  undo(): void;
  redo(): void;
}

interface Step extends Change {
  at: number;
}

export const TYPING_PAUSE_MS = 800;
export const HISTORY_LIMIT = 500;

/** Undo and redo stacks for one open page. Pure: it runs the callbacks it is given and nothing else. */
export class History {
  private past: Step[] = [];
  private future: Step[] = [];

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
      this.past[this.past.length - 1] = { key: change.key, at, undo: last.undo, redo: change.redo };
      return;
    }
    this.past.push({ ...change, at });
    if (this.past.length > this.limit) this.past.shift();
  }

  undo(): boolean {
    const step = this.past.pop();
    if (!step) return false;
    step.undo();
    this.future.push(step);
    return true;
  }

  redo(): boolean {
    const step = this.future.pop();
    if (!step) return false;
    step.redo();
    // A redone step never merges with what follows.
    this.past.push({ ...step, at: -Infinity });
    return true;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
