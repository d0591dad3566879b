/** How many recently used component types the Add a Component dialog remembers. */
export const RECENT_COMPONENTS_LIMIT = 6;

/**
 * The recently used types after `componentType` was added: it first, no repeats, at most the limit (another
 * limit for other recently used lists, such as the image picker's).
 */
export function noteRecent(
  recent: readonly string[],
  componentType: string,
  limit = RECENT_COMPONENTS_LIMIT,
): string[] {
  return [componentType, ...recent.filter((type) => type !== componentType)].slice(0, limit);
}

/** `entries` with the recently used first, most recent first, then the rest in their own order. */
export function recentFirst<T>(entries: readonly T[], recent: readonly string[], typeOf: (entry: T) => string): T[] {
  const rank = (entry: T): number => {
    const index = recent.indexOf(typeOf(entry));
    return index === -1 ? recent.length : index;
  };
  // Array.prototype.sort is stable: entries of equal rank keep their order.
  return [...entries].sort((a, b) => rank(a) - rank(b));
}
