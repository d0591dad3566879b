/**
 * The slate document model of a rich text field ({html: {value}}, editor spec §3).
 *
 * Supported markup maps onto editable nodes; anything else becomes a `raw` void element that carries the
 * original outerHTML and is written back verbatim, so the editor never silently drops markup it cannot edit.
 */
import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

/** Attributes of a supported element, in source order, written back as they were. */
export type Attrs = [name: string, value: string][];

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** `<p>`; a `bare` paragraph is a run of inline content that had no wrapper in the source and gets none back. */
export interface ParagraphElement {
  type: 'paragraph';
  attrs?: Attrs;
  bare?: true;
  children: Descendant[];
}

export interface HeadingElement {
  type: 'heading';
  level: HeadingLevel;
  attrs?: Attrs;
  children: Descendant[];
}

export interface ListElement {
  type: 'bulleted-list' | 'numbered-list';
  attrs?: Attrs;
  children: Descendant[];
}

/** `<li>`: inline children, or block children (bare paragraphs, nested lists) when the item holds blocks. */
export interface ListItemElement {
  type: 'list-item';
  attrs?: Attrs;
  children: Descendant[];
}

/** `<a>` with its attributes (href, title, anything else) in source order. */
export interface LinkElement {
  type: 'link';
  attrs: Attrs;
  children: Descendant[];
}

/** `<br>`: an inline void; its empty text child carries the marks around it. */
export interface LineBreakElement {
  type: 'line-break';
  children: RichTextLeaf[];
}

/** Unsupported markup kept verbatim (an element's outerHTML, a comment, stray text in a list). */
export interface RawElement {
  type: 'raw';
  html: string;
  inline?: true;
  children: RichTextLeaf[];
}

export type RichTextElement =
  ParagraphElement | HeadingElement | ListElement | ListItemElement | LinkElement | LineBreakElement | RawElement;

/** A run of text. `boldTag`/`italicTag` remember `<b>`/`<i>` sources; the defaults are `<strong>`/`<em>`. */
export interface RichTextLeaf {
  text: string;
  bold?: true;
  italic?: true;
  boldTag?: 'b';
  italicTag?: 'i';
}

export type RichTextEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module 'slate' {
  interface CustomTypes {
    Editor: RichTextEditor;
    Element: RichTextElement;
    Text: RichTextLeaf;
  }
}
