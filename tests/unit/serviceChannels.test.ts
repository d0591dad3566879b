import { describe, expect, it } from 'vitest';
import { useStudioServices } from './helpers/services';

describe('service channels through the handler table, on the embedded sample services', () => {
  const services = useStudioServices();
  const call = async (channel: string, payload: unknown) => services.current.dispatch(channel, payload);

  it('starts on the sample services with the default fascia map and image quality', async () => {
    expect(await call('getSettings', {})).toMatchObject({
      ok: true,
      value: {
        useSampleServices: true,
        serviceUrls: { content: null, mesh: null },
        meshApiKey: { set: false, hint: null },
        fasciaStores: { jd: 'jdsportsuk', app_sc: 'scottsuk', ts: 'tessuti' },
      },
    });
  });

  it('browses the mesh for a fascia through its store', async () => {
    const tree = await call('meshCategories', { fascia: 'site_jd' });
    expect(tree).toMatchObject({
      ok: true,
      value: { categories: expect.arrayContaining([expect.objectContaining({ name: 'Men' })]) },
    });
    const products = await call('meshCategoryProducts', {
      fascia: 'app_jd',
      path: 'men/footwear/trainers',
      isNew: false,
      isOnSale: true,
    });
    expect(products).toMatchObject({ ok: true, value: { path: 'men/footwear/trainers', count: expect.any(Number) } });
    const pages = await call('meshLandingPages', { fascia: 'site_jd' });
    expect(pages).toMatchObject({
      ok: true,
      value: { pages: expect.arrayContaining([expect.objectContaining({ ID: expect.any(String) })]) },
    });
    expect(await call('meshCategories', { fascia: 'site_fp' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: 'No store is set for site_fp in Settings.' },
    });
  });

  it('runs the query builder search, translation and image metadata', async () => {
    const search = await call('fhSearch', { location: '//jdsportsuk/en_GB/categories<{men%2Ffootwear}/isonsale=1' });
    expect(search).toMatchObject({ ok: true, value: { totalItems: expect.any(Number), facets: expect.any(Array) } });
    expect(await call('translate', { language: 'de', text: 'Shop Now' })).toMatchObject({
      ok: true,
      value: { text: expect.not.stringMatching(/^Shop Now$/) },
    });
    expect(await call('translate', { language: 'gb', text: 'Shop Now' })).toEqual({
      ok: true,
      value: { text: 'Shop Now' },
    });
    expect(await call('imageMetadata', { url: '/sample/images/athlete-okafor.svg' })).toMatchObject({
      ok: true,
      value: { width: 600, height: 800, pointOfInterest: { x: expect.any(Number) } },
    });
  });

  it('with sample services off, asks for the addresses and the key instead of guessing', async () => {
    await call('updateSettings', { useSampleServices: false });
    expect(await call('meshCategories', { fascia: 'site_jd' })).toMatchObject({
      ok: false,
      error: {
        code: 'unavailable',
        message: 'Set the Mesh service address in Settings, or turn on Use sample services.',
      },
    });
    await call('updateSettings', { serviceUrls: { mesh: 'http://127.0.0.1:9/' } });
    expect(await call('meshCategories', { fascia: 'site_jd' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    const saved = await call('updateSettings', { meshApiKey: 'team-secret-key-1234' });
    // The key itself never comes back; only that one is set and its last four characters.
    expect(saved).toMatchObject({ ok: true, value: { meshApiKey: { set: true, hint: '…1234' } } });
    expect(JSON.stringify(saved)).not.toContain('team-secret');
    expect(await call('meshCategories', { fascia: 'site_jd' })).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringContaining('127.0.0.1:9') },
    });
  });

  it('refuses invalid settings and store ids', async () => {
    expect(await call('updateSettings', { serviceUrls: { mesh: 'ftp://example.com' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await call('updateSettings', { fasciaStores: { jd: ' ' } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await call('updateSettings', { imageQuality: { value: 0, preValue: 10 } })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
  });
});
