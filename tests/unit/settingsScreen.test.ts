// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { DEFAULT_FASCIA_STORES, DEFAULT_IMAGE_QUALITY, NO_INSECURE_HTTP, type Settings } from '../../core/settings';
import { SettingsScreen } from '../../renderer/editor/src/app/SettingsScreen';

const view = reactRootPerTest();

const settings = (overrides: Partial<Settings>): Settings => ({
  user: 'ed@example.com',
  webpSupport: null,
  useSampleServices: true,
  serviceUrls: {
    content: null,
    mesh: null,
    facetedSearch: null,
    translation: null,
    productLookup: null,
    imageMetadata: null,
  },
  allowInsecureHttp: { ...NO_INSECURE_HTTP },
  meshApiKey: { set: false, hint: null, persists: true },
  fasciaStores: { ...DEFAULT_FASCIA_STORES },
  imageQuality: { ...DEFAULT_IMAGE_QUALITY },
  ...overrides,
});

/** window.studio answering getSettings with these settings (the Settings screen reads nothing else to show). */
async function renderWith(current: Settings) {
  (window as unknown as { studio: unknown }).studio = { getSettings: async () => ({ ok: true, value: current }) };
  await act(async () => view.root.render(createElement(SettingsScreen)));
  await act(async () => {});
}

const keySection = () =>
  [...view.host.querySelectorAll('fieldset')].find(
    (set) => set.querySelector('legend')?.textContent === 'Mesh api key',
  )!;

describe('Settings: where the mesh api key is kept', () => {
  it("says the system's secure storage keeps it when the secret store persists", async () => {
    await renderWith(settings({ meshApiKey: { set: true, hint: '…wxyz', persists: true } }));
    expect(keySection().textContent).toContain(
      "The app keeps it in the system's secure storage and never shows it again.",
    );
    expect(keySection().textContent).toContain('Set (…wxyz)');
    expect(keySection().textContent).not.toContain('session');
  });

  it('says it is kept for this session only when the secure storage is unavailable', async () => {
    await renderWith(settings({ meshApiKey: { set: true, hint: '…wxyz', persists: false } }));
    expect(keySection().textContent).toContain(
      "The system's secure storage is unavailable, so the key is kept for this session only: enter it again after restarting the app.",
    );
    expect(keySection().textContent).toContain('Set (…wxyz), for this session only');
    expect(keySection().textContent).not.toContain('keeps it in the system');
  });
});

describe('Settings: plain http addresses', () => {
  it('offers "Allow insecure http for this address" only beside a plain http address of another machine, with its warning when ticked', async () => {
    await renderWith(
      settings({
        serviceUrls: {
          content: 'http://cms.example.com',
          mesh: 'http://127.0.0.1:8080',
          facetedSearch: 'https://fh.example.com',
          translation: null,
          productLookup: null,
          imageMetadata: null,
        },
        allowInsecureHttp: { ...NO_INSECURE_HTTP, content: true },
      }),
    );
    const boxes = [...view.host.querySelectorAll('label')].filter(
      (label) => label.textContent === 'Allow insecure http for this address',
    );
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.querySelector('input')!.checked).toBe(true);
    expect(view.host.textContent).toContain('Insecure: this address is reached over plain http');
  });
});
