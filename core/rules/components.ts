import { newIdentifier, type RandomBytes } from './identifier';
import type { Component } from '../schemas';

/** A display name unique on the page: the template's name, then "Name 2", "Name 3"… (names are unique labels, §3). */
export function uniqueName(base: string, existing: Iterable<string>): string {
  const taken = new Set(existing);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

export interface TemplateData {
  name: string;
  data: { _component: string; content: Record<string, unknown> };
}

/** A new component from a catalogue template: a deep copy of its defaults, a fresh identifier, a unique name. */
export function componentFromTemplate(
  template: TemplateData,
  existingNames: Iterable<string>,
  randomBytes?: RandomBytes,
): Component {
  return {
    _component: template.data._component,
    _identifier: newIdentifier(template.data._component, randomBytes),
    name: uniqueName(template.name, existingNames),
    hidden: false,
    classes: [],
    content: structuredClone(template.data.content),
  };
}

/**
 * Custom classes as typed in the comma-separated field (issue 15): trimmed, empties dropped, each named once
 * (the first stays, in order). A class name holds no space, so "hero dark" is two classes, as the preview's
 * class attribute would read it anyway.
 */
export function parseClasses(text: string): string[] {
  const names = text.split(/[\s,]+/).filter((name) => name.length > 0);
  return [...new Set(names)];
}

/** A copy of a component for Duplicate: same content, its own identifier, a unique name. */
export function duplicateComponent(
  component: Component,
  existingNames: Iterable<string>,
  randomBytes?: RandomBytes,
): Component {
  return {
    ...structuredClone(component),
    _identifier: newIdentifier(component._component, randomBytes),
    name: uniqueName(component.name || component._component, existingNames),
  };
}
