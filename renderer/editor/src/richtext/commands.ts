/**
 * The rich text editor's slate plugin and the toolbar's commands. Pure slate: no React, no DOM, so the
 * commands run in unit tests on a bare `createEditor()`.
 */
import { Editor, Element, Node, Path, Point, Range, Text, Transforms, type Descendant, type NodeEntry } from 'slate';
import type { Attrs, HeadingElement, HeadingLevel, LinkElement, ListElement, RichTextElement } from './types';

export const HEADING_LEVELS: readonly HeadingLevel[] = [1, 2, 3, 4, 5, 6];
export const HEADING_SIZES = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
] as const;
export type HeadingSize = (typeof HEADING_SIZES)[number]['value'];

/** The class a heading of a size carries in the stored HTML. */
export const headingSizeClass = (size: string): string => `heading-${size}`;

/** The size a heading's class names, if it names one of ours. */
export function headingSizeOf(attrs: Attrs | undefined): HeadingSize | undefined {
  const classes = (attrs ?? []).find(([name]) => name === 'class')?.[1].split(/\s+/) ?? [];
  return HEADING_SIZES.find(({ value }) => classes.includes(headingSizeClass(value)))?.value;
}

export const attrOf = (attrs: Attrs | undefined, name: string): string | undefined =>
  attrs?.find(([key]) => key === name)?.[1];

export type MarkFormat = 'bold' | 'italic';
export type ListFormat = ListElement['type'];

const MARK_PROPS = ['bold', 'italic', 'boldTag', 'italicTag'] as const;
const BLOCK_PROPS = ['level', 'attrs', 'bare'] as const;

const isElementOf =
  <T extends RichTextElement['type']>(...types: T[]) =>
  (node: unknown): node is Extract<RichTextElement, { type: T }> =>
    Element.isElement(node) && (types as string[]).includes(node.type);

export const isList = isElementOf('bulleted-list', 'numbered-list');
export const isLink = isElementOf('link');

/** A block that holds text directly (not a list, not a void, not an item holding blocks). */
const isTextBlock =
  (editor: Editor) =>
  (node: Node): boolean =>
    Element.isElement(node) &&
    (node.type === 'paragraph' || node.type === 'heading' || node.type === 'list-item') &&
    Editor.isBlock(editor, node) &&
    Editor.hasInlines(editor, node);

const isEmptyTextBlock = (node: Descendant | undefined): boolean =>
  !!node &&
  Element.isElement(node) &&
  node.type === 'paragraph' &&
  !node.attrs?.length &&
  node.children.length === 1 &&
  Node.string(node) === '';

const paragraph = (children: Descendant[] = [{ text: '' }]): Descendant => ({ type: 'paragraph', children });

/**
 * Teaches slate the model: links, line breaks and inline raw markup are inline; raw markup and line breaks
 * are void; Enter on a heading's end starts a paragraph, on an empty list item leaves the list, on a raw
 * block adds a paragraph after it; Shift+Enter inserts a <br>; adjacent bare runs merge (they would
 * serialise as one anyway).
 */
