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
