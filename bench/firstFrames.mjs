// The start figures of issue 25, measured the same way in the Studio (bench/studio.mjs) and in Puck
// (bench/puck.mjs), on a fresh browser context each: the first frame where the rows (the Studio's component
// rows, Puck's outline) and a preview block with its content are drawn, and time to interactive, the first
// keystroke typed into the first component's title field, as soon as that field exists, reaching the preview.
// Every time is an epoch stamp (performance.timeOrigin + now()) taken in a requestAnimationFrame callback,
// so it is the frame that draws it, on one clock across the editor and the preview's own process.

/** Waits for `window.__firstDrawnAt`, the stamp an init script of the caller leaves. */
export const firstDrawnAt = (target) =>
  target
    .waitForFunction(() => window.__firstDrawnAt, null, { timeout: 240_000, polling: 50 })
    .then((handle) => handle.jsonValue());

/**
 * The frame where the text of the element at `selector` (in `document`, or in the same-origin iframe
 * `frameSelector` of it) first differs from `base`: a keystroke typed just before has reached the preview.
 */
export const changedAt = (target, { selector, base, frameSelector = null }) =>
  target
    .waitForFunction(
      ({ selector, base, frameSelector }) => {
        const root = frameSelector ? document.querySelector(frameSelector)?.contentDocument : document;
        const text = root?.querySelector(selector)?.textContent;
        return text != null && text !== base && performance.timeOrigin + performance.now();
      },
      { selector, base, frameSelector },
      { timeout: 120_000, polling: 'raf' },
    )
    .then((handle) => handle.jsonValue());
