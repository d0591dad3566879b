import type { Component } from '../schemas';
import { isStringPair, labelFromKey } from './fields';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a value sits in a component's content: keys and array indices from `content`. */
export type ContentPath = readonly (string | number)[];

/** A field a generated link can go into. */
export interface LinkTarget {
  path: ContentPath;
  /** What the user reads, e.g. "Buttons 2 (Shop Women) › Url". */
  label: string;
  /** A {desktop, mobile} pair: the link goes into both. */
  pair: boolean;
}

/** url, link, href and keys ending so (mainLink, ctaUrl); `links` is the countdown banner's link pair. */
const isLinkKey = (key: string): boolean => /^(url|urls|link|links|href)$|(Url|Link|Href)$/.test(key);
/** A feed the preview reads (the Blog's apiLink), not a link a shopper follows. */
const FEED_KEYS: ReadonlySet<string> = new Set(['apiLink']);
/** Catalogue data, never page links: a product's url belongs to the product. */
const SKIPPED_KEYS: ReadonlySet<string> = new Set(['pluDetails', 'products']);
/** An array item is named by the first of these it has, so two buttons are told apart. */
const ITEM_NAME_KEYS = ['text', 'label', 'title', 'name'] as const;

function itemLabel(list: string, index: number, item: unknown): string {
  const named = isRecord(item)
    ? ITEM_NAME_KEYS.map((key) => item[key]).find((value) => typeof value === 'string' && value.trim())
    : undefined;
  return `${labelFromKey(list)} ${index + 1}${typeof named === 'string' ? ` (${named.trim()})` : ''}`;
}

/**
 * The fields of a component a generated app link can go into (issue 15): texts and {desktop, mobile} pairs
 * under a link-like key, at any depth (ctas[0].url, overlay.ctas[1].url), in content order. Only fields the
 * component has: inserting never adds one.
 */
export function linkTargets(component: Component): LinkTarget[] {
  const targets: LinkTarget[] = [];
  const visit = (value: unknown, path: ContentPath, labels: readonly string[]): void => {
    if (Array.isArray(value)) {
      const list = String(path[path.length - 1]);
      value.forEach((item, index) =>
        visit(item, [...path, index], [...labels.slice(0, -1), itemLabel(list, index, item)]),
      );
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (SKIPPED_KEYS.has(key) || FEED_KEYS.has(key)) continue;
      const childPath = [...path, key];
      const childLabels = [...labels, labelFromKey(key)];
      if (isLinkKey(key) && (typeof child === 'string' || isStringPair(child))) {
        targets.push({ path: childPath, label: childLabels.join(' › '), pair: typeof child !== 'string' });
      } else {
        visit(child, childPath, childLabels);
      }
    }
  };
  visit(component.content, [], []);
  return targets;
}

/** The same path, as a key for a list or a select's value. */
export const linkTargetKey = (target: Pick<LinkTarget, 'path'>): string => JSON.stringify(target.path);

/**
 * A generated link written into one of the component's link fields (linkTargets): both halves of a pair.
 * A path that is not one of its link fields (the component changed meanwhile) leaves it as it is.
 */
export function withLinkAt(component: Component, path: ContentPath, link: string): Component {
  if (!linkTargets(component).some((target) => linkTargetKey(target) === JSON.stringify(path))) return component;
  const write = (value: unknown, rest: ContentPath): unknown => {
    const [step, ...deeper] = rest;
    if (step === undefined) return isStringPair(value) ? { ...value, desktop: link, mobile: link } : link;
    if (Array.isArray(value) && typeof step === 'number')
      return value.map((item, index) => (index === step ? write(item, deeper) : item));
    if (isRecord(value) && typeof step === 'string') return { ...value, [step]: write(value[step], deeper) };
    return value;
  };
  return { ...component, content: write(component.content, path) as Component['content'] };
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
