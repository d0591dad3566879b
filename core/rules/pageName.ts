import type { PageKey } from '../schemas';

/** Characters removed from a page name (editor spec §5), kept as one literal so the list reads as the spec does. */
const REMOVED_CHARACTERS = '!@#$£%^&*(),.?":\'={}|<>';

const removedPattern = new RegExp(`[${REMOVED_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');

/**
 * Page-name formatting (editor spec §5): lowercased, trimmed, the listed characters removed, runs of spaces
 * collapsed, runs of hyphens collapsed, spaces turned to hyphens. Trimming happens after removal so that a
 * name like "Sale!" leaves no trailing space behind.
 */
export function formatPageName(input: string): string {
  return input
    .toLowerCase()
    .replace(removedPattern, '')
    .trim()
    .replace(/ +/g, ' ')
    .replace(/-+/g, '-')
    .replace(/ /g, '-')
    .replace(/-+/g, '-');
}

export const PAGE_NAME_REMOVED_CHARACTERS = REMOVED_CHARACTERS;

/**
 * The pages among `existing` that a new page `key` would share its name with: the same fascia, country and
 * name (any platform or source), the one with exactly this key first. Empty when the name is free.
 */
export function pagesNamedLike<K extends PageKey>(existing: readonly K[], key: PageKey): K[] {
  const sameName = existing.filter(
    (other) => other.fascia === key.fascia && other.country === key.country && other.page === key.page,
  );
  const exact = (other: PageKey): boolean => other.platform === key.platform && other.source === key.source;
  return [...sameName.filter(exact), ...sameName.filter((other) => !exact(other))];
}
