import { describe, expect, it } from 'vitest';
import { NO_INSECURE_HTTP, serviceUrlProblems } from '../../core/settings';
import { INSECURE_HTTP_REFUSED } from '../../core/rules/urlSafety';
import { readSettings, resolveService } from '../../main/services/settings';
import { createMemorySecretStore, type KeyValueStore } from '../../main/services/stores';
import { useStudioServices } from './helpers/services';

function memoryStore(entries: Record<string, unknown> = {}): KeyValueStore {
  const map = new Map(Object.entries(entries));
  return {
    get: (key) => map.get(key),
    set: (key, value) => void map.set(key, value),
    delete: (key) => void map.delete(key),
  };
}

const EMBEDDED = { url: 'http://127.0.0.1:4000', apiKey: 'sample' };

describe('serviceUrlProblems', () => {
  it('names each address that is plain http to another machine without consent', () => {
    const urls = {
      content: 'http://cms.example.com',
      mesh: 'https://mesh.example.com',
      facetedSearch: 'http://127.0.0.1:9',
      translation: 'http://10.0.0.5',
      productLookup: null,
      imageMetadata: null,
    };
    expect(serviceUrlProblems(urls, NO_INSECURE_HTTP)).toEqual({
      'serviceUrls.content': INSECURE_HTTP_REFUSED,
      'serviceUrls.translation': INSECURE_HTTP_REFUSED,
    });
    expect(serviceUrlProblems(urls, { ...NO_INSECURE_HTTP, content: true, translation: true })).toEqual({});
  });
});

describe('Settings in main: plain http and the secure storage', () => {
  const services = useStudioServices();
  const call = (channel: string, payload: unknown) => services.current.dispatch(channel, payload);

  it('refuses a plain http address of another machine, naming the field, and saves nothing of the patch', async () => {
    const refused = await call('updateSettings', {
      useSampleServices: false,
      serviceUrls: { mesh: 'http://mesh.example.com/' },
    });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: `Invalid request for updateSettings: serviceUrls.mesh: ${INSECURE_HTTP_REFUSED}`,
        details: { issues: [{ path: ['serviceUrls', 'mesh'], message: INSECURE_HTTP_REFUSED }] },
      },
    });
    expect(await call('getSettings', {})).toMatchObject({
      ok: true,
      value: { useSampleServices: true, serviceUrls: { mesh: null } },
    });
  });

  it('accepts it once insecure http is allowed for that address, and keeps the consent', async () => {
    const saved = await call('updateSettings', {
      serviceUrls: { mesh: 'http://mesh.example.com/' },
      allowInsecureHttp: { mesh: true },
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { serviceUrls: { mesh: 'http://mesh.example.com/' }, allowInsecureHttp: { mesh: true, content: false } },
    });
    // Withdrawing the consent while the address is still plain http is refused as well.
    expect(await call('updateSettings', { allowInsecureHttp: { mesh: false } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });

  it('accepts https and loopback http without asking', async () => {
    const saved = await call('updateSettings', {
      serviceUrls: { mesh: 'https://mesh.example.com', translation: 'http://localhost:8080' },
    });
    expect(saved).toMatchObject({ ok: true });
  });

  it('says the key is kept for this session only when the secret store cannot persist (the browser host)', async () => {
    expect(await call('updateSettings', { meshApiKey: 'team-secret-key-1234' })).toMatchObject({
      ok: true,
      value: { meshApiKey: { set: true, hint: '…1234', persists: false } },
    });
  });

  it('never uses a stored plain http address without consent, whatever wrote it', () => {
    const store = memoryStore({
      useSampleServices: false,
      serviceUrls: { content: 'http://cms.example.com', mesh: 'http://mesh.example.com' },
    });
    const secrets = createMemorySecretStore();
    secrets.setSecret('meshApiKey', 'key');
    const settings = readSettings(store, secrets);
    expect(() => resolveService('content', settings, secrets, EMBEDDED)).toThrow(
      /Content service address is plain http to another machine/,
    );
    expect(() => resolveService('mesh', settings, secrets, EMBEDDED)).toThrow(/Allow insecure http for this address/);
    store.set('allowInsecureHttp', { mesh: true });
    expect(resolveService('mesh', readSettings(store, secrets), secrets, EMBEDDED)).toEqual({
      baseUrl: 'http://mesh.example.com',
      apiKey: 'key',
    });
  });
});
