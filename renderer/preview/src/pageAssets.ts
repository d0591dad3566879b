import type { PreviewCommand } from '../../../core/preview';
import { isHttpsUrl } from '../../../core/rules/pageAssets';
import { clearScriptConsole, reportScriptError } from './scriptConsole';

export type PageAssetsCommand = Extract<PreviewCommand, { type: 'pageAssets' }>;

/** Marks the elements this module adds, so they can be told apart from the preview's own. */
const ASSET_ATTRIBUTE = 'data-page-asset';
/** Dispatched on the custom script's element by its own catch block with what it caught. */
const CAUGHT_EVENT = 'studio-custom-script-error';
/** The custom scripts' name in stack traces and error events (a sourceURL). */
const CUSTOM_SCRIPTS_URL = 'studio-custom-scripts.js';
/** Old stylesheets go once the new ones have loaded, or after this long if one hangs. */
const STYLESHEET_SWAP_TIMEOUT_MS = 3000;

let generation = 0;
let stylesheetLinks: HTMLLinkElement[] = [];
// The page's custom styles the host put in a server-rendered document (issue 25), replaced by the first call.
let customStyle = document.head.querySelector<HTMLStyleElement>(`style[${ASSET_ATTRIBUTE}="custom-styles"]`);
let scriptElements: HTMLScriptElement[] = [];
let listening = false;
let insertingCustomScripts = false;

/**
 * Applies the page's external stylesheets and scripts and its custom styles and scripts (Styles manager,
 * Script manager), replacing what the previous call applied. This runs only in the sandboxed preview: the
 * scripts cannot reach the editor or main's API (the preview's opaque origin and its one narrow bridge).
 *
 * - Stylesheets: a `<link rel=stylesheet>` per http(s) URL in order, then one `<style>` with the custom
 *   styles, all at the end of `<head>` so they win over the preview's own styles of equal specificity. The
 *   previous links are removed once the new ones have loaded, so re-applying does not flash unstyled.
 * - Scripts: a `<script src>` per http(s) URL (downloaded together, run in order), then, once they have all
 *   loaded or failed and the blocks of earlier commands have rendered, the custom scripts text in a
 *   `<script>` element (not eval), inside `try { … } catch`. Anything thrown, synchronously or later (timers,
 *   listeners, promise rejections), and every load failure is shown in the preview console strip and sent to
 *   the editor as a scriptError event; nothing else stops.
 *
 * Every call runs the scripts again, even with the same text: Apply in the Script manager re-runs them.
 * Removing a script element does not undo what the script did (listeners, globals, DOM changes) until the
 * preview reloads. Because of the try block, top-level `let`/`const`/`class` of the custom scripts are local
 * to them (so running the same text twice does not fail with "already declared"); top-level `var` and
 * `function` declarations still become globals, e.g. for `onclick` attributes in Custom HTML blocks.
 * Non-http(s) URLs (a hand-edited file) are skipped with a console message. The console strip is cleared on
 * every call, so it shows the errors of what is applied now (and the shell's notices).
 */
export function applyPageAssets(command: PageAssetsCommand): void {
  listenForErrors();
  const current = ++generation;
  clearScriptConsole('error');
  applyStyles(command.stylesheets, command.customStyles, current);
  applyScripts(command.scripts, command.customScripts, current);
}

function applyStyles(urls: readonly string[], css: string, current: number): void {
  const previous = stylesheetLinks;
  const settled: Promise<void>[] = [];
  stylesheetLinks = [];
  for (const url of urls) {
    if (!isHttpsUrl(url)) {
      reportScriptError(`Skipped stylesheet ${url}: only https:// URLs are loaded.`);
      continue;
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.setAttribute(ASSET_ATTRIBUTE, 'stylesheet');
    settled.push(
      new Promise((resolve) => {
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => {
          if (current === generation) reportScriptError(`Could not load stylesheet ${url}`);
          resolve();
        });
      }),
    );
    stylesheetLinks.push(link);
  }

  if (css.trim() === '') {
    customStyle?.remove();
    customStyle = null;
  } else {
    if (!customStyle) {
      customStyle = document.createElement('style');
      customStyle.setAttribute(ASSET_ATTRIBUTE, 'custom-styles');
    }
    customStyle.textContent = css;
  }
  // Appending moves the custom styles after the new links.
  document.head.append(...stylesheetLinks, ...(customStyle ? [customStyle] : []));

  const timeout = new Promise<void>((resolve) => setTimeout(resolve, STYLESHEET_SWAP_TIMEOUT_MS));
  void Promise.race([Promise.all(settled), timeout]).then(() => {
    for (const link of previous) link.remove();
  });
}

