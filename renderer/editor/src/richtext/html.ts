/**
 * HTML <-> slate for rich text fields ({html: {value}}, editor spec §3).
 *
 * Supported (editable) markup: p, h1-h6 (any attributes, e.g. the size class the Heading tool adds),
 * strong/b and em/i without attributes, a (any attributes, href and title included), ul/ol/li, br without
 * attributes. Attributes of supported elements are kept in source order and written back.
 *
 * Everything else (div, table, img, span, script, style, comments, a strong with a class, a paragraph that
 * holds a block, ...) becomes a `raw` void element holding the original outerHTML, written back verbatim.
 *
 * Output is the HTML serialisation a browser gives for the same tree: text escapes &, <, > and U+00A0;
 * attribute values escape &, ", <, > and U+00A0. Quotes in text need no escaping and are left as they are,
 * so a value the toolbar produced round-trips to the identical string.
 *
 * Empty value: '' (or only whitespace) parses to one empty paragraph, and a document that is just one empty
 * paragraph serialises to '' — so an emptied editor stores '' (and '<p></p>' reads as empty too).
 *
 * Normalised on the way through (same meaning, different bytes): whitespace-only text between blocks and
 * between list items, redundant nesting of the same mark (<b><b>x</b></b>), the order of nested marks
 * (<strong> outside <em> unless the longer run says otherwise), adjacent runs of the same mark, and a mark
 * wrapped around a lone link (it moves inside the link). Raw markup is the parser's outerHTML, so quoting
 * is normalised and parser-implied elements appear (a <table> gets its <tbody>).
 */
import type { Descendant } from 'slate';
import type { Attrs, HeadingLevel, RichTextElement, RichTextLeaf } from './types';

type Marks = Omit<RichTextLeaf, 'text'>;
type Block = RichTextElement;

/** Elements that live inside a line of text (HTML phrasing content) and so may sit inside p, h1-h6, li, a. */
const PHRASING = new Set([
  'a',
  'abbr',
  'acronym',
  'audio',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'button',
  'canvas',
  'cite',
  'code',
  'data',
  'datalist',
  'del',
  'dfn',
  'em',
  'embed',
  'font',
  'i',
  'iframe',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'link',
  'map',
  'mark',
  'math',
  'meta',
  'meter',
  'nobr',
  'noscript',
  'object',
  'output',
  'picture',
  'progress',
  'q',
  'ruby',
  's',
  'samp',
  'script',
  'select',
  'slot',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'svg',
  'template',
  'textarea',
  'time',
  'tt',
  'u',
  'var',
  'video',
  'wbr',
]);

/** Phrasing elements that, at the top level, read better as a block of their own than inside a line. */
const STANDALONE = new Set([
  'audio',
  'canvas',
  'embed',
  'iframe',
  'link',
  'math',
  'meta',
  'noscript',
  'object',
  'picture',
  'script',
  'svg',
  'template',
  'video',
]);

const MARK_TAGS: Record<string, Marks> = {
  strong: { bold: true },
  b: { bold: true, boldTag: 'b' },
  em: { italic: true },
  i: { italic: true, italicTag: 'i' },
};

// ---------------------------------------------------------------------------------------------------------
// Escaping

export function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
  );
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>\u00a0]/g, (c) =>
    c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
  );
}

function attributesHtml(attrs: Attrs | undefined): string {
  return (attrs ?? []).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

// ---------------------------------------------------------------------------------------------------------
// HTML -> slate

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const COMMENT_NODE = 8;

const emptyParagraph = (): Block => ({ type: 'paragraph', children: [{ text: '' }] });

const tagOf = (node: globalThis.Node): string =>
  node.nodeType === ELEMENT_NODE ? (node as globalThis.Element).localName : '';

const isPhrasing = (node: globalThis.Node): boolean => node.nodeType !== ELEMENT_NODE || PHRASING.has(tagOf(node));

const isWhitespace = (node: globalThis.Node): boolean =>
  node.nodeType === TEXT_NODE && !/[^ \t\n\f\r]/.test(node.nodeValue ?? '');

function attrsOf(element: globalThis.Element): Attrs | undefined {
  const attrs: Attrs = Array.from(element.attributes, (attr) => [attr.name, attr.value]);
  return attrs.length ? attrs : undefined;
}

/** Source markup of a node nobody edits: an element's outerHTML, a comment, or (escaped) stray text. */
function sourceOf(node: globalThis.Node): string {
  if (node.nodeType === ELEMENT_NODE) return (node as globalThis.Element).outerHTML;
  if (node.nodeType === COMMENT_NODE) return `<!--${node.nodeValue ?? ''}-->`;
  return escapeText(node.nodeValue ?? '');
}

function raw(node: globalThis.Node, inline: boolean, marks: Marks = {}): Block {
  return inline
    ? { type: 'raw', html: sourceOf(node), inline: true, children: [{ text: '', ...marks }] }
    : { type: 'raw', html: sourceOf(node), children: [{ text: '' }] };
}

const sameMarks = (a: RichTextLeaf, b: RichTextLeaf): boolean =>
  a.bold === b.bold && a.italic === b.italic && a.boldTag === b.boldTag && a.italicTag === b.italicTag;

const isText = (node: Descendant): node is RichTextLeaf => 'text' in node;

/**
 * Inline children in the shape slate keeps them: adjacent texts with the same marks merged, empty texts
 * dropped next to other texts, every inline element between two texts, never empty.
 */
function shapeInlines(items: Descendant[]): Descendant[] {
  const out: Descendant[] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (isText(item)) {
      if (last && isText(last)) {
        if (sameMarks(last, item)) out[out.length - 1] = { ...last, text: last.text + item.text };
        else if (last.text === '') out[out.length - 1] = item;
        else if (item.text !== '') out.push(item);
      } else out.push(item);
    } else {
      if (!last || !isText(last)) out.push({ text: '' });
      out.push(item);
    }
  }
  const last = out[out.length - 1];
  if (!last || !isText(last)) out.push({ text: '' });
  return out;
}

