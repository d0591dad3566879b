import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOCK_HEIGHT,
  estimatedHeight,
  estimateProperty,
  HeightEstimates,
  itemsOverlapping,
  type Span,
} from '../../renderer/preview/src/lib/windowing';
import { PreviewStore } from '../../renderer/preview/src/store';
import type { Component } from '../../core/schemas';

/** Blocks of these heights, one under the other from `start`. */
function stack(heights: readonly number[], start = 0): Span[] {
  let top = start;
  return heights.map((height) => {
    const span = { top, bottom: top + height };
    top += height;
    return span;
  });
}

describe('itemsOverlapping (which blocks are near the preview view)', () => {
  it('finds the blocks overlapping the range, including those cut by its edges', () => {
    const spans = stack([100, 100, 100, 100, 100]);
    expect(itemsOverlapping(spans.length, (i) => spans[i]!, 150, 320)).toEqual({ first: 1, end: 4 });
    expect(itemsOverlapping(spans.length, (i) => spans[i]!, -50, 0)).toEqual({ first: 0, end: 1 });
    expect(itemsOverlapping(spans.length, (i) => spans[i]!, 600, 900)).toEqual({ first: 5, end: 5 });
    expect(itemsOverlapping(0, () => ({ top: 0, bottom: 0 }), 0, 100)).toEqual({ first: 0, end: 0 });
  });

  it('answers what a linear scan answers, reading O(log n) blocks before the range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 300 }),
        fc.integer({ min: -2000, max: 20000 }),
        fc.integer({ min: -2000, max: 20000 }),
        fc.integer({ min: 0, max: 3000 }),
        (heights, start, from, length) => {
          const spans = stack(heights, start);
          const to = from + length;
          const expected = spans.flatMap((span, index) => (span.bottom >= from && span.top <= to ? [index] : []));
          let reads = 0;
          const { first, end } = itemsOverlapping(
            spans.length,
            (index) => {
              reads++;
              return spans[index]!;
            },
            from,
            to,
          );
          const found = Array.from({ length: end - first }, (_, i) => first + i);
          expect(found).toEqual(expected);
          expect(reads).toBeLessThanOrEqual(Math.ceil(Math.log2(spans.length + 1)) + found.length + 1);
        },
      ),
    );
  });
});

describe('HeightEstimates (placeholders of blocks never measured)', () => {
  it('averages the measured heights by type and over all blocks', () => {
    const estimates = new HeightEstimates();
    expect(estimates.averageOf('MainBanner')).toBeUndefined();
    expect(estimates.average()).toBeUndefined();
    estimates.record('MainBanner', 500, undefined);
    estimates.record('MainBanner', 300, undefined);
    estimates.record('CustomHTML', 100, undefined);
    expect(estimates.averageOf('MainBanner')).toBe(400);
    expect(estimates.averageOf('CustomHTML')).toBe(100);
    expect(estimates.averageOf('ProductSpotlight')).toBeUndefined();
    expect(estimates.average()).toBe(300);
  });

  it('counts a block measured again once, with its new height', () => {
    const estimates = new HeightEstimates();
    estimates.record('MainBanner', 500, undefined);
    estimates.record('MainBanner', 300, undefined);
    estimates.record('MainBanner', 100, 500);
    expect(estimates.averageOf('MainBanner')).toBe(200);
    expect(estimates.average()).toBe(200);
  });

  it('estimates in CSS: the variable of the type, else of the page, else the default', () => {
    expect(estimatedHeight('MainBanner')).toBe(
      `var(--block-estimate-MainBanner, var(--block-estimate, ${DEFAULT_BLOCK_HEIGHT}px))`,
    );
    // A type name is data: it cannot break out of the property name.
    expect(estimateProperty('a b);x:y')).toBe('--block-estimate-a_b__x_y');
  });
});

const banner = (id: string, title = 'Title', type = 'MainBanner'): Component => ({
  _component: type,
  _identifier: id,
  name: id,
  hidden: false,
  classes: [],
  content: { title },
});

