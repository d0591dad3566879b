import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeyValueStore } from '../../main/services/stores';
import { makeTempDir } from './helpers/pages';

/*
 * A fake safeStorage whose "encryption" is reversible but visibly not the plain text, and a fake
 * electron-store, so the secrets logic runs without Electron.
 */
const fakes = vi.hoisted(() => ({
  encryptionAvailable: true,
  backend: 'gnome_libsecret',
  storeOptions: [] as unknown[],
  userData: '',
}));

vi.mock('electron', () => ({
  app: { getPath: (name: string) => (name === 'userData' ? fakes.userData : `/nowhere/${name}`) },
  safeStorage: {
    isEncryptionAvailable: () => fakes.encryptionAvailable,
    getSelectedStorageBackend: () => fakes.backend,
    encryptString: (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString();
      if (!text.startsWith('sealed:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return [...text.slice('sealed:'.length)].reverse().join('');
    },
  },
}));

// electron-store is conf with Electron's folders and a `name` option; conf itself runs here, on the files.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  return {
    default: class extends Conf {
      constructor(options: { name: string; cwd: string }) {
        fakes.storeOptions.push(options);
        super({ configName: options.name, cwd: options.cwd, projectName: 'storefront-studio' });
      }
    },
  };
});

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
  beforeEach(async () => {
    fakes.storeOptions = [];
    fakes.userData = await makeTempDir();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(fakes.userData, { recursive: true, force: true });
  });

  it('opens electron-store under the name settings in userData, with its backup', () => {
    createElectronStore();
    expect(fakes.storeOptions).toEqual([
      { name: 'settings', cwd: fakes.userData },
      { name: 'settings.backup', cwd: fakes.userData },
    ]);
  });

  it('starts on a truncated settings.json: kept aside, the backup used, and the user told which file', async () => {
    createElectronStore().set('user', 'ann@example.com');
    const settingsPath = join(fakes.userData, 'settings.json');
    await writeFile(settingsPath, '{"user":"ann@ex');

    const store = createElectronStore();

    expect(store.get('user')).toBe('ann@example.com');
    const [damaged] = store.damagedFiles;
    expect(damaged).toEqual(expect.objectContaining({ kind: 'settings', file: settingsPath, usedInstead: 'backup' }));
    expect(damaged!.keptAt).toMatch(/settings\.damaged-[-\dTZ]+\.json$/);
    expect(await readFile(damaged!.keptAt, 'utf8')).toBe('{"user":"ann@ex');
  });

  it('starts with defaults when settings.json is damaged and there is no backup', async () => {
    await writeFile(join(fakes.userData, 'settings.json'), '{"secrets":{"meshApiKey":"c2Vh');
    const store = createElectronStore();
    expect(store.get('secrets.meshApiKey')).toBeUndefined();
    expect(store.damagedFiles).toEqual([expect.objectContaining({ usedInstead: 'defaults' })]);
  });
});

describe('createSafeStorageSecrets', () => {
  it('stores a secret encrypted, base64, under secrets.<name>, and reads it back', () => {
    const store = memoryStore();
    expect(createSafeStorageSecrets(store, vi.fn()).persists()).toBe(true);
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

    expect(secrets.persists()).toBe(false);
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
    const secrets = createSafeStorageSecrets(store, log);
    expect(secrets.persists()).toBe(false);
    secrets.setSecret('token', 'abc');
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