export function withRichText<T extends Editor>(editor: T): T {
  const { isInline, isVoid, markableVoid, insertBreak, normalizeNode } = editor;

  editor.isInline = (element) =>
    element.type === 'link' ||
    element.type === 'line-break' ||
    (element.type === 'raw' && element.inline === true) ||
    isInline(element);
  editor.isVoid = (element) => element.type === 'raw' || element.type === 'line-break' || isVoid(element);
  editor.markableVoid = (element) =>
    element.type === 'line-break' || (element.type === 'raw' && element.inline === true) || markableVoid(element);

  editor.insertBreak = () => {
    const { selection } = editor;
    if (selection) {
      const voidEntry = Editor.void(editor, { at: selection });
      if (voidEntry && !editor.isInline(voidEntry[0])) {
        const at = Path.next(voidEntry[1]);
        Transforms.insertNodes(editor, paragraph(), { at });
        Transforms.select(editor, Editor.start(editor, at));
        return;
      }
      const blockEntry = Editor.above<RichTextElement>(editor, {
        match: (n) => Element.isElement(n) && Editor.isBlock(editor, n),
      });
      if (blockEntry && Range.isCollapsed(selection)) {
        const [block, path] = blockEntry;
        if (block.type === 'heading' && Editor.isEnd(editor, selection.anchor, path)) {
          Transforms.insertNodes(editor, paragraph(), { at: Path.next(path) });
          Transforms.select(editor, Editor.start(editor, Path.next(path)));
          return;
        }
        if (block.type === 'list-item' && Editor.isEmpty(editor, block)) {
          Editor.withoutNormalizing(editor, () => {
            Transforms.unwrapNodes(editor, { match: isList, split: true });
            Transforms.setNodes<RichTextElement>(
              editor,
              { type: 'paragraph' },
              { match: (n) => Element.isElement(n) && n.type === 'list-item' },
            );
            Transforms.unsetNodes(editor, [...BLOCK_PROPS], { match: isTextBlock(editor) });
          });
          return;
        }
      }
      // A bare run that gets split is no longer one wrapperless run: both halves become paragraphs.
      for (const [, path] of Editor.nodes(editor, {
        match: (n) => Element.isElement(n) && n.type === 'paragraph' && n.bare === true,
      })) {
        Transforms.unsetNodes(editor, 'bare', { at: path });
      }
    }
    insertBreak();
  };

  editor.insertSoftBreak = () => insertLineBreak(editor);

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node) || Element.isElement(node)) {
      for (let i = 1; i < node.children.length; i++) {
        const before = node.children[i - 1];
        const after = node.children[i];
        const bare = (n: Descendant | undefined) => Element.isElement(n) && n.type === 'paragraph' && n.bare === true;
        if (bare(before) && bare(after)) {
          Transforms.mergeNodes(editor, { at: [...path, i] });
          return;
        }
      }
    }
    normalizeNode(entry, options);
  };

  return editor;
}

// ---------------------------------------------------------------------------------------------------------
// Marks and blocks on the selection

export function isMarkActive(editor: Editor, format: MarkFormat): boolean {
  return Editor.marks(editor)?.[format] === true;
}

/** Ctrl/Cmd+B, Ctrl/Cmd+I and the Italic button: the mark on or off over the selection. */
export function toggleMark(editor: Editor, format: MarkFormat): void {
  if (isMarkActive(editor, format)) {
    Editor.removeMark(editor, format);
    Editor.removeMark(editor, format === 'bold' ? 'boldTag' : 'italicTag');
  } else {
    Editor.addMark(editor, format, true);
  }
}

export function isBlockActive(editor: Editor, type: RichTextElement['type']): boolean {
  const { selection } = editor;
  if (!selection) return false;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, selection),
    match: (n) => Element.isElement(n) && n.type === type,
  });
  return !!match;
}

/**
 * The selection with ends that sit in raw (void) blocks pulled in to the nearest text, so splitting
 * transforms keep the whole range (slate loses an end that lies in a void). Null if only voids are selected.
 */
function textSelection(editor: Editor): Range | null {
  const { selection } = editor;
  if (!selection) return null;
  const [start, end] = Range.edges(selection);
  const startVoid = Editor.void(editor, { at: start });
  const endVoid = Editor.void(editor, { at: end });
  const anchor = startVoid ? Editor.after(editor, startVoid[1]) : start;
  const focus = endVoid ? Editor.before(editor, endVoid[1]) : end;
  if (!anchor || !focus || Point.isAfter(anchor, focus)) return null;
  return { anchor, focus };
}

/** Bulleted list / Numbered list: the selected blocks into that list, or out of it when they are in one. */
export function toggleList(editor: Editor, format: ListFormat): void {
  const at = textSelection(editor);
  if (!at) return;
  const active = isBlockActive(editor, format);
  Editor.withoutNormalizing(editor, () => {
    const ref = Editor.rangeRef(editor, at);
    Transforms.unwrapNodes(editor, { at: ref.current!, match: isList, split: true });
    Transforms.setNodes(
      editor,
      { type: active ? 'paragraph' : 'list-item' },
      { at: ref.current!, match: isTextBlock(editor) },
    );
    Transforms.unsetNodes(editor, [...BLOCK_PROPS], { at: ref.current!, match: isTextBlock(editor) });
    if (!active) {
      Transforms.wrapNodes(
        editor,
        { type: format, children: [] },
        { at: ref.current!, match: (n) => Element.isElement(n) && n.type === 'list-item' },
      );
    }
    ref.unref();
  });
}

