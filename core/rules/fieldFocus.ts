import { PresenceFocusSchema, type PresenceFocus } from '../teamProtocol';
import { fieldLabel } from './itemLabel';
import type { Path } from './paths';
import { formatPath } from './versionDiff';

/**
 * Field-level presence in words (issue 23 §3): which field of which component an editor's focus is in, as the
 * wire spells it (core/teamProtocol.ts, PresenceFocus) and as colleagues read it.
 */

/** A content field's path as presence carries it, spelt as versionDiff spells paths: 'content.slides[2].title'. */
export const focusFieldPath = (contentPath: Path): string =>
  formatPath(['content', ...contentPath.map((part) => (typeof part === 'number' ? `[${part}]` : part))]);

/** The focus on a component's field; null where presence cannot carry it (too long an identifier or path). */
export function fieldFocus(component: string, field: string): PresenceFocus | null {
  const parsed = PresenceFocusSchema.safeParse({ component, field });
  return parsed.success ? parsed.data : null;
}

/** A path as focusFieldPath spells it, back in parts inside the content; null for anything else. */
export function contentPathOf(field: string): Path | null {
  const parts: (string | number)[] = [];
  const part = /\.([^.[\]]+)|\[(\d+)\]/y;
  if (!field.startsWith('content')) return null;
  part.lastIndex = 'content'.length;
  while (part.lastIndex < field.length) {
    const match = part.exec(field);
    if (!match) return null;
    parts.push(match[1] ?? Number(match[2]));
  }
  return parts.length > 0 ? parts : null;
}

/** The field's label as its form shows it ("Title", "Keyword 3"); null for a path presence did not spell. */
export function contentFieldLabel(field: string): string | null {
  const path = contentPathOf(field);
  return path ? fieldLabel(path) : null;
}

/**
 * "editor.gb@example.com is editing Title in Main Banner"; without a field label (a path presence did not
 * spell), "editor.gb@example.com is editing Main Banner".
 */
export const editingSentence = (user: string, field: string | null, component: string): string =>
  field ? `${user} is editing ${field} in ${component}` : `${user} is editing ${component}`;

/**
 * Up to two letters for a colleague's badge, from the address's name: "editor.gb@example.com" -> "EG",
 * "ann@example.com" -> "A".
 */
export function initialsOf(user: string): string {
  const words = (user.split('@')[0] ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .map((word) => (word ? [...word][0] : ''))
    .join('');
  return letters.toUpperCase() || '?';
}
