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

/** The CSS custom property holding the estimated height of blocks of a type (any characters made safe). */
export const estimateProperty = (componentType: string): string =>
  `--block-estimate-${componentType.replace(/[^A-Za-z0-9_-]/g, '_')}`;
/** The CSS custom property holding the estimated height of any block. */
export const ANY_ESTIMATE_PROPERTY = '--block-estimate';

/**
 * The height of a block never measured, as CSS: the average of its type, else of all blocks, else the default.
 * Variables, so that placeholders already on the page follow the estimates without rendering again.
 */
export const estimatedHeight = (componentType: string): string =>
  `var(${estimateProperty(componentType)}, var(${ANY_ESTIMATE_PROPERTY}, ${DEFAULT_BLOCK_HEIGHT}px))`;

/** Measured heights, summed by component type, from which never-measured blocks are estimated. */
export class HeightEstimates {
  private readonly byType = new Map<string, { total: number; count: number }>();
  private readonly all = { total: 0, count: 0 };

  /** Counts a block's height, replacing what it measured before (`previous`, if any). */
  record(componentType: string, height: number, previous: number | undefined): void {
    let stats = this.byType.get(componentType);
    if (!stats) this.byType.set(componentType, (stats = { total: 0, count: 0 }));
    for (const sums of [stats, this.all]) {
      if (previous === undefined) sums.count++;
      sums.total += height - (previous ?? 0);
    }
  }

  /** The average measured height of blocks of this type, if any was measured. */
  averageOf(componentType: string): number | undefined {
    const stats = this.byType.get(componentType);
    return stats && stats.count > 0 ? stats.total / stats.count : undefined;
  }

  /** The average measured height of all blocks, if any was measured. */
  average(): number | undefined {
    return this.all.count > 0 ? this.all.total / this.all.count : undefined;
  }
}

/**
 * The preview's height assumed where it is not laid out yet (a document rendered on the host): a full-height
 * desktop window.
 */
export const FIRST_VIEW_HEIGHT = 1080;
/** Blocks this far (in viewport heights) above or below the view render fully, so scrolling never shows gaps. */
export const NEAR_VIEWPORTS = 1;

/**
 * The blocks (visible ones, in page order) a document rendered before any layout shows with content: those
 * that would be near the first view at the height before any block is measured. The rest are placeholders,
 * as blocks far from the view are; the layout decides once the preview runs.
 */
export function firstViewBlocks(visibleIds: readonly string[], viewHeight = FIRST_VIEW_HEIGHT): string[] {
  const reach = viewHeight * (1 + NEAR_VIEWPORTS);
  return visibleIds.slice(0, Math.floor(reach / DEFAULT_BLOCK_HEIGHT) + 1);
}
