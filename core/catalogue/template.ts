import { iconUrl } from './sampleAssets';

/**
 * A catalogue entry (catalogue spec §3): display name in words, a one-line description for the Add a Component
 * dialog, icon address, and the new component's type and content.
 */
export interface TemplateEntry {
  name: string;
  description: string;
  icon: string;
  data: { _component: string; content: Record<string, unknown> };
}

/**
 * A template from its display name, description and default content. The type name is the display name without
 * spaces (Video Spot -> VideoSpot) unless given, and the icon is derived from it, so neither drifts from the name.
 */
export function defineTemplate(
  name: string,
  description: string,
  content: Record<string, unknown>,
  componentType = name.replaceAll(' ', ''),
): TemplateEntry {
  return { name, description, icon: iconUrl(componentType), data: { _component: componentType, content } };
}

/**
 * Freezes a value and everything it holds. The catalogue is shared by every page, so a component that edited
 * its template's defaults in place would change every later component; frozen, that mistake throws instead.
 * New components take a deep copy (structuredClone), which is not frozen.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
