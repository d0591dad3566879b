import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Output } from '../../core/contract';
import {
  cssForStyleElement,
  jsonForScriptElement,
  INERT_LINKS_UNTIL_HYDRATED,
  PREVIEW_PAGE_DATA_ID,
  type PreviewServerRenderer,
} from '../../core/previewDocument';
import { PREVIEW_PAGE_PARAMETER } from '../../core/rules/editorRoutes';
import type { Dispatch } from './dispatch';

/** What the renderer build writes beside its bundles: which chunks and styles each module needs. */
const MANIFEST = '.vite/manifest.json';
/** The preview's server-render module, built for Node beside the renderer (electron.vite.config.ts). */
const SERVER_RENDERER = '../ssr/preview.js';
/** The one element the preview renders into, empty in the built document. */
const EMPTY_ROOT = '<div id="root"></div>';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The page a preview document was asked for with (its draft's bookmark), or null. */
export const previewPageOf = (url: URL): string | null => url.searchParams.get(PREVIEW_PAGE_PARAMETER) || null;

/** The style sheets and chunks of these modules and of everything they import, each once, in order. */
function assetsOf(manifest: Manifest, modules: readonly string[]): { styles: string[]; chunks: string[] } {
  const styles = new Set<string>();
  const chunks = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const style of chunk.css ?? []) styles.add(style);
    chunks.add(chunk.file);
  };
  for (const module of modules) visit(module);
  return { styles: [...styles], chunks: [...chunks] };
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The preview document with its page (issue 25), for both hosts (the browser host and Electron's app://
 * handler): the first blocks rendered by the preview's own components on the host, the page's data as JSON
 * for the preview to hydrate from, the styles of the blocks shown and the page's custom styles from the first
 * paint, and the chunks of the blocks shown preloaded. The document keeps its CSP, sandbox and bridge; its
 * custom scripts still run only once the editor sends them to the hydrated preview. Without a page, or for a
 * page that is not there, the built document goes out as it is and the preview renders by command.
 */
export function createPreviewDocuments(options: {
  rendererDir: string;
  dispatch: Dispatch;
}): (template: string, bookmark: string | null) => Promise<string> {
  let renderer: Promise<PreviewServerRenderer> | null = null;
  let manifest: Promise<Manifest> | null = null;
  return async (template, bookmark) => {
    if (!bookmark) return template;
    const opened = await options.dispatch('getDraft', { bookmark });
    const draft = opened.ok ? (opened.value as Output<'getDraft'>).draft : null;
    if (!draft) return template;
    const settings = await options.dispatch('getSettings', {});
    const webpSupported = settings.ok && (settings.value as Output<'getSettings'>).webpSupport === true;
    try {
      renderer ??= import(
        pathToFileURL(join(options.rendererDir, SERVER_RENDERER)).href
      ) as Promise<PreviewServerRenderer>;
      manifest ??= readFile(join(options.rendererDir, MANIFEST), 'utf8').then((text) => JSON.parse(text) as Manifest);
      const { rootHtml, data, shownModules } = await (
        await renderer
      ).renderPreviewPage({
        components: draft.components,
        webpSupported,
      });
      const { styles, chunks } = assetsOf(await manifest, shownModules);
      // Relative to the document (/preview/index.html), as the built document's own links are.
      const head = [
        ...styles.map((file) => `<link rel="stylesheet" href="../${escapeAttribute(file)}">`),
        ...chunks.map((file) => `<link rel="modulepreload" href="../${escapeAttribute(file)}">`),
        // Marked as the preview's page assets are, so that the page's styles sent later replace it.
        draft.meta.customStyles.trim()
          ? `<style data-page-asset="custom-styles">${cssForStyleElement(draft.meta.customStyles)}</style>`
          : '',
      ].join('');
      return template
        .replace('</head>', () => `${head}</head>`)
        .replace(
          EMPTY_ROOT,
          () =>
            `<script>${INERT_LINKS_UNTIL_HYDRATED}</script><div id="root">${rootHtml}</div>` +
            `<script type="application/json" id="${PREVIEW_PAGE_DATA_ID}">${jsonForScriptElement(data)}</script>`,
        );
    } catch (error) {
      // The preview still shows the page, by command as before: slower, not broken.
      console.error('The preview document could not be rendered with its page:', error);
      return template;
    }
  };
}
