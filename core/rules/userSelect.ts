/**
 * A `select` from the preview says the user clicked a block, and the editor opens that block's row. A page
 * script could send one on its own, or click a block itself (`label.click()`), again and again, and keep the
 * editor's rows jumping while someone types in them. So the preview's bridge (preload or browser host) passes
 * a select only this soon after a real pointer press in the preview; every other event passes.
 */
export function mayEmitFromPreview(event: unknown, lastUserPointerAt: number, now: number): boolean {
  const USER_SELECT_WINDOW_MS = 1000;
  const isSelect = typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'select';
  return !isSelect || (now >= lastUserPointerAt && now - lastUserPointerAt <= USER_SELECT_WINDOW_MS);
}