/** A store whose task ends and frames come when the test says, and a log of which subscribers woke. */
function storeWithFrames() {
  const taskEnds: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const store = new PreviewStore(
    (callback) => taskEnds.push(callback),
    (callback) => frames.push(callback),
  );
  const woken: string[] = [];
  const watch = (id: string) => store.subscribeBlock(id, () => woken.push(id));
  store.subscribeOrder(() => woken.push('order'));
  const endTask = () => taskEnds.splice(0).forEach((callback) => callback());
  /** The end of the current task, then a frame. */
  const frame = () => {
    endTask();
    frames.splice(0).forEach((callback) => callback());
  };
  return { store, woken, watch, endTask, frame };
}

describe('PreviewStore coalesces commands into one render per frame', () => {
  it('renders the first command of a frame at the end of its task, so a keystroke shows at the next paint', () => {
    const { store, woken, watch, endTask, frame } = storeWithFrames();
    store.apply({ type: 'reset', components: [banner('a')] });
    frame();
    frame();
    watch('a');
    woken.length = 0;
    store.apply({ type: 'upsert', component: banner('a', 'T') });
    expect(woken).toEqual([]);
    endTask();
    expect(woken).toEqual(['a']);
  });

  it('applies the keystrokes that arrive after it in the same frame and wakes the block once, at the next frame', () => {
    const { store, woken, watch, endTask, frame } = storeWithFrames();
    store.apply({ type: 'reset', components: [banner('a'), banner('b')] });
    endTask();
    watch('a');
    watch('b');
    woken.length = 0;
    for (const title of ['T', 'Ti', 'Tit', 'Titl', 'Title!']) {
      store.apply({ type: 'upsert', component: banner('a', title) });
      endTask();
    }
    expect(woken).toEqual([]);
    expect(store.getComponent('a')?.content.title).toBe('Title!');
    frame();
    expect(woken).toEqual(['a']);
    // The frame after a quiet one renders at once again.
    frame();
    store.apply({ type: 'upsert', component: banner('b', 'B') });
    endTask();
    expect(woken).toEqual(['a', 'b']);
  });

  it('on a delete wakes the list once and only the blocks whose _index changed', () => {
    const { store, woken, watch, frame } = storeWithFrames();
    const components = Array.from({ length: 30 }, (_, i) =>
      banner(`b${i}`, 'Title', ['MainBanner', 'CustomHTML', 'ProductSpotlight'][i % 3]),
    );
    store.apply({ type: 'reset', components });
    frame();
    for (const component of components) watch(component._identifier);
    woken.length = 0;
    store.apply({ type: 'remove', id: 'b10' }); // a CustomHTML: later CustomHTML blocks are renumbered
    frame();
    const renumbered = components.slice(11).filter((c) => c._component === 'CustomHTML');
    expect(woken.sort()).toEqual(['order', ...renumbered.map((c) => c._identifier)].sort());
    expect(store.getMeta('b13')?._index).toBe('CustomHTML4');
  });

  it('wakes only the blocks losing and gaining the selection', () => {
    const { store, woken, watch, frame } = storeWithFrames();
    store.apply({ type: 'reset', components: [banner('a'), banner('b'), banner('c')] });
    store.apply({ type: 'select', id: 'a' });
    frame();
    ['a', 'b', 'c'].forEach(watch);
    woken.length = 0;
    store.apply({ type: 'select', id: 'c' });
    frame();
    expect(woken.sort()).toEqual(['a', 'c']);
    expect(store.getSelected()).toBe('c');
  });

  it('can be flushed at once, before custom scripts run', () => {
    const { store, woken, watch } = storeWithFrames();
    watch('a');
    store.apply({ type: 'reset', components: [banner('a')] });
    store.flush();
    expect(woken.sort()).toEqual(['a', 'order']);
    expect(store.getMeta('a')?._index).toBe('MainBanner1');
  });
});
