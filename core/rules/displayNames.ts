import { findTemplate } from '../catalogue';

/**
 * A component type in words for people to read: the catalogue's display name ("VideoSpot" -> "Video Spot"),
 * and for a type the catalogue does not hold, the type split at its capitals ("HeroTiles" -> "Hero Tiles",
 * "CustomHTML" -> "Custom HTML"). The type itself (`_component`) never changes.
 */
export function componentTypeName(componentType: string): string {
  const template = findTemplate(componentType);
  if (template) return template.name;
  return componentType
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim();
}

/** What a component on a page is called: the name the user gave it, else its type in words. */
export function componentLabel(component: { name?: string; _component: string }): string {
  return component.name?.trim() || componentTypeName(component._component);
}
