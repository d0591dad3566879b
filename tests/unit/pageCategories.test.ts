import { describe, expect, it } from 'vitest';
import { PAGE_CATEGORIES } from '../../core/pageCategories';

describe('PAGE_CATEGORIES', () => {
  it('is in the order the Category select shows: sorted by localeCompare, without repeats', () => {
    expect(PAGE_CATEGORIES).toEqual([...PAGE_CATEGORIES].sort((a, b) => a.localeCompare(b)));
    expect(new Set(PAGE_CATEGORIES).size).toBe(PAGE_CATEGORIES.length);
  });
});
