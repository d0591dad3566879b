import { z } from 'zod';
import { DEFAULT_FASCIA_STORES } from './rules/linkGenerator';
import { serviceUrlProblem } from './rules/urlSafety';

/** The services a team can point the app at (Settings). */
export const SERVICE_NAMES = [
  'content',
  'mesh',
  'facetedSearch',
  'translation',
  'productLookup',
  'imageMetadata',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const SERVICE_LABELS: Readonly<Record<ServiceName, string>> = {
  content: 'Content service',
  mesh: 'Mesh service',
  facetedSearch: 'Faceted search service',
  translation: 'Translation service',
  productLookup: 'Product lookup service',
  imageMetadata: 'Image metadata service',
};

const urlOrNull = z
  .url({ protocol: /^https?$/, error: 'Enter an http or https address' })
  .max(2000)
  .nullable();
const ServiceUrlsSchema = z.object({
  content: urlOrNull,
  mesh: urlOrNull,
  facetedSearch: urlOrNull,
  translation: urlOrNull,
  productLookup: urlOrNull,
  imageMetadata: urlOrNull,
}) satisfies z.ZodType<Record<ServiceName, string | null>>;

/** Per service: whether the user allowed plain http for its address though it is not on this machine. */
const AllowInsecureHttpSchema = z.object({
  content: z.boolean(),
  mesh: z.boolean(),
  facetedSearch: z.boolean(),
  translation: z.boolean(),
  productLookup: z.boolean(),
  imageMetadata: z.boolean(),
}) satisfies z.ZodType<Record<ServiceName, boolean>>;

const ImageQualitySchema = z.object({
  value: z.number().int().min(1).max(100),
  preValue: z.number().int().min(1).max(100),
});

/**
 * Settings as the renderer sees them. The mesh api key never leaves main: only whether one is set and its
 * last four characters.
 */
export const SettingsSchema = z.object({
  /** The signed-in user's address, lowercased; null until the first-run prompt is answered. */
  user: z.string().nullable(),
  /** Whether the preview decodes WebP, detected once (catalogue spec §4); null until detected. */
  webpSupport: z.boolean().nullable(),
  /** On: mesh, faceted search, translation, product lookup and image metadata are the embedded samples. */
  useSampleServices: z.boolean(),
  /** A team's service addresses; a null content service means the embedded one. */
  serviceUrls: ServiceUrlsSchema,
  allowInsecureHttp: AllowInsecureHttpSchema,
  /** persists: whether a key saved now outlives this session (false without the system's secure storage). */
  meshApiKey: z.object({ set: z.boolean(), hint: z.string().nullable(), persists: z.boolean() }),
  /** Fascia code -> store id (editor spec §3, fascia map). */
  fasciaStores: z.record(z.string(), z.string()),
  imageQuality: ImageQualitySchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = z.object({
  webpSupport: z.boolean().optional(),
  useSampleServices: z.boolean().optional(),
  serviceUrls: ServiceUrlsSchema.partial().optional(),
  allowInsecureHttp: AllowInsecureHttpSchema.partial().optional(),
  /** Write-only; null forgets it. */
  meshApiKey: z.string().trim().min(1).max(500).nullable().optional(),
  fasciaStores: z
    .record(z.string().min(1).max(40), z.string().trim().min(1, 'A store id cannot be empty').max(100))
    .optional(),
  imageQuality: ImageQualitySchema.optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const DEFAULT_IMAGE_QUALITY = { value: 80, preValue: 20 } as const;
export { DEFAULT_FASCIA_STORES };

export const NO_INSECURE_HTTP: Readonly<Record<ServiceName, boolean>> = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, false]),
) as Record<ServiceName, boolean>;

/**
 * What the renderer may see of a credential: enough to recognise it, never enough to use it; and whether
 * the store keeps it beyond this session.
 */
export function secretHint(secret: string | null, persists: boolean): Settings['meshApiKey'] {
  if (!secret) return { set: false, hint: null, persists };
  return { set: true, hint: secret.length > 8 ? `…${secret.slice(-4)}` : '…', persists };
}

/**
 * The service addresses that may not be used as they stand (plain http to another machine without the
 * user's consent), keyed as the Settings form and main's messages name them: `serviceUrls.<service>`.
 */
export function serviceUrlProblems(
  serviceUrls: Readonly<Record<ServiceName, string | null>>,
  allowInsecureHttp: Readonly<Record<ServiceName, boolean>>,
): Partial<Record<`serviceUrls.${ServiceName}`, string>> {
  const problems: Partial<Record<`serviceUrls.${ServiceName}`, string>> = {};
  for (const name of SERVICE_NAMES) {
    const url = serviceUrls[name];
    const problem = url === null ? null : serviceUrlProblem(url, allowInsecureHttp[name]);
    if (problem) problems[`serviceUrls.${name}`] = problem;
  }
  return problems;
}
