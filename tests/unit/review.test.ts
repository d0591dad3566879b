import { describe, expect, it } from 'vitest';
import {
  EDITING,
  isLastPage,
  reviewButtons,
  reviewLabel,
  reviewOrder,
  reviewReducer,
  reviewedCountry,
  type ReviewAction,
  type ReviewState,
} from '../../core/rules/review';

const run = (actions: ReviewAction[], from: ReviewState = EDITING) => actions.reduce(reviewReducer, from);

describe('review state machine', () => {
  it('starts at page 0, advances with Confirm/Next to the last page and stops there', () => {
    const start = reviewReducer(EDITING, { type: 'start', pageCount: 3 });
    expect(start).toEqual({ mode: 'reviewing', index: 0 });
    const second = reviewReducer(start, { type: 'next', pageCount: 3 });
    expect(second).toEqual({ mode: 'reviewing', index: 1 });
    const last = reviewReducer(second, { type: 'next', pageCount: 3 });
    expect(last).toEqual({ mode: 'reviewing', index: 2 });
    expect(isLastPage(last, 3)).toBe(true);
    // The last page offers SAVE, not Next: another Next does nothing.
    expect(reviewReducer(last, { type: 'next', pageCount: 3 })).toBe(last);
  });

  it('Back to Editor returns to editing from any page', () => {
    expect(run([{ type: 'start', pageCount: 2 }, { type: 'back' }])).toEqual(EDITING);
    expect(run([{ type: 'start', pageCount: 2 }, { type: 'next', pageCount: 2 }, { type: 'back' }])).toEqual(EDITING);
    expect(reviewReducer(EDITING, { type: 'back' })).toBe(EDITING);
  });

  it('ignores Next while editing and a second start while reviewing', () => {
    expect(reviewReducer(EDITING, { type: 'next', pageCount: 3 })).toBe(EDITING);
    const reviewing: ReviewState = { mode: 'reviewing', index: 1 };
    expect(reviewReducer(reviewing, { type: 'start', pageCount: 3 })).toBe(reviewing);
  });

  it('does not start without pages or with more than three', () => {
    expect(reviewReducer(EDITING, { type: 'start', pageCount: 0 })).toBe(EDITING);
    expect(reviewReducer(EDITING, { type: 'start', pageCount: 4 })).toBe(EDITING);
  });

  it('a single page is at once the first and the last', () => {
    const only = reviewReducer(EDITING, { type: 'start', pageCount: 1 });
    expect(isLastPage(only, 1)).toBe(true);
    expect(isLastPage(EDITING, 1)).toBe(false);
  });

  it('shows Back to Editor, then Confirm/Next until the last page, then SAVE CONTENT', () => {
    expect(reviewButtons(EDITING, 3)).toEqual({ backToEditor: false, confirmNext: false, save: false });
    expect(reviewButtons({ mode: 'reviewing', index: 0 }, 3)).toEqual({
      backToEditor: true,
      confirmNext: true,
      save: false,
    });
    expect(reviewButtons({ mode: 'reviewing', index: 1 }, 3)).toEqual({
      backToEditor: true,
      confirmNext: true,
      save: false,
    });
    expect(reviewButtons({ mode: 'reviewing', index: 2 }, 3)).toEqual({
      backToEditor: true,
      confirmNext: false,
      save: true,
    });
  });
});

describe('review pages and label', () => {
  it('reviews the primary first, then the others in order', () => {
    const order = reviewOrder('de', ['gb', 'de', 'fr']);
    expect(order).toEqual(['de', 'gb', 'fr']);
    expect(reviewedCountry({ mode: 'reviewing', index: 1 }, order)).toBe('gb');
    expect(reviewedCountry(EDITING, order)).toBeNull();
  });

  it("reads 'Reviewing: {fascia} {country}' with both as given", () => {
    expect(reviewLabel('jd', 'gb')).toBe('Reviewing: jd gb');
    expect(reviewLabel('size?', 'FR')).toBe('Reviewing: size? FR');
  });
});