function applyScripts(urls: readonly string[], code: string, current: number): void {
  for (const element of scriptElements) element.remove();
  scriptElements = [];
  const loaded: Promise<void>[] = [];
  for (const url of urls) {
    if (!isHttpsUrl(url)) {
      reportScriptError(`Skipped script ${url}: only https:// URLs are loaded.`);
      continue;
    }
    const script = document.createElement('script');
    script.src = url;
    // Inserted scripts are async by default; these run in list order, as in the page's <head>.
    script.async = false;
    script.setAttribute(ASSET_ATTRIBUTE, 'script');
    loaded.push(
      new Promise((resolve) => {
        script.addEventListener('load', () => resolve());
        script.addEventListener('error', () => {
          if (current === generation) reportScriptError(`Could not load script ${url}`);
          resolve();
        });
      }),
    );
    scriptElements.push(script);
  }
  document.body.append(...scriptElements);

  if (code.trim() === '') return;
  void Promise.all(loaded)
    // A task later, so the blocks of the commands sent before this one are in the DOM for the script.
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      if (current === generation) runCustomScripts(code);
    });
}

function runCustomScripts(code: string): void {
  const script = document.createElement('script');
  script.setAttribute(ASSET_ATTRIBUTE, 'custom-scripts');
  script.addEventListener(CAUGHT_EVENT, (event) => {
    const error = (event as CustomEvent<unknown>).detail;
    const line = customScriptLine(error);
    reportScriptError(`Custom script${line ? `, line ${line}` : ''}: ${describeError(error)}`);
  });
  // `try {` shares the first line with the code, so line numbers in errors are the code's own; the sourceURL
  // names the script in stack traces, error events and the devtools (an inserted script is otherwise anonymous).
  script.textContent =
    `try { ${code}\n} catch (error) { ` +
    `document.currentScript.dispatchEvent(new CustomEvent(${JSON.stringify(CAUGHT_EVENT)}, { detail: error })); }\n` +
    `//# sourceURL=${CUSTOM_SCRIPTS_URL}\n`;
  // A syntax error is reported (as an error event) while the script is inserted, with the page as its file.
  insertingCustomScripts = true;
  try {
    document.body.append(script);
  } finally {
    insertingCustomScripts = false;
  }
  scriptElements.push(script);
}

/** The line of the custom scripts an error was thrown at, from its stack ("at studio-custom-scripts.js:3:7"). */
function customScriptLine(error: unknown): number | null {
  const stack = typeof error === 'object' && error !== null && 'stack' in error ? String(error.stack) : '';
  const match = new RegExp(`${CUSTOM_SCRIPTS_URL.replace(/\./g, '\\.')}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : null;
}

function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
    if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
    return String(error);
  } catch {
    return 'An error that cannot be shown as text';
  }
}

function describeErrorEvent(event: ErrorEvent): string {
  // Chromium hides the details of errors from scripts of other origins (all external ones, here).
  if (!event.filename && /^(Uncaught )?Script error\.?$/.test(event.message)) {
    return 'Script error in an external script (the browser hides the details of scripts from other sites).';
  }
  const what = (
    event.error !== undefined && event.error !== null
      ? describeError(event.error)
      : event.message.replace(/^Uncaught /, '')
  )
    // Chromium words a syntax error of an inserted script as a failure of the DOM call that inserted it.
    .replace(/^(\w*Error: )?Failed to execute '\w+' on '\w+': /, '$1');
  const where =
    insertingCustomScripts || event.filename === CUSTOM_SCRIPTS_URL || event.filename.endsWith(`/${CUSTOM_SCRIPTS_URL}`)
      ? 'Custom script'
      : event.filename || 'Script';
  return `${where}${event.lineno ? `, line ${event.lineno}` : ''}: ${what}`;
}

/** Errors not caught by the custom script's own try block: syntax errors, timers, listeners, promises. */
function listenForErrors(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', (event) => {
    // Resource load errors do not reach window (they do not bubble); only script errors are ErrorEvents.
    if (event instanceof ErrorEvent) reportScriptError(describeErrorEvent(event));
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportScriptError(`Unhandled promise rejection: ${describeError(event.reason)}`);
  });
}
