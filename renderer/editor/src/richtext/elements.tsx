import { createElement, type MouseEvent } from 'react';
import { useFocused, useSelected, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { attrOf, headingSizeOf } from './commands';
import type { LinkElement, RawElement } from './types';
import { CornerDownLeft } from 'lucide-react';

const RAW_PREVIEW_CHARS = 60;

/** The start of unsupported markup as plain text for its chip: whitespace collapsed, long source cut with …. */
export function rawPreview(html: string): string {
  const flat = html.replace(/\s+/g, ' ').trim();
  return flat.length > RAW_PREVIEW_CHARS ? `${flat.slice(0, RAW_PREVIEW_CHARS)}…` : flat;
}

/**
 * How the editor shows each node. Nothing here renders stored markup as live HTML: unsupported markup is a
 * chip of escaped source text, links have no href (no navigation from the editor), attributes of the source
 * are not copied onto the editor's DOM (the preview renders the stored HTML; the editor must not).
 */
export function RichElement(props: RenderElementProps) {
  const { attributes, children, element } = props;
  switch (element.type) {
    case 'paragraph':
      return element.bare ? (
        <div {...attributes} className="rt-bare">
          {children}
        </div>
      ) : (
        <p {...attributes}>{children}</p>
      );
    case 'heading': {
      const size = headingSizeOf(element.attrs);
      return createElement(
        `h${element.level}`,
        { ...attributes, className: `rt-heading rt-heading-${size ?? 'default'}` },
        children,
      );
    }
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'link':
      return <RichLink {...props} element={element} />;
    case 'line-break':
      return (
        <span {...attributes} className="rt-br">
          <span contentEditable={false}>
            <CornerDownLeft className="rt-br-mark" size={12} aria-hidden />
            <br />
          </span>
          {children}
        </span>
      );
    case 'raw':
      return <RawChip {...props} element={element} />;
  }
}

/** Keeps Chromium's caret from sticking to the inside edge of an inline (slate's inlines example). */
const InlineChromiumBugfix = () => (
  <span contentEditable={false} className="rt-inline-fix">
    {String.fromCodePoint(160)}
  </span>
);

const stopNavigation = (event: MouseEvent) => event.preventDefault();

function RichLink({ attributes, children, element }: RenderElementProps & { element: LinkElement }) {
  const href = attrOf(element.attrs, 'href') ?? '';
  const title = attrOf(element.attrs, 'title');
  return (
    <a {...attributes} className="rt-link" title={title ? `${title} — ${href}` : href} onClick={stopNavigation}>
      <InlineChromiumBugfix />
      {children}
      <InlineChromiumBugfix />
    </a>
  );
}

function RawChip({ attributes, children, element }: RenderElementProps & { element: RawElement }) {
  const selected = useSelected();
  const focused = useFocused();
  const className = [
    'rt-raw',
    element.inline ? 'rt-raw-inline' : 'rt-raw-block',
    selected && focused ? 'is-selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const chip = (
    <span contentEditable={false} className="rt-raw-chip" title={`Unsupported HTML, kept as it is:\n${element.html}`}>
      <span className="rt-raw-badge">HTML</span>
      <code>{rawPreview(element.html)}</code>
    </span>
  );
  return element.inline ? (
    <span {...attributes} className={className}>
      {chip}
      {children}
    </span>
  ) : (
    <div {...attributes} className={className}>
      {chip}
      {children}
    </div>
  );
}

export function RichLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  return <span {...attributes}>{content}</span>;
}