/** Whether every child is inline content, so the element can hold editable text directly. */
const holdsOnlyInlines = (element: globalThis.Element): boolean => Array.from(element.childNodes).every(isPhrasing);

function parseInlineNodes(nodes: Iterable<globalThis.Node>, marks: Marks): Descendant[] {
  const out: Descendant[] = [];
  for (const node of nodes) {
    if (node.nodeType === TEXT_NODE) {
      out.push({ text: node.nodeValue ?? '', ...marks });
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) {
      out.push(raw(node, true, marks));
      continue;
    }
    const element = node as globalThis.Element;
    const tag = element.localName;
    const plain = element.attributes.length === 0;
    const mark = MARK_TAGS[tag];
    if (mark && plain && holdsOnlyInlines(element)) {
      const already = mark.bold ? marks.bold : marks.italic;
      out.push(...parseInlineNodes(element.childNodes, already ? marks : { ...marks, ...mark }));
    } else if (tag === 'a' && holdsOnlyInlines(element)) {
      out.push({
        type: 'link',
        attrs: attrsOf(element) ?? [],
        children: shapeInlines(parseInlineNodes(element.childNodes, marks)),
      });
    } else if (tag === 'br' && plain) {
      out.push({ type: 'line-break', children: [{ text: '', ...marks }] });
    } else {
      out.push(raw(element, true, marks));
    }
  }
  return out;
}

const inlines = (nodes: Iterable<globalThis.Node>): Descendant[] => shapeInlines(parseInlineNodes(nodes, {}));

function parseListItem(element: globalThis.Element): Block {
  const attrs = attrsOf(element);
  const children = holdsOnlyInlines(element)
    ? inlines(element.childNodes)
    : parseBlocks(element.childNodes, isPhrasing);
  return attrs ? { type: 'list-item', attrs, children } : { type: 'list-item', children };
}

function parseBlockElement(element: globalThis.Element): Block {
  const tag = element.localName;
  const attrs = attrsOf(element);
  const withAttrs = <T extends Block>(block: T): T => (attrs ? { ...block, attrs } : block);
  if (tag === 'p' && holdsOnlyInlines(element)) {
    return withAttrs({ type: 'paragraph', children: inlines(element.childNodes) });
  }
  if (/^h[1-6]$/.test(tag) && holdsOnlyInlines(element)) {
    return withAttrs({ type: 'heading', level: Number(tag[1]) as HeadingLevel, children: inlines(element.childNodes) });
  }
  if (tag === 'ul' || tag === 'ol') {
    const items = Array.from(element.childNodes)
      .filter((child) => !isWhitespace(child))
      .map((child) => (tagOf(child) === 'li' ? parseListItem(child as globalThis.Element) : raw(child, false)));
    if (items.length) return withAttrs({ type: tag === 'ul' ? 'bulleted-list' : 'numbered-list', children: items });
  }
  return raw(element, false);
}

/**
 * Block children: block elements parse on their own; runs of inline content (text, marks, links, inline
 * unsupported elements) become bare paragraphs, which are written back without a wrapper. Runs of nothing
 * but whitespace are dropped.
 */
function parseBlocks(nodes: Iterable<globalThis.Node>, joinsRun: (node: globalThis.Node) => boolean): Block[] {
  const blocks: Block[] = [];
  let run: globalThis.Node[] = [];
  const flush = () => {
    if (run.some((node) => !isWhitespace(node))) blocks.push({ type: 'paragraph', bare: true, children: inlines(run) });
    run = [];
  };
  for (const node of nodes) {
    if (joinsRun(node)) {
      run.push(node);
      continue;
    }
    flush();
    blocks.push(parseBlockElement(node as globalThis.Element));
  }
  flush();
  return blocks;
}

const joinsTopLevelRun = (node: globalThis.Node): boolean => isPhrasing(node) && !STANDALONE.has(tagOf(node));

/** Parses a rich text value into slate nodes (in an inert document: nothing in it loads or runs). */
export function htmlToSlate(html: string): Descendant[] {
  if (typeof html !== 'string' || !html.trim()) return [emptyParagraph()];
  // The <body> start tag puts the parser in body mode, so a leading <script>, <style> or comment stays in the
  // body (and in order) instead of moving to <head>.
  const body = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html').body;
  const blocks = parseBlocks(body.childNodes, joinsTopLevelRun);
  return blocks.length ? blocks : [emptyParagraph()];
}

