import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from '../../main/services/stores';

/*
 * A fake safeStorage whose "encryption" is reversible but visibly not the plain text, and a fake
 * electron-store, so the secrets logic runs without Electron.
 */
const fakes = vi.hoisted(() => ({
  encryptionAvailable: true,
  backend: 'gnome_libsecret',
  storeOptions: [] as unknown[],
}));

vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => fakes.encryptionAvailable,
    getSelectedStorageBackend: () => fakes.backend,
    encryptString: (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString();
      if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return [...text.slice('sealed:'.length)].reverse().join('');
    },
  },
}));

vi.mock('electron-store', () => ({
  default: class {
    constructor(options: unknown) {
      fakes.storeOptions.push(options);
    }
  },
}));

import { createElectronStore, createSafeStorageSecrets } from '../../main/electron/stores';

function memoryStore(): KeyValueStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: (key) => entries.get(key),
    set: (key, value) => void entries.set(key, value),
    delete: (key) => void entries.delete(key),
  };
}

const platform = process.platform;
beforeEach(() => {
  fakes.encryptionAvailable = true;
  fakes.backend = 'gnome_libsecret';
});
afterEach(() => {
  Object.defineProperty(process, 'platform', { value: platform });
});

describe('createElectronStore', () => {
  it('opens electron-store under the name settings', () => {
    createElectronStore();
    expect(fakes.storeOptions).toEqual([{ name: 'settings' }]);
  });
});

describe('createSafeStorageSecrets', () => {
  it('stores a secret encrypted, base64, under secrets.<name>, and reads it back', () => {
    const store = memoryStore();
    createSafeStorageSecrets(store, vi.fn()).setSecret('meshApiKey', 'k3y-value');

    const stored = store.entries.get('secrets.meshApiKey');
    expect(typeof stored).toBe('string');
    expect(stored).not.toContain('k3y-value');
    expect(Buffer.from(stored as string, 'base64').toString()).toBe('sealed:eulav-y3k');

    // A new instance (a restart) decrypts what the first one wrote.
    expect(createSafeStorageSecrets(store, vi.fn()).getSecret('meshApiKey')).toBe('k3y-value');
  });

  it('answers null for an unknown secret and forgets a secret set to null', () => {
    const store = memoryStore();
    const secrets = createSafeStorageSecrets(store, vi.fn());
    expect(secrets.getSecret('token')).toBeNull();
    secrets.setSecret('token', 'abc');
    secrets.setSecret('token', null);
    expect(secrets.getSecret('token')).toBeNull();
    expect(store.entries.has('secrets.token')).toBe(false);
  });

  it('keeps a secret in memory only, and says why, when encryption is unavailable', () => {
    fakes.encryptionAvailable = false;
    const store = memoryStore();
    store.set('secrets.token', Buffer.from('sealed:dlo').toString('base64'));
    const log = vi.fn();
    const secrets = createSafeStorageSecrets(store, log);

    secrets.setSecret('token', 'new');
    expect(secrets.getSecret('token')).toBe('new');
    expect(store.entries.size).toBe(0);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/"token" is kept in memory only.*no encryption/));
    // After a restart it is gone, rather than written unencrypted or replaced by the older value.
    expect(createSafeStorageSecrets(store, vi.fn()).getSecret('token')).toBeNull();
  });

  it("refuses Linux's basic_text backend, whose key is built in", () => {
    Object.defineProperty(process, 'platform', { value: 'linux' });
    fakes.backend = 'basic_text';
    const store = memoryStore();
    const log = vi.fn();
    createSafeStorageSecrets(store, log).setSecret('token', 'abc');
    expect(store.entries.size).toBe(0);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no keyring'));
  });

  it('answers null and logs when a stored secret can no longer be decrypted', () => {
    const store = memoryStore();
    store.set('secrets.token', Buffer.from('garbage').toString('base64'));
    const log = vi.fn();
    expect(createSafeStorageSecrets(store, log).getSecret('token')).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Could not decrypt the stored secret "token"'));
  });
});