/** Clear formatting: no marks, no lists, plain paragraphs over the selection. Links and raw markup stay. */
export function clearFormatting(editor: Editor): void {
  const at = textSelection(editor);
  if (!at) return;
  Editor.withoutNormalizing(editor, () => {
    const ref = Editor.rangeRef(editor, at);
    Transforms.unsetNodes(editor, [...MARK_PROPS], { at: ref.current!, match: Text.isText, split: true });
    Transforms.unwrapNodes(editor, { at: ref.current!, match: isList, split: true });
    Transforms.setNodes(editor, { type: 'paragraph' }, { at: ref.current!, match: isTextBlock(editor) });
    Transforms.unsetNodes(editor, [...BLOCK_PROPS], { at: ref.current!, match: isTextBlock(editor) });
    ref.unref();
  });
  if (editor.selection && Range.isCollapsed(editor.selection)) editor.marks = null;
}

// ---------------------------------------------------------------------------------------------------------
// Inserts from the toolbar forms

/**
 * Inserts a block after the top-level block holding the selection (or at the end without one). An empty
 * paragraph there is replaced rather than kept. The caret goes to the end of the new block.
 */
export function insertBlock(editor: Editor, block: Descendant): void {
  const { selection } = editor;
  const index = selection ? Range.end(selection).path[0]! : editor.children.length - 1;
  const at: Path = [index + 1];
  Editor.withoutNormalizing(editor, () => {
    Transforms.insertNodes(editor, block, { at, select: false });
    if (isEmptyTextBlock(editor.children[index])) {
      Transforms.removeNodes(editor, { at: [index] });
      at[0] = index;
    }
  });
  Transforms.select(editor, Editor.end(editor, at));
}

export function insertHeading(
  editor: Editor,
  { level, size, text }: { level: HeadingLevel; size: string; text: string },
): void {
  const heading: HeadingElement = {
    type: 'heading',
    level,
    attrs: [['class', headingSizeClass(size)]],
    children: [{ text }],
  };
  insertBlock(editor, heading);
}

export function insertParagraph(editor: Editor, text: string): void {
  insertBlock(editor, paragraph([{ text }]));
}

/** Puts the selection where inline content can go: where it is, or the end of the text, or a new paragraph. */
function selectInlineTarget(editor: Editor): void {
  const { selection } = editor;
  if (selection && !Editor.void(editor, { at: selection })) return;
  const end = Editor.end(editor, []);
  if (Editor.void(editor, { at: end })) {
    const at = [editor.children.length];
    Transforms.insertNodes(editor, paragraph(), { at, select: false });
    Transforms.select(editor, Editor.start(editor, at));
  } else {
    Transforms.select(editor, end);
  }
}

export function insertBoldText(editor: Editor, text: string): void {
  selectInlineTarget(editor);
  Transforms.insertNodes(editor, { text, bold: true });
}

/** A link over the selected text, or (nothing selected) a new link whose text is its title; caret after it. */
export function insertLink(editor: Editor, { url, title }: { url: string; title: string }): void {
  const attrs: Attrs = [
    ['href', url.trim()],
    ['title', title],
  ];
  selectInlineTarget(editor);
  const { selection } = editor;
  if (selection && Range.isExpanded(selection)) {
    Transforms.unwrapNodes(editor, { match: isLink, split: true });
    Transforms.wrapNodes(editor, { type: 'link', attrs, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
    return;
  }
  const link: LinkElement = { type: 'link', attrs, children: [{ text: title }] };
  Transforms.insertNodes(editor, link);
  const entry: NodeEntry | undefined = Editor.above(editor, { match: isLink });
  if (entry) Transforms.select(editor, Editor.start(editor, Path.next(entry[1])));
}

/** Shift+Enter: a <br> at the caret, caret after it. */
export function insertLineBreak(editor: Editor): void {
  if (!editor.selection || Editor.void(editor, { at: editor.selection })) return;
  Transforms.insertNodes(editor, { type: 'line-break', children: [{ ...Editor.marks(editor), text: '' }] });
  const entry = Editor.above(editor, { match: isElementOf('line-break'), voids: true });
  if (entry) Transforms.select(editor, Editor.start(editor, Path.next(entry[1])));
}