// ---------------------------------------------------------------------------------------------------------
// slate -> HTML

const isInlineNode = (node: Descendant): boolean =>
  isText(node) || node.type === 'link' || node.type === 'line-break' || (node.type === 'raw' && node.inline === true);

const MARK_ORDER = ['strong', 'b', 'em', 'i'] as const;
type MarkTag = (typeof MARK_ORDER)[number];

function leafMarks(leaf: RichTextLeaf): MarkTag[] {
  const marks: MarkTag[] = [];
  if (leaf.bold) marks.push(leaf.boldTag ?? 'strong');
  if (leaf.italic) marks.push(leaf.italicTag ?? 'em');
  return marks;
}

/** Marks an inline item carries for grouping; null for an empty text, which fits in any group. */
function itemMarks(node: Descendant): Set<MarkTag> | null {
  if (isText(node)) return node.text === '' ? null : new Set(leafMarks(node));
  if (node.type !== 'link') {
    const carrier = node.children[0];
    return new Set(carrier && isText(carrier) ? leafMarks(carrier) : []);
  }
  // A link carries the marks every one of its children carries.
  const sets = node.children.map(itemMarks).filter((marks): marks is Set<MarkTag> => marks !== null);
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((mark) => rest.every((marks) => marks.has(mark))));
}

function serializeInlineItem(node: Descendant, open: Set<MarkTag>): string {
  if (isText(node)) return escapeText(node.text);
  switch (node.type) {
    case 'link':
      return `<a${attributesHtml(node.attrs)}>${serializeInlines(node.children, open)}</a>`;
    case 'line-break':
      return '<br>';
    case 'raw':
      return node.html;
    default:
      return serializeBlock(node);
  }
}

/**
 * Inline content with marks grouped into the fewest tags: each mark opens once over the longest run of
 * items that carry it (a link or a <br> inside bold text stays inside one <strong>). A mark carried by a
 * lone link goes inside the link.
 */
function serializeInlines(items: Descendant[], open: Set<MarkTag>): string {
  const marks = items.map(itemMarks);
  const runEnd = (start: number, mark: MarkTag): number => {
    let end = start;
    while (end < items.length && (marks[end] === null || marks[end]!.has(mark))) end++;
    while (end > start + 1 && marks[end - 1] === null) end--;
    return end;
  };
  let out = '';
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    const own = marks[i];
    const candidates = own ? MARK_ORDER.filter((mark) => own.has(mark) && !open.has(mark)) : [];
    let best: MarkTag | undefined;
    let bestEnd = i + 1;
    for (const mark of candidates) {
      const end = runEnd(i, mark);
      if (!best || end > bestEnd) {
        best = mark;
        bestEnd = end;
      }
    }
    const loneLink = !isText(item) && item.type === 'link' && marks.slice(i + 1, bestEnd).every((m) => m === null);
    if (!best || loneLink) {
      out += serializeInlineItem(item, open);
      i++;
      continue;
    }
    out += `<${best}>${serializeInlines(items.slice(i, bestEnd), new Set([...open, best]))}</${best}>`;
    i = bestEnd;
  }
  return out;
}

function serializeChildren(children: Descendant[]): string {
  const first = children[0];
  if (first && !isInlineNode(first))
    return children.map((child) => (isText(child) ? escapeText(child.text) : serializeBlock(child))).join('');
  return serializeInlines(children, new Set());
}

function serializeBlock(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.bare
        ? serializeChildren(block.children)
        : `<p${attributesHtml(block.attrs)}>${serializeChildren(block.children)}</p>`;
    case 'heading':
      return `<h${block.level}${attributesHtml(block.attrs)}>${serializeChildren(block.children)}</h${block.level}>`;
    case 'bulleted-list':
    case 'numbered-list': {
      const tag = block.type === 'bulleted-list' ? 'ul' : 'ol';
      return `<${tag}${attributesHtml(block.attrs)}>${serializeChildren(block.children)}</${tag}>`;
    }
    case 'list-item':
      return `<li${attributesHtml(block.attrs)}>${serializeChildren(block.children)}</li>`;
    case 'raw':
      return block.html;
    case 'link':
    case 'line-break':
      return serializeInlineItem(block, new Set());
  }
}

/** Whether a document is nothing but one empty, attribute-less paragraph (what an emptied editor holds). */
export function isEmptyDocument(nodes: Descendant[]): boolean {
  if (nodes.length !== 1) return false;
  const only = nodes[0]!;
  return (
    !isText(only) &&
    only.type === 'paragraph' &&
    !only.attrs?.length &&
    only.children.every((child) => isText(child) && child.text === '')
  );
}

/** Serialises slate nodes back to HTML; an empty document gives ''. */
export function slateToHtml(nodes: Descendant[]): string {
  if (isEmptyDocument(nodes)) return '';
  return serializeChildren(nodes);
}
