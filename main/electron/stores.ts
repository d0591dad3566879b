import { app, safeStorage } from 'electron';
import Store from 'electron-store';
import { openSettingsStore, type KeyValueStore, type SecretStore, type SettingsStore } from '../services/stores';
import { errorMessage } from '../../core/rules/errorMessage';

/**
 * Settings and favourites: userData/settings.json, written atomically by electron-store, with a backup; a
 * damaged file is moved aside and reported (openSettingsStore).
 */
export function createElectronStore(): SettingsStore {
  const folder = app.getPath('userData');
  return openSettingsStore(folder, (name) => new Store({ name, cwd: folder }));
}

const secretKey = (name: string): string => `secrets.${name}`;

/**
 * Why encryption cannot be trusted right now, or null when it can. On Linux without a keyring Chromium
 * falls back to "basic_text", a hard-coded key: that is obfuscation, not encryption, so it is refused too.
 */
function encryptionUnavailableReason(): string | null {
  if (!safeStorage.isEncryptionAvailable()) return 'the operating system offers no encryption to this app';
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
    return 'no keyring was found (Chromium would use its built-in key)';
  }
  return null;
}

/**
 * Credentials encrypted with the OS keychain through safeStorage and kept base64 under "secrets.<name>".
 * Without usable encryption a secret is kept in memory only for this run (asked for again next time),
 * because writing it anywhere readable is worse than asking twice.
 */
export function createSafeStorageSecrets(
  store: KeyValueStore,
  log: (message: string) => void = (message) => console.warn(message),
): SecretStore {
  const unpersisted = new Map<string, string>();
  return {
    getSecret(name) {
      const inMemory = unpersisted.get(name);
      if (inMemory !== undefined) return inMemory;
      const stored = store.get(secretKey(name));
      if (typeof stored !== 'string') return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch (error) {
        // E.g. the keychain entry was reset: the secret is lost and will be asked for again.
        log(`Could not decrypt the stored secret "${name}": ${errorMessage(error)}`);
        return null;
      }
    },
    persists: () => encryptionUnavailableReason() === null,
    setSecret(name, value) {
      unpersisted.delete(name);
      if (value === null) {
        store.delete(secretKey(name));
        return;
      }
      const reason = encryptionUnavailableReason();
      if (reason !== null) {
        log(`The secret "${name}" is kept in memory only and not saved, because ${reason}.`);
        unpersisted.set(name, value);
        // An older encrypted value must not come back after a restart in place of the newer one.
        store.delete(secretKey(name));
        return;
      }
      store.set(secretKey(name), safeStorage.encryptString(value).toString('base64'));
    },
  };
}
