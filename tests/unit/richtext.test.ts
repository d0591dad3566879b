// @vitest-environment happy-dom
import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { describe, expect, it } from 'vitest';
import {
  clearFormatting,
  insertBoldText,
  insertHeading,
  insertLineBreak,
  insertLink,
  insertParagraph,
  toggleList,
  toggleMark,
  withRichText,
} from '../../renderer/editor/src/richtext/commands';
import { htmlToSlate, slateToHtml } from '../../renderer/editor/src/richtext/html';
import {
  FIELDS_WARNING,
  TEXT_WARNING,
  headingError,
  linkError,
  textError,
} from '../../renderer/editor/src/richtext/validation';

const roundTrip = (html: string): string => slateToHtml(htmlToSlate(html));

/** The same value after slate has normalised the parsed tree, as the live editor does. */
function throughEditor(html: string): string {
  const editor = editorWith(html);
  Editor.normalize(editor, { force: true });
  return slateToHtml(editor.children);
}

function editorWith(html: string) {
  const editor = withRichText(withHistory(createEditor()));
  editor.children = htmlToSlate(html);
  return editor;
}

/** Selects the first occurrence of `text` in the document. */
function selectText(editor: Editor, text: string): void {
  for (const [node, path] of Editor.nodes(editor, { at: [], match: (n) => 'text' in n })) {
    const offset = (node as { text: string }).text.indexOf(text);
    if (offset >= 0) {
      Transforms.select(editor, { anchor: { path, offset }, focus: { path, offset: offset + text.length } });
      return;
    }
  }
  throw new Error(`no "${text}" in the document`);
}

describe('htmlToSlate / slateToHtml: what the toolbar produces round-trips exactly', () => {
  const cases: [string, string][] = [
    ['paragraph', '<p>Hello world</p>'],
    ['several paragraphs', '<p>One</p><p>Two</p><p>Three</p>'],
    ...[1, 2, 3, 4, 5, 6].flatMap((level) =>
      ['small', 'medium', 'large'].map((size): [string, string] => [
        `h${level} ${size}`,
        `<h${level} class="heading-${size}">Title ${level}</h${level}>`,
      ]),
    ),
    ['strong', '<p>Some <strong>bold</strong> text</p>'],
    ['b (kept as b)', '<p>Hello <b>there</b></p>'],
    ['em', '<p>Some <em>italic</em> text</p>'],
    ['i (kept as i)', '<p>Some <i>italic</i> text</p>'],
    ['italic inside bold', '<p><strong>bold <em>both</em> bold</strong></p>'],
    ['bold and italic together', '<p><strong><em>both</em></strong></p>'],
    ['overlapping marks', '<p><strong>a<em>b</em></strong><em>c</em></p>'],
    ['italic run with bold inside', '<p><em>a<strong>b</strong></em><strong>c</strong></p>'],
    ['link with title', '<p>See <a href="https://example.com/sale" title="Summer sale">Summer sale</a> now</p>'],
    [
      'link with escaped attributes',
      '<p><a href="/search?q=a&amp;b=c" title="Say &quot;hi&quot; &amp; go">Say "hi" &amp; go</a></p>',
    ],
    ['bold link', '<p><a href="/x" title="x"><strong>bold link</strong></a></p>'],
    ['link inside a bold run', '<p><strong>bold <a href="/x" title="x">link</a> tail</strong></p>'],
    ['partly bold link', '<p><a href="/x" title="x">plain <strong>bold</strong></a></p>'],
    ['bulleted list', '<ul><li>One</li><li>Two</li></ul>'],
    ['numbered list', '<ol><li>One</li><li>Two</li></ol>'],
    [
      'formatted list items',
      '<ul><li><strong>Bold</strong> item</li><li>With <a href="/a" title="A">a link</a></li></ul>',
    ],
    ['nested list', '<ul><li>One<ul><li>Nested</li></ul></li><li>Two</li></ul>'],
    ['line break', '<p>Line one<br>Line two</p>'],
    ['line break inside bold', '<p><strong>one<br>two</strong></p>'],
    ['empty paragraph between others', '<p>a</p><p></p><p>b</p>'],
    ['heading, paragraph, list', '<h2 class="heading-large">Title</h2><p>Body <em>copy</em></p><ol><li>Step</li></ol>'],
    ['text without a wrapper', 'Hello <b>there</b>'],
    ['text around blocks', 'Intro<p>Body</p>outro'],
    ['line break without a wrapper', 'one<br>two'],
    [
      'attributes on supported blocks',
      '<p class="intro" data-x="1">Hi</p><ul class="ticks"><li class="tick">A</li></ul>',
    ],
    ['non-breaking space', '<p>10&nbsp;km</p>'],
  ];

  it.each(cases)('%s', (_, html) => {
    expect(roundTrip(html)).toBe(html);
    expect(throughEditor(html)).toBe(html);
  });

  it('maps markup onto editable nodes', () => {
    expect(htmlToSlate('<h3 class="heading-small">Hi <strong>there</strong></h3><ul><li>A</li></ul>')).toEqual([
      {
        type: 'heading',
        level: 3,
        attrs: [['class', 'heading-small']],
        children: [{ text: 'Hi ' }, { text: 'there', bold: true }],
      },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'A' }] }] },
    ]);
  });
});

