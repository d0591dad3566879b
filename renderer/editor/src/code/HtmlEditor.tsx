import { html } from '@codemirror/lang-html';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { CodeEditor } from './CodeEditor';
import './html.css';

/*
 * Token colours from the design tokens, each 4.5:1 or more on the editor's background and its active line
 * (CodeMirror's default style is not: its green attribute values reach 3.8:1 on a highlighted line).
 */
const HTML_HIGHLIGHT = HighlightStyle.define([
  { tag: [tags.tagName, tags.angleBracket], color: 'var(--accent)' },
  { tag: tags.attributeName, color: 'var(--warn)' },
  { tag: [tags.attributeValue, tags.string], color: 'var(--ok)' },
  { tag: [tags.comment, tags.meta, tags.processingInstruction], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.propertyName], color: 'var(--danger)' },
  { tag: tags.invalid, color: 'var(--danger)', textDecoration: 'underline wavy' },
]);

// Made once: every HTML editor shares the language (tags, attributes, embedded CSS and scripts) and its colours.
const HTML_EXTENSIONS = [html(), syntaxHighlighting(HTML_HIGHLIGHT)];

/** The code editor with HTML highlighting and tag closing, for hand-written markup (Custom HTML). */
export function HtmlEditor(props: { label: string; value: string; onChange(text: string): void; readOnly?: boolean }) {
  return <CodeEditor {...props} extensions={HTML_EXTENSIONS} className="html-editor" />;
}
