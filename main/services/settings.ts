import {
  DEFAULT_FASCIA_STORES,
  DEFAULT_IMAGE_QUALITY,
  NO_INSECURE_HTTP,
  SERVICE_LABELS,
  SERVICE_NAMES,
  SettingsSchema,
  secretHint,
  serviceUrlProblems,
  type ServiceName,
  type Settings,
  type SettingsPatch,
} from '../../core/settings';
import { StudioError, type InputIssueDetails } from '../../core/result';
import { serviceUrlProblem } from '../../core/rules/urlSafety';
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
    allowInsecureHttp: { ...NO_INSECURE_HTTP, ...(stored('allowInsecureHttp') ?? {}) },
    meshApiKey: secretHint(secrets.getSecret(MESH_API_KEY), secrets.persists()),
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
    allowInsecureHttp: { ...NO_INSECURE_HTTP },
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

/**
 * Applies a patch, or changes nothing: a service address the patch sets (or whose insecure-http consent it
 * changes) must be https, on this machine, or allowed plain http (core/rules/urlSafety.ts). The error's details
 * carry each problem's path (["serviceUrls", "mesh"]), as the dispatcher's do, so the form shows it beside the field.
 */
export function updateSettings(store: KeyValueStore, secrets: SecretStore, patch: SettingsPatch): Settings {
  const current = readSettings(store, secrets);
  const serviceUrls = { ...current.serviceUrls, ...patch.serviceUrls };
  const allowInsecureHttp = { ...current.allowInsecureHttp, ...patch.allowInsecureHttp };
  const touched = (name: ServiceName) =>
    patch.serviceUrls?.[name] !== undefined || patch.allowInsecureHttp?.[name] !== undefined;
  const problems = Object.entries(serviceUrlProblems(serviceUrls, allowInsecureHttp)).filter(([path]) =>
    touched(path.split('.')[1] as ServiceName),
  );
  if (problems.length > 0) {
    const issues = problems.map(([path, message]) => ({ path: path.split('.'), message }));
    throw new StudioError(
      'invalid-input',
      `Invalid request for updateSettings: ${problems.map(([path, message]) => `${path}: ${message}`).join('; ')}`,
      { issues } satisfies InputIssueDetails,
    );
  }
  if (patch.webpSupport !== undefined) store.set('webpSupport', patch.webpSupport);
  if (patch.useSampleServices !== undefined) store.set('useSampleServices', patch.useSampleServices);
  if (patch.serviceUrls) store.set('serviceUrls', serviceUrls);
  if (patch.allowInsecureHttp) store.set('allowInsecureHttp', allowInsecureHttp);
  if (patch.meshApiKey !== undefined) secrets.setSecret(MESH_API_KEY, patch.meshApiKey);
  if (patch.fasciaStores) store.set('fasciaStores', patch.fasciaStores);
  if (patch.imageQuality) store.set('imageQuality', patch.imageQuality);
  return readSettings(store, secrets);
}

/**
 * A service's address from Settings, refused when it is plain http to another machine without the user's
 * consent: a settings file written before the rule, or by hand, must not send content and keys in clear.
 */
function secureServiceUrl(name: ServiceName, settings: Settings): string | null {
  const url = settings.serviceUrls[name];
  if (url !== null && serviceUrlProblem(url, settings.allowInsecureHttp[name])) {
    throw new StudioError(
      'forbidden',
      `The ${SERVICE_LABELS[name]} address is plain http to another machine: use https, or tick "Allow insecure http for this address" in Settings.`,
    );
  }
  return url;
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
  if (name === 'content') return { baseUrl: secureServiceUrl(name, settings) ?? embedded.url, apiKey: '' };
  if (settings.useSampleServices) return { baseUrl: embedded.url, apiKey: embedded.apiKey };
  const baseUrl = secureServiceUrl(name, settings);
  if (!baseUrl) {
    throw new StudioError(
      'unavailable',
      `Set the ${SERVICE_LABELS[name]} address in Settings, or turn on Use sample services.`,
    );
  }
  const apiKey = secrets.getSecret(MESH_API_KEY) ?? '';
  if ((name === 'mesh' || name === 'facetedSearch') && !apiKey) {
    throw new StudioError('forbidden', 'Enter the mesh api key in Settings, or turn on Use sample services.');
  }
  return { baseUrl, apiKey };
}
