export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreviewLayout extends Rect {
  /** How much the page is scaled to fit: 1, or less when the chosen width is wider than the area. */
  zoom: number;
}

/** The preview widths of the width switch; null fits the page to the area. */
export const PREVIEW_WIDTHS = [
  { label: 'Desktop', width: 1280 },
  { label: 'Tablet', width: 768 },
  { label: 'Mobile', width: 375 },
] as const;

/**
 * Where the preview view goes so that the page is laid out `viewportWidth` CSS pixels wide: narrower than
 * the area, the view is that wide and centred; wider, it fills the area and is zoomed out.
 */
export function fitPreview(area: Rect, viewportWidth: number | null | undefined): PreviewLayout {
  if (!viewportWidth || area.width <= 0 || viewportWidth === area.width) return { ...area, zoom: 1 };
  if (viewportWidth < area.width) {
    return {
      x: area.x + Math.floor((area.width - viewportWidth) / 2),
      y: area.y,
      width: viewportWidth,
      height: area.height,
      zoom: 1,
    };
  }
  return { ...area, zoom: area.width / viewportWidth };
}