describe('unsupported markup is kept verbatim', () => {
  const cases: [string, string][] = [
    ['div with a class', '<div class="custom"><p>Inner <strong>text</strong></p></div>'],
    ['table', '<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>'],
    ['image', '<img src="https://cdn.example.com/a.jpg" alt="A">'],
    ['script', '<script>window.x = 1 < 2;</script><p>After</p>'],
    ['style', '<style>.a { color: red; }</style><p>After</p>'],
    ['comment', '<!-- note --><p>Text</p>'],
    ['span with style inside a paragraph', '<p>Before <span style="color: red">red</span> after</p>'],
    ['image inside a paragraph', '<p><img src="a.jpg" alt="A"> caption</p>'],
    ['span inside a heading', '<h2 class="heading-medium">Big <span class="accent">deal</span></h2>'],
    ['span inside bold inside a list item', '<ul><li><strong>Now <span class="price">£5</span></strong></li></ul>'],
    ['bold with a class', '<p><strong class="big">x</strong> y</p>'],
    ['line break with a class', '<p>a<br class="mobile">b</p>'],
    ['unsupported inside a link', '<p><a href="/x" title="x"><img src="i.png" alt=""> Shop</a></p>'],
    ['block inside a list item', '<ul><li>Lead<div class="box">Boxed</div></li></ul>'],
    ['block inside a heading', '<h2><div class="wrap">x</div></h2>'],
    ['unsupported blocks between supported ones', '<p>a</p><section id="s"><h2>x</h2></section><p>b</p>'],
    ['video', '<video src="clip.mp4" poster="p.jpg"></video>'],
  ];

  it.each(cases)('%s', (_, html) => {
    expect(roundTrip(html)).toBe(html);
    expect(throughEditor(html)).toBe(html);
  });

  it('holds an unsupported block as one void raw element with its outerHTML', () => {
    expect(htmlToSlate('<div class="custom">Hi <b>there</b></div>')).toEqual([
      { type: 'raw', html: '<div class="custom">Hi <b>there</b></div>', children: [{ text: '' }] },
    ]);
  });

  it('holds unsupported inline markup inside a supported block as an inline raw element', () => {
    expect(htmlToSlate('<p>a <span style="color:red">b</span></p>')).toEqual([
      {
        type: 'paragraph',
        children: [
          { text: 'a ' },
          { type: 'raw', html: '<span style="color:red">b</span>', inline: true, children: [{ text: '' }] },
          { text: '' },
        ],
      },
    ]);
  });
});

describe('normalised on the way through (same meaning, documented in html.ts)', () => {
  it.each([
    ['whitespace between blocks', '<p>a</p>\n  <p>b</p>\n', '<p>a</p><p>b</p>'],
    ['whitespace between list items', '<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>', '<ul><li>a</li><li>b</li></ul>'],
    ['mark nesting order', '<em><strong>x</strong></em>', '<strong><em>x</em></strong>'],
    ['adjacent runs of one mark', '<p><strong>a</strong><strong>b</strong></p>', '<p><strong>ab</strong></p>'],
    ['redundant nested mark', '<p><b>a<b>b</b></b></p>', '<p><b>ab</b></p>'],
    [
      'mark around a lone link',
      '<p><strong><a href="/x">x</a></strong></p>',
      '<p><a href="/x"><strong>x</strong></a></p>',
    ],
    ['single-quoted attributes', "<p class='a'>x</p>", '<p class="a">x</p>'],
  ])('%s', (_, html, expected) => {
    expect(roundTrip(html)).toBe(expected);
    expect(roundTrip(expected)).toBe(expected);
  });

  it('treats a non-string value as empty', () => {
    expect(htmlToSlate(undefined as unknown as string)).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });
});

