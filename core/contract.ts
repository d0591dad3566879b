import { z } from 'zod';
import type { Channel } from './channels';
import type { Result } from './result';
import { PreviewCommandSchema } from './preview';
import {
  DraftSchema,
  EmailSchema,
  PageKeySchema,
  PageMetaSchema,
  PageSummarySchema,
  ComponentListSchema,
  VersionSummarySchema,
} from './schemas';

export const SettingsSchema = z.object({
  /** The signed-in user's address, lowercased; null until the first-run prompt is answered. */
  user: z.string().nullable(),
  /** A team's content service; null means the embedded one that main starts. */
  contentServiceUrl: z.url().nullable(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DraftSummarySchema = z.object({
  bookmark: z.string(),
  key: PageKeySchema,
  category: z.string(),
  updatedAt: z.string(),
  dirty: z.boolean(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

const empty = z.object({});

/**
 * Every channel between the renderer and main, each once, with its request and response schema.
 * Main parses every request with `input`; the renderer's API types come from here.
 */
export const contract = {
  getSession: { input: empty, output: z.object({ user: z.string().nullable() }) },
  signIn: { input: z.object({ email: EmailSchema }), output: z.object({ user: z.string() }) },
  getSettings: { input: empty, output: SettingsSchema },
  updateSettings: {
    input: z.object({ contentServiceUrl: z.url().nullable().optional() }),
    output: SettingsSchema,
  },
  listPages: {
    input: empty,
    // pagesError: the content service could not be reached; drafts are still listed so work goes on offline.
    output: z.object({
      pages: z.array(PageSummarySchema),
      drafts: z.array(DraftSummarySchema),
      pagesError: z.string().nullable(),
    }),
  },
  openPage: {
    input: z.object({ key: PageKeySchema, category: z.string().optional() }),
    output: z.object({ draft: DraftSchema, origin: z.enum(['draft', 'saved', 'new']) }),
  },
  getDraft: { input: z.object({ bookmark: z.string().min(1) }), output: z.object({ draft: DraftSchema.nullable() }) },
  saveDraft: { input: z.object({ draft: DraftSchema }), output: z.object({ updatedAt: z.string() }) },
  discardDraft: { input: z.object({ bookmark: z.string().min(1) }), output: empty },
  saveContent: {
    input: z.object({
      key: PageKeySchema,
      meta: PageMetaSchema,
      components: ComponentListSchema,
      baseHash: z.string().nullable(),
      commitMessage: z.string(),
    }),
    output: z.object({ version: VersionSummarySchema }),
  },
  setPreviewBounds: {
    input: z.object({
      x: z.number().int().min(0),
      y: z.number().int().min(0),
      width: z.number().int().min(0),
      height: z.number().int().min(0),
      visible: z.boolean(),
    }),
    output: empty,
  },
  postToPreview: { input: PreviewCommandSchema, output: empty },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type Input<C extends Channel> = z.input<Contract[C]['input']>;
export type Output<C extends Channel> = z.output<Contract[C]['output']>;

/**
 * window.studio as the preload (or the browser host's shim) exposes it: one method per channel answering a
 * Result, since an Error crossing contextBridge keeps only its message. The renderer unwraps it.
 */
export type StudioBridge = { [C in Channel]: (input: Input<C>) => Promise<Result<Output<C>>> } & {
  /** Events from the preview, untrusted until the renderer parses them with PreviewEventSchema. */
  onPreviewEvent(listener: (event: unknown) => void): () => void;
};

/** Formats zod issues as "path: message" lines, for messages a person can act on. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
