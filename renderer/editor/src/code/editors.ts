import { lazyPart } from '../ui/LazyPart';

// CodeMirror is a third of the editor's code and only these editors use it: it loads when one is first shown.

/** The JSON editor (code/JsonEditor.tsx) of the options panel and of a component edited as JSON. */
export const JsonEditor = lazyPart(() => import('./JsonEditor').then((module) => module.JsonEditor), {
  what: 'JSON editor',
  layout: 'field',
});

/** The plain code editor (code/CodeEditor.tsx) of the Styles and Script managers. */
export const CodeEditor = lazyPart(() => import('./CodeEditor').then((module) => module.CodeEditor), {
  what: 'code editor',
  layout: 'field',
});

/** The HTML editor (code/HtmlEditor.tsx) of a Custom HTML component's markup. */
export const HtmlEditor = lazyPart(() => import('./HtmlEditor').then((module) => module.HtmlEditor), {
  what: 'HTML editor',
  layout: 'field',
});
