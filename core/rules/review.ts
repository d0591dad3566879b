import type { CountryCode } from '../countries';
import { MAX_REVIEW_PAGES } from './multiCountry';

/**
 * The review flow of multi-country editing (editor spec §2, §4) as a pure reducer: editing, then reviewing
 * page 0..n-1; Confirm/Next advances; the last page offers SAVE CONTENT instead; Back to Editor returns to
 * editing from any page. Pages are the countries in reviewOrder. The page count travels with the actions
 * that need it, so the reducer can be used with React's useReducer and the state stays exactly
 * `{mode: 'editing'} | {mode: 'reviewing', index}`.
 */

export type ReviewState = { mode: 'editing' } | { mode: 'reviewing'; index: number };

export type ReviewAction =
  { type: 'start'; pageCount: number } | { type: 'next'; pageCount: number } | { type: 'back' };

export const EDITING: ReviewState = { mode: 'editing' };

const isValidPageCount = (pageCount: number): boolean =>
  Number.isInteger(pageCount) && pageCount >= 1 && pageCount <= MAX_REVIEW_PAGES;

/**
 * Choices where the spec is silent, each a no-op rather than an error so a double click cannot break the flow:
 * - start while already reviewing keeps the current page; start with no pages, or more than MAX_REVIEW_PAGES
 *   (pickCountriesError refuses those earlier), stays editing.
 * - next while editing does nothing; next on the last page does nothing (the last page offers SAVE, not Next).
 * - back returns to editing from any page, and from editing is a no-op.
 */
export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'start':
      if (state.mode === 'reviewing' || !isValidPageCount(action.pageCount)) return state;
      return { mode: 'reviewing', index: 0 };
    case 'next':
      if (state.mode !== 'reviewing' || isLastPage(state, action.pageCount)) return state;
      return { mode: 'reviewing', index: state.index + 1 };
    case 'back':
      return state.mode === 'editing' ? state : EDITING;
  }
}

/** True on the last page of a review: the page that shows SAVE CONTENT instead of Confirm/Next. */
export function isLastPage(state: ReviewState, pageCount: number): boolean {
  return state.mode === 'reviewing' && state.index >= pageCount - 1;
}

/** Which review buttons show (spec §2): Back to Editor always, Confirm/Next until the last page, then SAVE CONTENT. */
export function reviewButtons(
  state: ReviewState,
  pageCount: number,
): { backToEditor: boolean; confirmNext: boolean; save: boolean } {
  if (state.mode === 'editing') return { backToEditor: false, confirmNext: false, save: false };
  const last = isLastPage(state, pageCount);
  return { backToEditor: true, confirmNext: !last, save: last };
}

/** The order in which the pages are reviewed (and saved): the primary first, then the others as they are listed. */
export function reviewOrder(primary: CountryCode, countries: readonly CountryCode[]): CountryCode[] {
  return [primary, ...countries.filter((country) => country !== primary)];
}

/** The country of the page under review, or null while editing. */
export function reviewedCountry(state: ReviewState, order: readonly CountryCode[]): CountryCode | null {
  return state.mode === 'reviewing' ? (order[state.index] ?? null) : null;
}

/**
 * The preview's banner while reviewing (spec §2): 'Reviewing: {fascia} {country}'. Both are shown as given:
 * the spec uppercases the country only in the Update Page dialog, so the code here stays as the caller
 * passes it (the flag beside it shows the country too), and the caller chooses the fascia's display form
 * (e.g. fascias.ts brandName).
 */
export function reviewLabel(fascia: string, country: string): string {
  return `Reviewing: ${fascia} ${country}`;
}
