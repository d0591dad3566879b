/** The numbers a field accepts: from min to max, both included, and only whole numbers when `whole`. */
export interface NumberBounds {
  min: number;
  max: number;
  whole?: boolean;
}

/**
 * Why `text` is not a number the field accepts, or null when it is. Empty text is refused too: a number
 * field always holds a number.
 */
export function numberError(text: string, bounds: NumberBounds | undefined): string | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return 'Enter a number.';
  if (!bounds) return null;
  if (bounds.whole && !Number.isInteger(value)) return 'Enter a whole number.';
  if (value < bounds.min || value > bounds.max) return `Enter a number from ${bounds.min} to ${bounds.max}.`;
  return null;
}

/** "From 1 to 12", "Whole number from 1 to 12": the bounds as the field's hint says them. */
export const describeBounds = (bounds: NumberBounds): string =>
  `${bounds.whole ? 'Whole number from' : 'From'} ${bounds.min} to ${bounds.max}`;
