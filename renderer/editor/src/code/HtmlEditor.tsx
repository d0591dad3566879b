import { html } from '@codemirror/lang-html';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { CodeEditor } from './CodeEditor';
import './html.css';

// Made once: every HTML editor shares the language (tags, attributes, embedded CSS and scripts) and its colours.
const HTML_EXTENSIONS = [html(), syntaxHighlighting(defaultHighlightStyle)];

/** The code editor with HTML highlighting and tag closing, for hand-written markup (Custom HTML). */
export function HtmlEditor(props: { label: string; value: string; onChange(text: string): void }) {
  return <CodeEditor {...props} extensions={HTML_EXTENSIONS} className="html-editor" />;
}
