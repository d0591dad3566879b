import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Conf from 'conf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeStore, openSettingsStore, SETTINGS_TEMP_FILE_PATTERN } from '../../main/services/stores';
import { makeTempDir } from './helpers/pages';

let dir: string;
let logged: string[];
const NOW = new Date('2026-11-24T22:00:00.000Z');
const KEPT_NAME = 'settings.damaged-2026-11-24T22-00-00-000Z.json';

beforeEach(async () => {
  dir = await makeTempDir();
  logged = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The browser host's store, with a fixed clock and a captured log. */
function open() {
  return openSettingsStore(dir, (configName) => new Conf({ cwd: dir, configName, projectName: 'storefront-studio' }), {
    now: NOW,
    log: (message) => logged.push(message),
  });
}

const settingsPath = () => join(dir, 'settings.json');
const readJson = async (name: string): Promise<unknown> => JSON.parse(await readFile(join(dir, name), 'utf8'));

describe('openSettingsStore', () => {
  it('starts on a truncated settings.json without a backup: the file is kept aside and defaults are used', async () => {
    const truncated = '{"user":"ann@example.com","serviceUrls":{"content":"https://cont';
    await writeFile(settingsPath(), truncated);

    const store = open();

    expect(store.get('user')).toBeUndefined();
    expect(await readFile(join(dir, KEPT_NAME), 'utf8')).toBe(truncated);
    expect(store.damagedFiles).toEqual([
      {
        kind: 'settings',
        file: settingsPath(),
        keptAt: join(dir, KEPT_NAME),
        reason: expect.stringContaining('JSON'),
        usedInstead: 'defaults',
      },
    ]);
    // The next change writes a fresh file; the damaged copy stays as it was.
    store.set('user', 'bob@example.com');
    expect(await readJson('settings.json')).toEqual({ user: 'bob@example.com' });
    expect(await readFile(join(dir, KEPT_NAME), 'utf8')).toBe(truncated);
  });

  it('uses the backup when settings.json is damaged', async () => {
    const first = open();
    first.set('user', 'ann@example.com');
    first.set('serviceUrls', { content: 'https://content.example.com' });
    await writeFile(settingsPath(), '{"user":"ann@exa');

    const reopened = open();

    expect(reopened.get('user')).toBe('ann@example.com');
    expect(reopened.get('serviceUrls')).toEqual({ content: 'https://content.example.com' });
    expect(reopened.damagedFiles).toEqual([
      expect.objectContaining({ keptAt: join(dir, KEPT_NAME), usedInstead: 'backup' }),
    ]);
    // Restored to disk too, so the next start reads it without help.
    expect(await readJson('settings.json')).toEqual({
      user: 'ann@example.com',
      serviceUrls: { content: 'https://content.example.com' },
    });
  });

  it('keeps the backup equal to the settings after every change', async () => {
    const store = open();
    store.set('user', 'ann@example.com');
    expect(await readJson('settings.backup.json')).toEqual({ user: 'ann@example.com' });
    store.delete('user');
    expect(await readJson('settings.backup.json')).toEqual({});
  });

  it('writes a first backup of readable settings that have none yet', async () => {
    await writeFile(settingsPath(), JSON.stringify({ user: 'ann@example.com' }));
    open();
    expect(await readJson('settings.backup.json')).toEqual({ user: 'ann@example.com' });
  });

  it.each([
    ['not an object', '[1, 2]', 'does not hold a JSON object'],
    ['null', 'null', 'does not hold a JSON object'],
    [
      'nested 3,500 levels deep',
      `{"a":${'['.repeat(3500)}${']'.repeat(3500)}}`,
      'nested more than 64 levels deep (the limit is 64)',
    ],
    ['empty', '', 'JSON'],
  ])('treats a settings.json that is %s as damaged', async (_, text, reason) => {
    await writeFile(settingsPath(), text);
    const store = open();
    expect(store.damagedFiles).toEqual([expect.objectContaining({ reason: expect.stringContaining(reason) })]);
    expect(await readFile(join(dir, KEPT_NAME), 'utf8')).toBe(text);
  });

  it('moves a damaged backup aside, logs it, and keeps the good settings', async () => {
    await writeFile(settingsPath(), JSON.stringify({ user: 'ann@example.com' }));
    await writeFile(join(dir, 'settings.backup.json'), '{"us');

    const store = open();

    expect(store.get('user')).toBe('ann@example.com');
    expect(store.damagedFiles).toEqual([]);
    expect(await readFile(join(dir, 'settings.backup.damaged-2026-11-24T22-00-00-000Z.json'), 'utf8')).toBe('{"us');
    expect(await readJson('settings.backup.json')).toEqual({ user: 'ann@example.com' });
    expect(logged).toEqual([expect.stringContaining('settings.backup.json could not be read')]);
  });

  it('names the file when it cannot be read at all', async () => {
    await mkdir(settingsPath());
    expect(() => open()).toThrow(`The settings file ${settingsPath()} could not be read`);
  });

  it('createNodeStore opens the same folder the same way', async () => {
    await writeFile(settingsPath(), '{"user":');
    const store = createNodeStore(dir);
    expect(store.damagedFiles).toHaveLength(1);
    expect(await readdir(dir)).toEqual([expect.stringMatching(/^settings\.damaged-.*\.json$/)]);
    expect(store.get('user')).toBeUndefined();
  });
});

describe('SETTINGS_TEMP_FILE_PATTERN', () => {
  it('matches the temporary names atomically gives settings files, and nothing else', () => {
    expect(SETTINGS_TEMP_FILE_PATTERN.test('settings.json.tmp-1732486800a1b2c3')).toBe(true);
    expect(SETTINGS_TEMP_FILE_PATTERN.test('settings.backup.json.tmp-1732486800a1b2c3')).toBe(true);
    expect(SETTINGS_TEMP_FILE_PATTERN.test('settings.json')).toBe(false);
    expect(SETTINGS_TEMP_FILE_PATTERN.test('other.json.tmp-1732486800a1b2c3')).toBe(false);
    expect(SETTINGS_TEMP_FILE_PATTERN.test('settings.json.tmp-1732486800a1b2c3.bak')).toBe(false);
  });
});
