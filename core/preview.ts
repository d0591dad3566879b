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
  /** The answer to a requestFeed: the feed's JSON, or why it could not be read. */
  z.object({ type: z.literal('feed'), url: z.string(), data: z.unknown().optional(), error: z.string().optional() }),
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

export const PreviewEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('select'), id: z.string() }),
  /** A block needs a feed (the Blog's posts); the preview has no network of its own, main fetches it. */
  z.object({ type: z.literal('requestFeed'), url: z.string().max(2000) }),
  /** Whether the preview's browser decodes WebP, found once by loading a tiny WebP image. */
  z.object({ type: z.literal('webpSupport'), supported: z.boolean() }),
  /** An error thrown by a custom or external script, shown in the preview's console strip and to the editor. */
  z.object({ type: z.literal('scriptError'), message: z.string().max(2000) }),
]);
export type PreviewEvent = z.infer<typeof PreviewEventSchema>;
