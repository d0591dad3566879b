import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/** Tags a rich text field may show; anything else is unwrapped to its text, or dropped with what it holds. */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'span',
  'a',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
]);
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'img',
  'video',
  'audio',
  'picture',
  'source',
]);
const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#|\?|\.)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (!ALLOWED_TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  if (tag === 'br' || tag === 'hr') return createElement(tag, { key });
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) props.href = href;
  }
  return createElement(tag, props, children);
}

/**
 * A rich text field's HTML shown as React elements: parsed in an inert document (nothing in it loads or
 * runs), then only formatting tags and safe links are kept. No attribute other than a link's href survives.
 * Every component that shows stored rich text renders it through this (Custom HTML's markup, shown as
 * stored on purpose, is the one exception). Empty text renders nothing.
 */
export function RichText({ value, className }: { value: string; className?: string }) {
  const nodes = useMemo(() => {
    if (!value) return null;
    const body = new DOMParser().parseFromString(value, 'text/html').body;
    return Array.from(body.childNodes, toReact);
  }, [value]);
  if (!nodes) return null;
  return <div className={['rich-text', className].filter(Boolean).join(' ')}>{nodes}</div>;
}
