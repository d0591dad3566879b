import { z } from 'zod';
import { ComponentSchema } from './schemas';

/**
 * Messages between the editor and the preview. The editor sends only what changed (one component, the order,
 * a removal), so the cost of a keystroke does not grow with the page.
 */
export const PreviewCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reset'), components: z.array(ComponentSchema) }),
  z.object({ type: z.literal('upsert'), component: ComponentSchema }),
  z.object({ type: z.literal('remove'), id: z.string() }),
  z.object({ type: z.literal('order'), ids: z.array(z.string()) }),
  z.object({ type: z.literal('select'), id: z.string().nullable() }),
  /** The answer to a requestFeed: the feed the block declares (url), its JSON, or why it could not be read. */
  z.object({
    type: z.literal('feed'),
    blockId: z.string(),
    url: z.string(),
    data: z.unknown().optional(),
    error: z.string().optional(),
  }),
  /** A line for the preview's console strip from the shell (messages it dropped, for one). */
  z.object({ type: z.literal('notice'), message: z.string().max(2000) }),
  /** null: not known yet, so the preview detects it once and answers with a webpSupport event. */
  z.object({ type: z.literal('settings'), webpSupported: z.boolean().nullable() }),
  /** The page's external stylesheets and scripts and its custom styles and scripts; they run only here. */
  z.object({
    type: z.literal('pageAssets'),
    stylesheets: z.array(z.string()),
    customStyles: z.string(),
    scripts: z.array(z.string()),
    customScripts: z.string(),
  }),
  /** Links in Preview: Active lets a click follow a link; Inactive (the default) makes it select the block. */
  z.object({
    type: z.literal('links'),
    active: z.boolean(),
    /** The page's UAT desktop address: relative storefront links are followed from there. */
    base: z.string().nullable(),
  }),
]);
export type PreviewCommand = z.infer<typeof PreviewCommandSchema>;

/** Block identifiers are short (core/rules/identifier.ts); a longer one is not a block of this page. */
const BlockIdSchema = z.string().min(1).max(200);

/**
 * What the preview may send, one strict schema per type: the preview runs the pages' own scripts, so every
 * message is parsed (both shells and the editor) and anything else is dropped.
 */
export const PreviewEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('select'), id: BlockIdSchema }),
  /**
   * A block needs the feed it declares (the Blog's apiLink). The preview names the block, never a URL: the
   * editor looks the block up on its page and main reads the feed the block declares.
   */
  z.strictObject({ type: z.literal('requestFeed'), blockId: BlockIdSchema }),
  /** Whether the preview's browser decodes WebP, found once by loading a tiny WebP image. */
  z.strictObject({ type: z.literal('webpSupport'), supported: z.boolean() }),
  /** An error thrown by a custom or external script, shown in the preview's console strip and to the editor. */
  z.strictObject({ type: z.literal('scriptError'), message: z.string().max(2000) }),
]);
export type PreviewEvent = z.infer<typeof PreviewEventSchema>;
export type PreviewEventType = PreviewEvent['type'];

/**
 * What the shell itself tells the editor about the preview, on the same event stream: never accepted from the
 * preview (PreviewEventSchema has no such type).
 */
export const ShellPreviewEventSchema = z.strictObject({
  /** The preview left its page while links were inactive and was put back. */
  type: z.literal('previewReturned'),
});

export const EditorPreviewEventSchema = z.union([PreviewEventSchema, ShellPreviewEventSchema]);
export type EditorPreviewEvent = z.infer<typeof EditorPreviewEventSchema>;

/**
 * The preview document's Content-Security-Policy (both shells; appOrigin is app://studio or the browser
 * host's origin). The page's declared stylesheets and scripts must be https; its custom styles and scripts are
 * inline. Images from https and the shipped samples. No connection at all: the preview has no network of its
 * own (feeds come through main), so neither the app's own origin and API nor anything else; no file: or app:
 * beyond the preview's own files and the sample images.
 */
export function previewContentSecurityPolicy(appOrigin: string, previewBridge: string | null = null): string {
  // The preview page and the bundle's shared chunks (electron-vite puts them in /assets/).
  const own = `${appOrigin}/preview/ ${appOrigin}/assets/`;
  const samples = `${appOrigin}/sample/`;
  return [
    "default-src 'none'",
    `script-src ${own}${previewBridge ? ` ${appOrigin}${previewBridge}` : ''} https: 'unsafe-inline'`,
    `style-src ${own} https: 'unsafe-inline'`,
    `img-src ${samples} https: data: blob:`,
    `font-src ${own} https: data:`,
    `media-src ${samples} https:`,
    'frame-src https:',
    "connect-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
