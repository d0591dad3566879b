/**
 * The text of anything thrown or rejected: an Error's message, else the value as text. The one place where
 * "what went wrong" becomes a sentence, in main, the server and both renderers alike.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return String(error);
  } catch {
    // An object whose toString throws, or one made without a prototype.
    return Object.prototype.toString.call(error);
  }
}
