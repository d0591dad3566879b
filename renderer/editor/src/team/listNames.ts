/** "a", "a and b", "a, b and c" in the user's locale. */
export const listNames = (names: readonly string[]): string =>
  new Intl.ListFormat(undefined, { type: 'conjunction' }).format(names);
