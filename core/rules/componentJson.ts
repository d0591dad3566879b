import type { Component } from '../schemas';
import { checkComponentList, lineColumn } from './jsonProblems';

export type ComponentJsonResult = { ok: true; components: Component[] } | { ok: false; error: string };

/**
 * Reads a component list typed as JSON: a parse error names its line, column and position, a schema failure
 * names the paths at fault. Either way the caller changes nothing. (The JSON editor uses checkComponentList
 * directly, for problems with text ranges.)
 */
export function parseComponentListJson(text: string): ComponentJsonResult {
  const checked = checkComponentList(text);
  if (checked.ok) return { ok: true, components: checked.value };
  const [first] = checked.problems;
  if (first && first.path === undefined) {
    // A syntax error: the scanner's reason, with where it is.
    const { line, column } = lineColumn(text, first.from);
    const reason = first.message.replace(/^Invalid JSON at line \d+, column \d+: /, '');
    return { ok: false, error: `Invalid JSON at line ${line}, column ${column} (position ${first.from}): ${reason}.` };
  }
  return { ok: false, error: `The JSON does not describe a component list: ${checked.problems.map((p) => p.message).join('; ')}.` };
}
