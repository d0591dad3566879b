import type { Component } from '../schemas';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A generated app link written into a component (issue 6, Link Generator): into its url, on desktop and
 * mobile alike when url is a pair; failing that into its first CTA's url; failing that a new url field.
 */
export function withLinkInserted(component: Component, link: string): Component {
  const content = component.content;
  if (isRecord(content.url))
    return { ...component, content: { ...content, url: { ...content.url, desktop: link, mobile: link } } };
  if (typeof content.url === 'string' || content.url === undefined) {
    const ctas = content.ctas;
    if (content.url === undefined && Array.isArray(ctas) && isRecord(ctas[0])) {
      return { ...component, content: { ...content, ctas: [{ ...ctas[0], url: link }, ...ctas.slice(1)] } };
    }
    return { ...component, content: { ...content, url: link } };
  }
  return component;
}

/** The key a product-feed query goes into: an existing query-like text field, else `query`. */
export function queryFieldOf(component: Component): string {
  return (
    Object.keys(component.content).find(
      (key) => /query|fhlocation/i.test(key) && typeof component.content[key] === 'string',
    ) ?? 'query'
  );
}

/** A faceted-search query string written into a component's product-feed field (issue 6, FH Query Builder). */
export function withQueryInserted(component: Component, query: string): Component {
  return { ...component, content: { ...component.content, [queryFieldOf(component)]: query } };
}
