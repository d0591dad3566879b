import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createStudioServices, type StudioServices } from '../../../main/host/services';
import { createMemorySecretStore, createNodeStore } from '../../../main/services/stores';
import { makeTempDir } from './pages';

/**
 * Main's services as both shells start them (embedded content and sample services, drafts, a conf store)
 * on a fresh data folder for each test, closed and removed after it. Read `.current` inside the tests.
 */
export function useStudioServices(): { readonly current: StudioServices } {
  let services: StudioServices | null = null;
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await makeTempDir();
    services = await createStudioServices({
      dataDir,
      resourcesDir: join(import.meta.dirname, '../../../resources'),
      store: createNodeStore(dataDir),
      secrets: createMemorySecretStore(),
    });
  });
  afterEach(async () => {
    await services?.close();
    services = null;
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get current() {
      if (!services) throw new Error('The services run only inside a test.');
      return services;
    },
  };
}
