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
]);
export type PreviewCommand = z.infer<typeof PreviewCommandSchema>;

export const PreviewEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('select'), id: z.string() }),
]);
export type PreviewEvent = z.infer<typeof PreviewEventSchema>;
