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
]);
export type PreviewCommand = z.infer<typeof PreviewCommandSchema>;

export const PreviewEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('select'), id: z.string() }),
  /** A block needs a feed (the Blog's posts); the preview has no network of its own, main fetches it. */
  z.object({ type: z.literal('requestFeed'), url: z.string().max(2000) }),
  /** Whether the preview's browser decodes WebP, found once by loading a tiny WebP image. */
  z.object({ type: z.literal('webpSupport'), supported: z.boolean() }),
]);
export type PreviewEvent = z.infer<typeof PreviewEventSchema>;