describe('escaping', () => {
  it('escapes &, < and > in text; quotes in text need no escaping', () => {
    const nodes: Descendant[] = [{ type: 'paragraph', children: [{ text: `a < b & "c" 'd' > e` }] }];
    expect(slateToHtml(nodes)).toBe(`<p>a &lt; b &amp; "c" 'd' &gt; e</p>`);
  });

  it('round-trips escaped text', () => {
    const html = `<p>Tom &amp; Jerry &lt;3 "quotes" 'apostrophes'</p>`;
    expect(htmlToSlate(html)).toEqual([
      { type: 'paragraph', children: [{ text: `Tom & Jerry <3 "quotes" 'apostrophes'` }] },
    ]);
    expect(roundTrip(html)).toBe(html);
  });

  it('never lets text become markup', () => {
    const nodes: Descendant[] = [{ type: 'paragraph', children: [{ text: '<script>alert(1)</script>', bold: true }] }];
    expect(slateToHtml(nodes)).toBe('<p><strong>&lt;script&gt;alert(1)&lt;/script&gt;</strong></p>');
  });

  it('escapes quotes, & and angle brackets in attributes', () => {
    const nodes: Descendant[] = [
      {
        type: 'paragraph',
        children: [
          { text: '' },
          {
            type: 'link',
            attrs: [
              ['href', '/a?x=1&y="2"'],
              ['title', `<b>"it's"</b>`],
            ],
            children: [{ text: 'go' }],
          },
          { text: '' },
        ],
      },
    ];
    expect(slateToHtml(nodes)).toBe(
      `<p><a href="/a?x=1&amp;y=&quot;2&quot;" title="&lt;b&gt;&quot;it's&quot;&lt;/b&gt;">go</a></p>`,
    );
  });
});

describe('empty values', () => {
  it.each(['', '   ', '\n'])('%j parses to one empty paragraph', (html) => {
    expect(htmlToSlate(html)).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });

  it('one empty paragraph serialises to "" (an emptied editor stores an empty string)', () => {
    expect(slateToHtml([{ type: 'paragraph', children: [{ text: '' }] }])).toBe('');
    expect(roundTrip('')).toBe('');
    expect(roundTrip('<p></p>')).toBe('');
  });

  it('keeps a lone empty paragraph that carries attributes, and empty paragraphs among others', () => {
    expect(roundTrip('<p class="spacer"></p>')).toBe('<p class="spacer"></p>');
    expect(roundTrip('<p></p><p></p>')).toBe('<p></p><p></p>');
  });
});

