/** A box's extent along the page, in any one coordinate system (the preview uses the viewport's). */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * The items, laid out top to bottom, that overlap [from, to]: indices first (inclusive) to end (exclusive),
 * found by binary search, so a page of any length costs O(log n) reads plus the items in range.
 */
export function itemsOverlapping(
  count: number,
  spanAt: (index: number) => Span,
  from: number,
  to: number,
): { first: number; end: number } {
  let low = 0;
  let high = count;
  // The first item whose bottom reaches `from`.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (spanAt(middle).bottom < from) low = middle + 1;
    else high = middle;
  }
  let end = low;
  while (end < count && spanAt(end).top <= to) end++;
  return { first: low, end };
}

/** Block height before any block is measured: about one banner. */
export const DEFAULT_BLOCK_HEIGHT = 400;

/** Measured heights, summed by component type, from which never-measured blocks are estimated. */
export class HeightEstimates {
  private readonly byType = new Map<string, { total: number; count: number }>();
  private total = 0;
  private count = 0;

  /** Counts a block's height, replacing what it measured before (`previous`, if any). */
  record(componentType: string, height: number, previous: number | undefined): void {
    const stats = this.byType.get(componentType) ?? { total: 0, count: 0 };
    if (previous === undefined) {
      stats.count++;
      this.count++;
    }
    stats.total += height - (previous ?? 0);
    this.total += height - (previous ?? 0);
    this.byType.set(componentType, stats);
  }

  /** The average measured height of blocks of this type, else of all blocks, else the default. */
  estimate(componentType: string): number {
    const stats = this.byType.get(componentType);
    if (stats && stats.count > 0) return Math.round(stats.total / stats.count);
    return this.count > 0 ? Math.round(this.total / this.count) : DEFAULT_BLOCK_HEIGHT;
  }
}
