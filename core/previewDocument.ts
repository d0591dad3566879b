import { z } from 'zod';
import { ComponentSchema, type Component } from './schemas';

/**
 * The page a server-rendered preview document was rendered from (issue 25): the host renders the first
 * blocks with the preview's own components and puts this in the document as JSON, and the preview hydrates
 * from it before it takes any command. The editor's whole page (reset) follows as it does for any preview.
 */
export const PreviewPageDataSchema = z.object({
  components: z.array(ComponentSchema),
  webpSupported: z.boolean(),
  /** The blocks rendered with their content; the others are placeholders, as blocks far from the view are. */
  firstView: z.array(z.string()),
});
export type PreviewPageData = z.infer<typeof PreviewPageDataSchema>;

/** The preview's server-render module (renderer/preview/src/server.tsx, built for Node), as main loads it. */
export interface PreviewServerRenderer {
  renderPreviewPage(page: { components: Component[]; webpSupported: boolean }): Promise<{
    /** The markup of the preview's root element. */
    rootHtml: string;
    data: PreviewPageData;
    /**
     * The source modules of the blocks rendered with content (as the renderer build's manifest names them),
     * whose styles the document needs from its first paint.
     */
    shownModules: string[];
  }>;
}

/** The id of the preview document's JSON script holding its PreviewPageData. */
export const PREVIEW_PAGE_DATA_ID = 'preview-page-data';

/** Set on the preview's root element once a server-rendered page has hydrated (main.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * The one script of a server-rendered preview document (inline, before the preview's bundle has run): a click
 * on a link of a block not hydrated yet goes nowhere, as it would with Links in Preview inactive once
 * hydrated, instead of taking the preview off its page. Other controls have nothing to do before hydration.
 */
export const INERT_LINKS_UNTIL_HYDRATED =
  "addEventListener('click', function (event) {" +
  ` if (document.getElementById('root').hasAttribute('${HYDRATED_ATTRIBUTE}')) return;` +
  " if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();" +
  ' }, true);';

/**
 * JSON that is safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), no `>` or `&`, and no
 * U+2028/U+2029 (line terminators to older JavaScript parsers), each written as its \u escape, which
 * JSON.parse reads back as the same character.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * CSS that is safe inside a `<style>` element: `</style` cannot close it. `<\/style` is read by CSS as the
 * same characters (a backslash before `/` escapes it to itself).
 */
export const cssForStyleElement = (css: string): string => css.replace(/<\/(style)/gi, '<\\/$1');
