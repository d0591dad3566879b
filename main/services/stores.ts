import Conf from 'conf';

/**
 * The key-value store settings and favourites live in: electron-store in Electron, conf under plain Node.
 * Both already have this shape, so neither needs an adapter.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Credentials: encrypted with Electron safeStorage in the app, never written to plain JSON. */
export interface SecretStore {
  getSecret(name: string): string | null;
  setSecret(name: string, value: string | null): void;
}

/** The plain-Node store used by the browser host and tests: a settings.json under the data folder. */
export function createNodeStore(dataDir: string): KeyValueStore {
  return new Conf({ cwd: dataDir, configName: 'settings', projectName: 'storefront-studio' });
}

/**
 * The browser host has no safeStorage, so it keeps credentials in memory only: they are never written to
 * disk unencrypted, and are asked for again after a restart of the host.
 */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    getSecret: (name) => secrets.get(name) ?? null,
    setSecret: (name, value) => {
      if (value === null) secrets.delete(name);
      else secrets.set(name, value);
    },
  };
}
