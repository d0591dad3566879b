import { OPTION_LISTS } from '../../../../core/optionLists';
import './placement.css';

/** The banner positions the catalogue offers (catalogue option list bannerPositions). */
const POSITIONS = new Set(OPTION_LISTS.bannerPositions);

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