describe('toolbar commands', () => {
  it('inserts a heading with its size class, replacing the empty paragraph', () => {
    const editor = editorWith('');
    insertHeading(editor, { level: 2, size: 'large', text: 'Summer sale' });
    expect(slateToHtml(editor.children)).toBe('<h2 class="heading-large">Summer sale</h2>');
  });

  it('inserts paragraphs after the block holding the caret, or at the end', () => {
    const editor = editorWith('<p>First</p><p>Last</p>');
    insertParagraph(editor, 'End');
    expect(slateToHtml(editor.children)).toBe('<p>First</p><p>Last</p><p>End</p>');
    Transforms.select(editor, Editor.start(editor, [0]));
    insertParagraph(editor, 'Second');
    expect(slateToHtml(editor.children)).toBe('<p>First</p><p>Second</p><p>Last</p><p>End</p>');
  });

  it('inserts bold text at the caret', () => {
    const editor = editorWith('<p>Hello world</p>');
    Transforms.select(editor, { path: [0, 0], offset: 6 });
    insertBoldText(editor, 'big ');
    expect(slateToHtml(editor.children)).toBe('<p>Hello <strong>big </strong>world</p>');
  });

  it('inserts bold text into an empty field', () => {
    const editor = editorWith('');
    insertBoldText(editor, 'Bold');
    expect(slateToHtml(editor.children)).toBe('<p><strong>Bold</strong></p>');
  });

  it('inserts a link with its title as text, and wraps selected text in a link', () => {
    const editor = editorWith('');
    insertLink(editor, { url: ' https://example.com ', title: 'Example' });
    expect(slateToHtml(editor.children)).toBe('<p><a href="https://example.com" title="Example">Example</a></p>');
    editor.insertText(' more');
    expect(slateToHtml(editor.children)).toBe('<p><a href="https://example.com" title="Example">Example</a> more</p>');

    const other = editorWith('<p>Shop the sale today</p>');
    selectText(other, 'the sale');
    insertLink(other, { url: '/sale', title: 'Sale' });
    expect(slateToHtml(other.children)).toBe('<p>Shop <a href="/sale" title="Sale">the sale</a> today</p>');
  });

  it('puts inline inserts after an unsupported block in a new paragraph', () => {
    const editor = editorWith('<div class="custom">x</div>');
    insertBoldText(editor, 'After');
    expect(slateToHtml(editor.children)).toBe('<div class="custom">x</div><p><strong>After</strong></p>');
  });

  it('toggles bold and italic on the selection', () => {
    const editor = editorWith('<p>Make this bold</p>');
    selectText(editor, 'this');
    toggleMark(editor, 'bold');
    expect(slateToHtml(editor.children)).toBe('<p>Make <strong>this</strong> bold</p>');
    toggleMark(editor, 'italic');
    expect(slateToHtml(editor.children)).toBe('<p>Make <strong><em>this</em></strong> bold</p>');
    toggleMark(editor, 'bold');
    expect(slateToHtml(editor.children)).toBe('<p>Make <em>this</em> bold</p>');
  });

  it('turns <b> off as well as <strong>', () => {
    const editor = editorWith('<p><b>old</b></p>');
    selectText(editor, 'old');
    toggleMark(editor, 'bold');
    expect(slateToHtml(editor.children)).toBe('<p>old</p>');
    toggleMark(editor, 'bold');
    expect(slateToHtml(editor.children)).toBe('<p><strong>old</strong></p>');
  });

  it('toggles lists', () => {
    const editor = editorWith('<p>One</p><p>Two</p>');
    Transforms.select(editor, { anchor: Editor.start(editor, [0]), focus: Editor.end(editor, [1]) });
    toggleList(editor, 'bulleted-list');
    expect(slateToHtml(editor.children)).toBe('<ul><li>One</li><li>Two</li></ul>');
    toggleList(editor, 'numbered-list');
    expect(slateToHtml(editor.children)).toBe('<ol><li>One</li><li>Two</li></ol>');
    toggleList(editor, 'numbered-list');
    expect(slateToHtml(editor.children)).toBe('<p>One</p><p>Two</p>');
  });

  it('clears formatting: marks off, headings and list items become paragraphs, raw markup stays', () => {
    const editor = editorWith(
      '<h2 class="heading-large">Big <em>title</em></h2><ul><li><strong>item</strong></li></ul><div class="x">raw</div>',
    );
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
    clearFormatting(editor);
    expect(slateToHtml(editor.children)).toBe('<p>Big title</p><p>item</p><div class="x">raw</div>');
  });

  it('Enter at the end of a heading starts a paragraph; Shift+Enter inserts a <br>', () => {
    const editor = editorWith('<h2 class="heading-small">Title</h2>');
    Transforms.select(editor, Editor.end(editor, [0]));
    editor.insertBreak();
    editor.insertText('Body');
    expect(slateToHtml(editor.children)).toBe('<h2 class="heading-small">Title</h2><p>Body</p>');
    insertLineBreak(editor);
    editor.insertText('more');
    expect(slateToHtml(editor.children)).toBe('<h2 class="heading-small">Title</h2><p>Body<br>more</p>');
  });

  it('splitting a wrapperless run gives two paragraphs; typing in it keeps it wrapperless', () => {
    const editor = editorWith('Hello world');
    Transforms.select(editor, { path: [0, 0], offset: 11 });
    editor.insertText('!');
    expect(slateToHtml(editor.children)).toBe('Hello world!');
    Transforms.select(editor, { path: [0, 0], offset: 5 });
    editor.insertBreak();
    expect(slateToHtml(editor.children)).toBe('<p>Hello</p><p> world!</p>');
  });
});

describe('validation', () => {
  it('heading needs type, size and text', () => {
    expect(headingError({ type: 'h2', size: 'large', text: 'Title' })).toBeNull();
    expect(headingError({ type: '', size: 'large', text: 'Title' })).toBe('Ensure all fields are filled in');
    expect(headingError({ type: 'h2', size: '', text: 'Title' })).toBe(FIELDS_WARNING);
    expect(headingError({ type: 'h2', size: 'large', text: '' })).toBe(FIELDS_WARNING);
    expect(headingError({ type: 'h2', size: 'large', text: ' ' })).toBe(FIELDS_WARNING);
  });

  it('paragraph and bold text need some text', () => {
    expect(textError('Hello')).toBeNull();
    expect(textError('')).toBe('Please enter some text');
    expect(textError(' ')).toBe(TEXT_WARNING);
    expect(textError('  \n')).toBe(TEXT_WARNING);
  });

  it('link needs url and title', () => {
    expect(linkError({ url: 'https://example.com', title: 'Example' })).toBeNull();
    expect(linkError({ url: '', title: 'Example' })).toBe('Ensure all fields are filled in');
    expect(linkError({ url: 'https://example.com', title: ' ' })).toBe(FIELDS_WARNING);
    expect(linkError({ url: ' ', title: ' ' })).toBe(FIELDS_WARNING);
  });
});
