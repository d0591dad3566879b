import { z } from 'zod';
import type { FieldPath } from 'react-hook-form';
import {
  SERVICE_NAMES,
  SettingsSchema,
  type ServiceName,
  type Settings,
  type SettingsPatch,
} from '../../../../core/settings';
import { serviceUrlProblem } from '../../../../core/rules/urlSafety';

/**
 * The Settings form's values and the schema that turns them into the updateSettings patch. The field
 * limits are the contract's (core/settings.ts); messages are worded for the form.
 */

export const MAX_FASCIA_CODE = 40;
export const MAX_STORE_ID = 100;
export const MAX_KEY = 500;
export const FASCIA_CODE = /^[a-z0-9_-]+$/;
const QUALITY_MESSAGE = 'Enter a whole number from 1 to 100';

export interface FasciaRow {
  fascia: string;
  store: string;
}

/** What the inputs hold: text as typed, each service's address beside its insecure-http consent. */
export interface SettingsFormValues {
  useSampleServices: boolean;
  services: Record<ServiceName, { url: string; allowInsecureHttp: boolean }>;
  fasciaRows: FasciaRow[];
  quality: string;
  previewQuality: string;
}

export type SettingsField = FieldPath<SettingsFormValues>;

/** An address, empty for none; plain http to another machine only with the consent ticked (the rule main applies). */
function serviceSchema(name: ServiceName) {
  return z
    .object({
      url: z
        .string()
        .trim()
        .transform((text) => (text === '' ? null : text))
        .pipe(SettingsSchema.shape.serviceUrls.shape[name]),
      allowInsecureHttp: z.boolean(),
    })
    .superRefine(({ url, allowInsecureHttp }, context) => {
      const problem = url === null ? null : serviceUrlProblem(url, allowInsecureHttp);
      if (problem) context.addIssue({ code: 'custom', path: ['url'], message: problem });
    });
}

const qualitySchema = z
  .string()
  .trim()
  .regex(/^\d+$/, QUALITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().min(1, QUALITY_MESSAGE).max(100, QUALITY_MESSAGE));

export const SettingsFormSchema = z
  .object({
    useSampleServices: z.boolean(),
    services: z.object({
      content: serviceSchema('content'),
      mesh: serviceSchema('mesh'),
      facetedSearch: serviceSchema('facetedSearch'),
      translation: serviceSchema('translation'),
      productLookup: serviceSchema('productLookup'),
      imageMetadata: serviceSchema('imageMetadata'),
    }),
    fasciaRows: z.array(
      z.object({
        fascia: z.string(),
        store: z
          .string()
          .trim()
          .min(1, 'A store id cannot be empty')
          .max(MAX_STORE_ID, `A store id has at most ${MAX_STORE_ID} characters`),
      }),
    ),
    quality: qualitySchema,
    previewQuality: qualitySchema,
  })
  .transform((form): SettingsPatch => ({
    useSampleServices: form.useSampleServices,
    serviceUrls: perService((name) => form.services[name].url),
    allowInsecureHttp: perService((name) => form.services[name].allowInsecureHttp),
    fasciaStores: Object.fromEntries(form.fasciaRows.map((row) => [row.fascia, row.store])),
    imageQuality: { value: form.quality, preValue: form.previewQuality },
  })) satisfies z.ZodType<SettingsPatch, SettingsFormValues>;

function perService<T>(value: (name: ServiceName) => T): Record<ServiceName, T> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, value(name)])) as Record<ServiceName, T>;
}

export const rowsOf = (stores: Readonly<Record<string, string>>): FasciaRow[] =>
  Object.entries(stores).map(([fascia, store]) => ({ fascia, store }));

export function formFrom(settings: Settings): SettingsFormValues {
  return {
    useSampleServices: settings.useSampleServices,
    services: perService((name) => ({
      url: settings.serviceUrls[name] ?? '',
      allowInsecureHttp: settings.allowInsecureHttp[name],
    })),
    fasciaRows: rowsOf(settings.fasciaStores),
    quality: String(settings.imageQuality.value),
    previewQuality: String(settings.imageQuality.preValue),
  };
}

const isServiceName = (key: unknown): key is ServiceName => SERVICE_NAMES.includes(key as ServiceName);

/**
 * The form field an issue of the updateSettings patch belongs to (["serviceUrls", "mesh"] -> services.mesh.url,
 * ["fasciaStores", "jd"] -> the jd row's store), or null when the form has no field for it.
 */
export function fieldOfPatchPath(path: readonly (string | number)[], rows: readonly FasciaRow[]): SettingsField | null {
  const [section, key] = path;
  if ((section === 'serviceUrls' || section === 'allowInsecureHttp') && isServiceName(key))
    return `services.${key}.url`;
  if (section === 'fasciaStores') {
    const index = rows.findIndex((row) => row.fascia === key);
    return index === -1 ? null : `fasciaRows.${index}.store`;
  }
  if (section === 'imageQuality') return key === 'preValue' ? 'previewQuality' : 'quality';
  return null;
}

/** Order-insensitive for the fascia map, trimmed like the patch: what decides "unsaved changes". */
export function fingerprint(form: SettingsFormValues): string {
  return JSON.stringify([
    form.useSampleServices,
    SERVICE_NAMES.map((name) => [form.services[name].url.trim(), form.services[name].allowInsecureHttp]),
    form.fasciaRows.map((row) => [row.fascia, row.store.trim()]).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
    form.quality.trim(),
    form.previewQuality.trim(),
  ]);
}
