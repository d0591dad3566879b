import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contract } from '../../core/contract';
import { describeDamagedFiles, type DamagedFile } from '../../core/damagedFiles';
import { contentHash } from '../../core/rules/hash';
import { bookmarkFor, documentHash } from '../../core/rules/page';
import { emptyPageMeta, type Draft, type PageKey } from '../../core/schemas';
import { createStudioServices, type StudioServices } from '../../main/host/services';
import { removeCrashLeftovers } from '../../main/services/dataFolder';
import { createMemorySecretStore, createNodeStore } from '../../main/services/stores';
import { banner, HOME_KEY, makeTempDir } from './helpers/pages';

const draftFile = (key: PageKey) => `${contentHash(bookmarkFor(key))}.json`;

function makeDraft(key: PageKey, title: string): Draft {
  const meta = emptyPageMeta();
  const components = [banner(title)];
  return {
    bookmark: bookmarkFor(key),
    key,
    meta,
    components,
    baseHash: null,
    cleanHash: documentHash(meta, components),
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

const draft = (keptAt: string): DamagedFile => ({
  kind: 'draft',
  file: '/d/x.json',
  keptAt,
  reason: 'r',
  usedInstead: null,
});

describe('describeDamagedFiles', () => {
  it('says how many drafts could not be read and where each was kept, in the singular and plural', () => {
    expect(describeDamagedFiles([draft('/d/damaged/a.json')])).toEqual([
      '1 draft could not be read and was kept at /d/damaged/a.json.',
    ]);
    expect(describeDamagedFiles([draft('/a'), draft('/b'), draft('/c')])).toEqual([
      '3 drafts could not be read and were kept at /a, /b and /c.',
    ]);
    expect(describeDamagedFiles([])).toEqual([]);
  });

  it('names the settings file, its copy, and what is used instead', () => {
    const settings: DamagedFile = {
      kind: 'settings',
      file: '/u/settings.json',
      keptAt: '/u/settings.damaged-1.json',
      reason: 'Unexpected end of JSON input',
      usedInstead: 'defaults',
    };
    expect(describeDamagedFiles([settings, draft('/a')])).toEqual([
      '1 draft could not be read and was kept at /a.',
      'The settings file /u/settings.json could not be read (Unexpected end of JSON input); it was kept at /u/settings.damaged-1.json and the default settings are used.',
    ]);
    expect(describeDamagedFiles([{ ...settings, usedInstead: 'backup' }])[0]).toContain(
      'the last backup of the settings is used',
    );
  });
});

describe('a data folder with damaged files, through the services both shells start', () => {
  let dataDir: string;
  let services: StudioServices | null;
  const SALE_KEY: PageKey = { ...HOME_KEY, page: 'sale' };
  // About 62 KB of work whose last bytes a crash cut off.
  const damagedWork = JSON.stringify(makeDraft(HOME_KEY, 'y'.repeat(62_000))).slice(0, -20);
  const deepDraft = `{"bookmark":"deep","meta":${'{"a":'.repeat(3500)}1${'}'.repeat(3500)}}`;

  beforeEach(async () => {
    dataDir = await makeTempDir();
    services = null;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await mkdir(join(dataDir, 'drafts'), { recursive: true });
    await writeFile(join(dataDir, 'drafts', draftFile(HOME_KEY)), damagedWork);
    await writeFile(join(dataDir, 'drafts', `${contentHash('deep')}.json`), deepDraft);
    await writeFile(join(dataDir, 'drafts', draftFile(SALE_KEY)), JSON.stringify(makeDraft(SALE_KEY, 'Intact')));
    await writeFile(join(dataDir, 'settings.json'), '{"user":"ann@example.com","useSampleServ');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await services?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<StudioServices> {
    const store = createNodeStore(dataDir);
    services = await createStudioServices({
      dataDir,
      resourcesDir: join(import.meta.dirname, '../../resources'),
      store,
      damagedSettings: store.damagedFiles,
      secrets: createMemorySecretStore(),
    });
    return services;
  }

  async function call(channel: string, payload: unknown): Promise<Record<string, unknown>> {
    const result = await services!.dispatch(channel, payload);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as Record<string, unknown>;
  }

  it('starts, lists the intact draft, reports every damaged file, and loses none of them', async () => {
    await start();
    const listing = await call('listPages', {});

    expect(contract.listPages.output.parse(listing)).toBeTruthy();
    expect(listing.drafts).toEqual([expect.objectContaining({ key: SALE_KEY })]);
    const damaged = listing.damagedFiles as DamagedFile[];
    expect(damaged.map((file) => file.kind).sort()).toEqual(['draft', 'draft', 'settings']);
    expect(damaged.find((file) => file.reason.includes('the limit is 64'))).toBeDefined();
    const kept = await Promise.all(damaged.map((file) => readFile(file.keptAt, 'utf8')));
    expect(kept.sort()).toEqual([damagedWork, deepDraft, '{"user":"ann@example.com","useSampleServ'].sort());
    expect(describeDamagedFiles(damaged)[0]).toMatch(
      /^2 drafts could not be read and were kept at .*drafts\/damaged\//,
    );
  });

  it('opening the page whose draft was damaged starts a new draft and keeps the damaged one', async () => {
    await start();
    const opened = await call('openPage', { key: HOME_KEY });
    expect(opened.origin).toBe('new');
    await call('saveDraft', { draft: { ...(opened.draft as Draft), components: [banner('Edited')] } });

    const damaged = (await call('listPages', {})).damagedFiles as DamagedFile[];
    const kept = damaged.find((file) => file.file === join(dataDir, 'drafts', draftFile(HOME_KEY)));
    expect(kept!.keptAt).toContain(join('drafts', 'damaged'));
    expect(await readFile(kept!.keptAt, 'utf8')).toBe(damagedWork);
  });
});

describe('removeCrashLeftovers', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeTempDir();
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('removes old temporary files of the app in drafts, content, the outbox, the page cache and the settings folder, and nothing else', async () => {
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const files = {
      draftTemp: join(dataDir, 'drafts', '.0123456789abcdef.json.a1b2c3d4e5f6.tmp'),
      contentTemp: join(dataDir, 'content', 'jd', 'gb', 'home', '.0003.json.a1b2c3d4e5f6.tmp'),
      settingsTemp: join(dataDir, 'settings.json.tmp-1732486800a1b2c3'),
      outboxTemp: join(dataDir, 'outbox', '.000000000001-0b9c5f7e-3a1d-4c2b-9e8f-1a2b3c4d5e6f.json.a1b2c3d4e5f6.tmp'),
      pageCacheTemp: join(dataDir, 'page-cache', '.0123456789abcdef.json.a1b2c3d4e5f6.tmp'),
      youngTemp: join(dataDir, 'drafts', '.fedcba9876543210.json.0a1b2c3d4e5f.tmp'),
      foreignTemp: join(dataDir, 'drafts', 'notes.tmp'),
      chromiumFile: join(dataDir, 'Cookies.tmp'),
      draft: join(dataDir, 'drafts', '0123456789abcdef.json'),
    };
    for (const [name, path] of Object.entries(files)) {
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, name);
      if (name !== 'youngTemp') await utimes(path, old, old);
    }

    const removed = await removeCrashLeftovers(dataDir);

    expect(removed.sort()).toEqual(
      [files.draftTemp, files.contentTemp, files.settingsTemp, files.outboxTemp, files.pageCacheTemp].sort(),
    );
    expect((await readdir(join(dataDir, 'drafts'))).sort()).toEqual(
      ['.fedcba9876543210.json.0a1b2c3d4e5f.tmp', 'notes.tmp', '0123456789abcdef.json'].sort(),
    );
    expect(await readdir(dataDir)).toContain('Cookies.tmp');
  });
});
