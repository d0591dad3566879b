import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import type { BlockProps } from '../registry';
import { html, record, text } from '../lib/content';
import { Ctas, ResponsiveImage, ratioStyle } from '../lib/media';
import './Editorial.css';

/** Tags a rich text field may show; anything else is unwrapped to its text, or dropped with what it holds. */
const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'span', 'a',
  'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote',
]);
const DROPPED_TAGS = new Set([
  'script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'link', 'meta', 'base',
  'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'img', 'video', 'audio', 'picture', 'source',
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

/** A 'YYYY-MM-DD' date input (or any date the browser can read) as "20 February 2026"; unreadable text as it is. */
export function formatDate(value: string, options: Intl.DateTimeFormatOptions = {}): string {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = dateOnly ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))) : new Date(value);
  if (!value || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
    ...options,
  }).format(date);
}

/** A long-form article: hero art, headline and standfirst, byline and date, the body copy and its calls to action. */
export default function Editorial({ content }: BlockProps) {
  const title = text(content, 'title');
  const subtitle = text(content, 'subtitle');
  const author = text(content, 'author');
  const publishDate = text(content, 'publishDate');
  const images = record(content, 'images');
  const hasArt = Boolean(text(images, 'desktop') || text(images, 'mobile'));
  return (
    <article className="editorial">
      {hasArt && (
        <div className="editorial-art ratio" style={ratioStyle(content)}>
          <ResponsiveImage images={images} alt={title} />
        </div>
      )}
      <div className="editorial-body">
        <header className="editorial-header">
          {title && <h2 className="editorial-title">{title}</h2>}
          {subtitle && <p className="editorial-subtitle">{subtitle}</p>}
          {(author || publishDate) && (
            <p className="editorial-byline">
              {author && <span className="editorial-author">By {author}</span>}
              {author && publishDate && <span aria-hidden="true"> · </span>}
              {publishDate && <time dateTime={publishDate}>{formatDate(publishDate)}</time>}
            </p>
          )}
        </header>
        <RichText value={html(content, 'text')} className="editorial-text" />
        <Ctas content={content} />
      </div>
    </article>
  );
}
