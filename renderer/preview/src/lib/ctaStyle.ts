import { choice, type Content } from './content';

const CTA_TYPES = new Set(['default', 'box', 'round', 'underline']);

/** The ctaType select box as a style name (default, box, round, underline); anything else is 'default'. */
export function ctaStyleOf(content: Content): string {
  const ctaType = choice(content, 'ctaType', 'default');
  return CTA_TYPES.has(ctaType) ? ctaType : 'default';
}
