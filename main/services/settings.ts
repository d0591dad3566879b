import {
  DEFAULT_FASCIA_STORES,
  DEFAULT_IMAGE_QUALITY,
  SERVICE_LABELS,
  SERVICE_NAMES,
  SettingsSchema,
  secretHint,
  type ServiceName,
  type Settings,
  type SettingsPatch,
} from '../../core/settings';
import { StudioError } from '../../core/result';
import type { KeyValueStore, SecretStore } from './stores';

const MESH_API_KEY = 'meshApiKey';

/** Settings read from the store, every missing or damaged value replaced by its default. */
export function readSettings(store: KeyValueStore, secrets: SecretStore): Settings {
  const stored = (key: string) => store.get(key);
  const urls = (stored('serviceUrls') ?? {}) as Record<string, unknown>;
  const candidate = {
    user: stored('user') ?? null,
    webpSupport: stored('webpSupport') ?? null,
    useSampleServices: stored('useSampleServices') ?? true,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, urls[name] ?? null])),
    meshApiKey: secretHint(secrets.getSecret(MESH_API_KEY)),
    fasciaStores: stored('fasciaStores') ?? DEFAULT_FASCIA_STORES,
    imageQuality: stored('imageQuality') ?? DEFAULT_IMAGE_QUALITY,
  };
  const parsed = SettingsSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  // A hand-edited or older settings file: keep what is valid, default the rest.
  const defaults: Settings = {
    user: null,
    webpSupport: null,
    useSampleServices: true,
    serviceUrls: Object.fromEntries(SERVICE_NAMES.map((name) => [name, null])) as Settings['serviceUrls'],
    meshApiKey: candidate.meshApiKey,
    fasciaStores: { ...DEFAULT_FASCIA_STORES },
    imageQuality: { ...DEFAULT_IMAGE_QUALITY },
  };
  const fields = Object.keys(defaults) as (keyof Settings)[];
  return Object.fromEntries(
    fields.map((field) => {
      const one = SettingsSchema.shape[field].safeParse(candidate[field]);
      return [field, one.success ? one.data : defaults[field]];
    }),
  ) as Settings;
}

export function updateSettings(store: KeyValueStore, secrets: SecretStore, patch: SettingsPatch): Settings {
  if (patch.webpSupport !== undefined) store.set('webpSupport', patch.webpSupport);
  if (patch.useSampleServices !== undefined) store.set('useSampleServices', patch.useSampleServices);
  if (patch.serviceUrls) store.set('serviceUrls', { ...readSettings(store, secrets).serviceUrls, ...patch.serviceUrls });
  if (patch.meshApiKey !== undefined) secrets.setSecret(MESH_API_KEY, patch.meshApiKey);
  if (patch.fasciaStores) store.set('fasciaStores', patch.fasciaStores);
  if (patch.imageQuality) store.set('imageQuality', patch.imageQuality);
  return readSettings(store, secrets);
}

export interface ServiceEndpoint {
  baseUrl: string;
  apiKey: string;
}

/**
 * Where a service is reached: the content service at the team's address or the embedded one; every other
 * service at the embedded samples while "Use sample services" is on, else at the team's address.
 */
export function resolveService(
  name: ServiceName,
  settings: Settings,
  secrets: SecretStore,
  embedded: { url: string; apiKey: string },
): ServiceEndpoint {
  if (name === 'content') return { baseUrl: settings.serviceUrls.content ?? embedded.url, apiKey: '' };
  if (settings.useSampleServices) return { baseUrl: embedded.url, apiKey: embedded.apiKey };
  const baseUrl = settings.serviceUrls[name];
  if (!baseUrl) {
    throw new StudioError('unavailable', `Set the ${SERVICE_LABELS[name]} address in Settings, or turn on Use sample services.`);
  }
  const apiKey = secrets.getSecret(MESH_API_KEY) ?? '';
  if ((name === 'mesh' || name === 'facetedSearch') && !apiKey) {
    throw new StudioError('forbidden', 'Enter the mesh api key in Settings, or turn on Use sample services.');
  }
  return { baseUrl, apiKey };
}
