import { bookmarkFor } from '../../../../core/rules/page';
import type { PageSummary } from '../../../../core/schemas';

/**
 * The dashboard's saved pages, read from the server one page of the listing at a time (it answers at most
 * DEFAULT_LIST_LIMIT without asking), newest save first. After a save or a resync only the first page is read
 * again: a page saved since moves to the top of the listing, so it is on that page.
 */

/** The pages loaded so far, in the listing's order, and how many match the filters in all. */
export interface LoadedPages {
  pages: PageSummary[];
  total: number;
}

/** One answer of the listing: a page of it and the total. */
export type ListingPage = LoadedPages;

const withoutRepeats = (pages: readonly PageSummary[], shown: ReadonlySet<string>): PageSummary[] =>
  pages.filter((page) => !shown.has(bookmarkFor(page.key)));

/** The next page of the listing after what is loaded; a page already shown (a save moved it up) is not repeated. */
export function appendListingPage(loaded: LoadedPages, next: ListingPage): LoadedPages {
  const shown = new Set(loaded.pages.map((page) => bookmarkFor(page.key)));
  return { pages: [...loaded.pages, ...withoutRepeats(next.pages, shown)], total: next.total };
}

/** A fresh first page in place of the old one: its pages first, then the rest of what was loaded, without repeats. */
export function refreshFirstPage(loaded: LoadedPages, first: ListingPage): LoadedPages {
  const fresh = new Set(first.pages.map((page) => bookmarkFor(page.key)));
  // What the first page pushed down stays below it, in the order it had.
  return { pages: [...first.pages, ...withoutRepeats(loaded.pages, fresh)], total: first.total };
}

export const hasMorePages = (loaded: LoadedPages): boolean => loaded.pages.length < loaded.total;

/**
 * Runs `run` once for a burst of triggers: the first trigger starts the wait, the ones during it join it.
 * Several saves heard at once give one listing, not one each.
 */
export function coalesce(run: () => void, waitMs: number): { trigger(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    trigger() {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, waitMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
