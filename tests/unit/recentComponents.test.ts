import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { RECENT_COMPONENTS_LIMIT, noteRecent, recentFirst } from '../../core/rules/recentComponents';
import { makeTempDir } from './helpers/pages';

describe('noteRecent', () => {
  it('puts the type first, once, and keeps at most the limit', () => {
    expect(noteRecent([], 'Blog')).toEqual(['Blog']);
    expect(noteRecent(['Blog', 'Form'], 'Form')).toEqual(['Form', 'Blog']);
    const many = Array.from({ length: RECENT_COMPONENTS_LIMIT }, (_, index) => `Type${index}`);
    const next = noteRecent(many, 'Blog');
    expect(next).toHaveLength(RECENT_COMPONENTS_LIMIT);
    expect(next[0]).toBe('Blog');
    expect(next).not.toContain(`Type${RECENT_COMPONENTS_LIMIT - 1}`);
  });
});

describe('recentFirst', () => {
  it('lists the recently used first, most recent first, then the rest in their order', () => {
    const entries = ['A', 'B', 'C', 'D', 'E'];
    expect(recentFirst(entries, ['D', 'B'], (entry) => entry)).toEqual(['D', 'B', 'A', 'C', 'E']);
    expect(recentFirst(entries, [], (entry) => entry)).toEqual(entries);
    expect(recentFirst(entries, ['Gone'], (entry) => entry)).toEqual(entries);
  });
});

describe('recently used components, kept like favourites', () => {
  let dataDir: string;
  let services: StudioServices;

  beforeEach(async () => {
    dataDir = await makeTempDir();
    services = await createStudioServices({
      dataDir: join(dataDir, 'data'),
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(join(dataDir, 'data')),
      secrets: createMemorySecretStore(),
    });
  });
  afterEach(async () => {
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('belong to the signed-in user and survive a restart of the services', async () => {
    expect(await services.dispatch('listRecentComponents', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    await services.dispatch('signIn', { email: 'a@example.com' });
    await services.dispatch('noteComponentUsed', { componentType: 'Blog' });
    expect(await services.dispatch('noteComponentUsed', { componentType: 'TableView' })).toEqual({
      ok: true,
      value: { recent: ['TableView', 'Blog'] },
    });
    await services.dispatch('signIn', { email: 'b@example.com' });
    expect(await services.dispatch('listRecentComponents', {})).toEqual({ ok: true, value: { recent: [] } });

    await services.close();
    services = await createStudioServices({
      dataDir: join(dataDir, 'data'),
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store: createNodeStore(join(dataDir, 'data')),
      secrets: createMemorySecretStore(),
    });
    await services.dispatch('signIn', { email: 'a@example.com' });
    expect(await services.dispatch('listRecentComponents', {})).toEqual({
      ok: true,
      value: { recent: ['TableView', 'Blog'] },
    });
  });

  it('refuses a type that is empty or too long, and keeps the list as it was', async () => {
    await services.dispatch('signIn', { email: 'a@example.com' });
    await services.dispatch('noteComponentUsed', { componentType: 'Blog' });
    expect(await services.dispatch('noteComponentUsed', { componentType: '' })).toMatchObject({ ok: false });
    expect(await services.dispatch('noteComponentUsed', { componentType: 'x'.repeat(101) })).toMatchObject({
      ok: false,
    });
    expect(await services.dispatch('listRecentComponents', {})).toEqual({ ok: true, value: { recent: ['Blog'] } });
  });
});
