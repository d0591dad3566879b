import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftStore } from '../../main/services/drafts';
import { createOutbox } from '../../main/services/outbox';
import { createPageCache } from '../../main/services/pageCache';
import type { KeyValueStore } from '../../main/services/stores';
import { createTeamService, type TeamService } from '../../main/services/team';
import { makeTempDir } from './helpers/pages';

/** The team server's token in Electron: sealed with safeStorage in settings, never in plain text. */

vi.mock('electron', () => ({
  app: { getPath: () => '/nowhere' },
  safeStorage: {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`),
    decryptString: (sealed: Buffer) => [...sealed.toString().slice('sealed:'.length)].reverse().join(''),
  },
}));

// stores.ts imports electron-store, which would load the real electron package (not installed here); unused here.
vi.mock('electron-store', () => ({ default: class {} }));

import { createSafeStorageSecrets } from '../../main/electron/stores';
import { adminMeJson } from '../helpers/meAnswer';

const TOKEN = 'sst_0123456789abcdef';
let dataDir: string;
let meServer: Server;
let url: string;
const services: TeamService[] = [];

beforeEach(async () => {
  dataDir = await makeTempDir();
  // A team server as far as sign-in needs one: /me for the token, an event stream that stays open.
  meServer = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return void response.writeHead(401).end('{}');
    if (request.url === '/me')
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(adminMeJson('ed@example.com'));
    response.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
  });
  await new Promise<void>((resolve) => meServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(meServer.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  meServer.closeAllConnections();
  await new Promise((resolve) => meServer.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function memoryStore(): KeyValueStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: (key) => entries.get(key),
    set: (key, value) => void entries.set(key, value),
    delete: (key) => void entries.delete(key),
  };
}

function teamService(store: KeyValueStore): TeamService {
  const service = createTeamService({
    store,
    secrets: createSafeStorageSecrets(store, () => undefined),
    drafts: createDraftStore(join(dataDir, 'drafts')),
    outbox: createOutbox(join(dataDir, 'outbox')),
    pageCache: createPageCache(join(dataDir, 'page-cache')),
  });
  services.push(service);
  return service;
}

describe('the team token in Electron', () => {
  it('is kept sealed by safeStorage, signs in again after a restart, and is forgotten on sign-out', async () => {
    const store = memoryStore();
    const status = await teamService(store).signIn({ url, token: TOKEN, allowInsecureHttp: false });
    expect(status).toMatchObject({ mode: 'team', user: 'ed@example.com', tokenPersists: true });
    const everything = JSON.stringify([...store.entries]);
    expect(everything).not.toContain(TOKEN);
    expect(everything).toContain(url);

    // The app restarts: the sign-in is read back, token included.
    const restarted = teamService(store);
    expect(restarted.status()).toMatchObject({ mode: 'team', serverUrl: url, user: 'ed@example.com' });
    await expect(restarted.confirmUser()).resolves.toBeNull();

    await restarted.signOut();
    expect([...store.entries.keys()].filter((key) => key.startsWith('secrets.'))).toEqual([]);
    expect(teamService(store).status()).toMatchObject({ mode: 'local', user: null });
  });
});
