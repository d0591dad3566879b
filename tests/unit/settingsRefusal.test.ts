// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from './helpers/reactRoot';
import { DEFAULT_FASCIA_STORES, DEFAULT_IMAGE_QUALITY, NO_INSECURE_HTTP, type Settings } from '../../core/settings';
import type { Result } from '../../core/result';
import { SettingsScreen } from '../../renderer/editor/src/app/SettingsScreen';
import { useStudioServices } from './helpers/services';

/** main refuses a settings patch with issue paths in the error's details; the form puts each beside its field. */

const view = reactRootPerTest();

const current: Settings = {
  user: 'ed@example.com',
  webpSupport: null,
  useSampleServices: true,
  serviceUrls: {
    content: null,
    mesh: 'https://mesh.example.com',
    facetedSearch: null,
    translation: null,
    productLookup: null,
    imageMetadata: null,
  },
  allowInsecureHttp: { ...NO_INSECURE_HTTP },
  meshApiKey: { set: false, hint: null, persists: true },
  fasciaStores: { ...DEFAULT_FASCIA_STORES },
  imageQuality: { ...DEFAULT_IMAGE_QUALITY },
};

async function renderWith(studio: {
  getSettings: () => Promise<Result<Settings>>;
  updateSettings: (patch: unknown) => Promise<Result<unknown>>;
}) {
  (window as unknown as { studio: unknown }).studio = studio;
  await act(async () => view.root.render(createElement(SettingsScreen)));
  await act(async () => {});
}

async function save() {
  const button = [...view.host.querySelectorAll('button')].find(
    (candidate) => candidate.textContent === 'Save settings',
  )!;
  await act(async () => button.click());
  await act(async () => {});
}

const inputLabelled = (label: string): HTMLInputElement => {
  const byAria = view.host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (byAria) return byAria;
  const forId = [...view.host.querySelectorAll('label')].find((candidate) => candidate.textContent === label)!.htmlFor;
  return document.getElementById(forId) as HTMLInputElement;
};

/** The message an input points at with aria-describedby, or null when it is not marked invalid. */
function messageBeside(input: HTMLInputElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent ?? null;
}

describe('Settings: a refusal from main', () => {
  it('shows each issue beside the field its path names, the fascia row found by its code', async () => {
    const refusal: Result<never> = {
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'Invalid request for updateSettings: (three issues)',
        details: {
          issues: [
            { path: ['serviceUrls', 'mesh'], message: 'Mesh is refused by main' },
            { path: ['fasciaStores', 'ts'], message: 'Store ts is refused by main' },
            { path: ['imageQuality', 'preValue'], message: 'Preview quality is refused by main' },
          ],
        },
      },
    };
    await renderWith({ getSettings: async () => ({ ok: true, value: current }), updateSettings: async () => refusal });
    await save();

    expect(messageBeside(inputLabelled('Mesh service'))).toBe('Mesh is refused by main');
    expect(messageBeside(inputLabelled('Store for ts'))).toBe('Store ts is refused by main');
    expect(messageBeside(inputLabelled('Preview quality'))).toBe('Preview quality is refused by main');
    for (const untouched of ['Content service', 'Store for jd', 'Store for app_ts', 'Quality'])
      expect(messageBeside(inputLabelled(untouched))).toBeNull();
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(
      'Settings were not saved: Invalid request for updateSettings: (three issues)',
    );
  });

  it("drops a field's message from main once that field is edited", async () => {
    const refusal: Result<never> = {
      ok: false,
      error: {
        code: 'invalid-input',
        message: 'Refused',
        details: { issues: [{ path: ['fasciaStores', 'sc'], message: 'Store sc is refused by main' }] },
      },
    };
    await renderWith({ getSettings: async () => ({ ok: true, value: current }), updateSettings: async () => refusal });
    await save();
    const store = inputLabelled('Store for sc');
    expect(messageBeside(store)).toBe('Store sc is refused by main');

    await act(async () => {
      // Through the prototype's setter, as typing does: React ignores a value assigned on the element itself.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(store, 'scotts-new');
      store.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {});
    expect(messageBeside(store)).toBeNull();
  });

  describe('from the real dispatcher', () => {
    const services = useStudioServices();

    // A hand-edited settings file can hold a fascia code longer than a patch may carry: main refuses it.
    it('puts the contract issue on the row of the fascia code it names', async () => {
      const longCode = `site_${'x'.repeat(40)}`;
      const withLongCode = { ...current, fasciaStores: { jd: 'jdsportsuk', [longCode]: 'somestore' } };
      await renderWith({
        getSettings: async () => ({ ok: true, value: withLongCode }),
        updateSettings: (patch) => services.current.dispatch('updateSettings', patch),
      });
      await save();

      expect(messageBeside(inputLabelled(`Store for ${longCode}`))).toBe('Invalid key in record');
      expect(messageBeside(inputLabelled('Store for jd'))).toBeNull();
    });
  });
});
