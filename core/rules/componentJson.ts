import { describeIssues } from '../contract';
import { ComponentListSchema, type Component } from '../schemas';

export type ComponentJsonResult = { ok: true; components: Component[] } | { ok: false; error: string };

/**
 * Reads a component list typed as JSON: a parse error names its position, a schema failure names the paths
 * at fault. Either way the caller changes nothing.
 */
export function parseComponentListJson(text: string): ComponentJsonResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Invalid JSON: ${(error as Error).message}.` };
  }
  const parsed = ComponentListSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `The JSON does not describe a component list: ${describeIssues(parsed.error)}.` };
  return { ok: true, components: parsed.data };
}
