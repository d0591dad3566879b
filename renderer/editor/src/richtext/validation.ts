import { linkUrlProblem } from '../../../../core/rules/urlSafety';

/**
 * Checks for the rich text insert forms (editor spec §5). Each returns the exact warning, or null when the
 * input may be inserted. Empty means '' or nothing but whitespace (a single space counts as empty).
 */

export const FIELDS_WARNING = 'Ensure all fields are filled in';
export const TEXT_WARNING = 'Please enter some text';

/** How long a warning stays up (editor spec §9). */
export const WARNING_MS = 2500;

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** Heading insert: type, size and text all required. */
export function headingError({ type, size, text }: { type: string; size: string; text: string }): string | null {
  return blank(type) || blank(size) || blank(text) ? FIELDS_WARNING : null;
}

/** Paragraph and bold text inserts: some text required. */
export function textError(text: string): string | null {
  return blank(text) ? TEXT_WARNING : null;
}

/** Link insert: URL and title both required, and a URL that cannot run code (core/rules/urlSafety.ts). */
export function linkError({ url, title }: { url: string; title: string }): string | null {
  return blank(url) || blank(title) ? FIELDS_WARNING : linkUrlProblem(url);
}
