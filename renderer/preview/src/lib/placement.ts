import './placement.css';

const POSITIONS = new Set([
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
]);

/**
 * A bannerPositions value as its row (top, center, bottom) and column (left, center, right); a value that is
 * not one of them counts as `fallback`. A layer with the classes row-{row} col-{column} is laid out by
 * placement.css.
 */
export function placement(position: string, fallback: string): { row: string; column: string } {
  const place = POSITIONS.has(position) ? position : fallback;
  if (place === 'center') return { row: 'center', column: 'center' };
  const [row = 'center', column = 'center'] = place.split('-');
  return { row, column };
}
