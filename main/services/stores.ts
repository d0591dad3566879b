import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import type { DamagedFile } from '../../core/damagedFiles';
import { parseJsonWithLimits } from '../../core/rules/jsonLimits';
import { isMissingFileError, keepDamagedFile } from './atomicFile';
import { errorMessage } from '../../core/rules/errorMessage';

/**
 * The key-value store settings and favourites live in: electron-store in Electron, conf under plain Node.
 * Both already have this shape, so neither needs an adapter.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Credentials: encrypted with Electron safeStorage in the app, never written to plain JSON. */
export interface SecretStore {
  getSecret(name: string): string | null;
  setSecret(name: string, value: string | null): void;
  /** Whether a secret set now outlives this session: false when the system's secure storage is unavailable. */
  persists(): boolean;
}

/** The settings store, and the settings files found damaged when it was opened. */
export interface SettingsStore extends KeyValueStore {
  readonly damagedFiles: readonly DamagedFile[];
}

const SETTINGS_NAME = 'settings';
const BACKUP_NAME = 'settings.backup';

/**
 * The temporary files conf and electron-store write through `atomically` (`settings.json.tmp-<10 digits><6
 * hex>`); a crash between write and rename leaves one behind in the settings folder.
 */
export const SETTINGS_TEMP_FILE_PATTERN = /^settings(\.backup)?\.json\.tmp-\d{10}[0-9a-f]{6}$/;

/** What conf and electron-store (a conf subclass) offer; both write every change atomically. */
export interface ConfStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  store: Record<string, unknown>;
}

type SettingsFileState =
  { state: 'missing' } | { state: 'readable'; value: Record<string, unknown> } | { state: 'damaged'; reason: string };

/** Whether conf could open a settings file: it must hold a JSON object within the limits. */
function inspectSettingsFile(path: string): SettingsFileState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissingFileError(error)) return { state: 'missing' };
    throw new Error(`The settings file ${path} could not be read: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = parseJsonWithLimits(text);
  } catch (error) {
    return { state: 'damaged', reason: errorMessage(error) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { state: 'damaged', reason: 'it does not hold a JSON object' };
  }
  return { state: 'readable', value: value as Record<string, unknown> };
}

/**
 * Opens settings.json in `folder` through conf or electron-store (`open` makes a store for a config name),
 * with a backup (settings.backup.json) rewritten after every change. Both libraries throw a bare SyntaxError
 * on a damaged file, which stopped the app starting; their clearInvalidConfig option would silently empty it
 * instead. Here the damaged file is moved aside first (settings.damaged-<time>.json), the backup or the
 * defaults are used, and damagedFiles says so for the dashboard.
 */
export function openSettingsStore(
  folder: string,
  open: (configName: string) => ConfStore,
  options: { now?: Date; log?: (message: string) => void } = {},
): SettingsStore {
  const now = options.now ?? new Date();
  const log = options.log ?? ((message) => console.warn(`settings: ${message}`));
  const mainPath = join(folder, `${SETTINGS_NAME}.json`);
  const backupPath = join(folder, `${BACKUP_NAME}.json`);
  const damagedFiles: DamagedFile[] = [];

  const backupFile = inspectSettingsFile(backupPath);
  if (backupFile.state === 'damaged') {
    // Only a copy: the settings themselves are unharmed, so this is logged, not shown.
    log(
      `the backup ${backupPath} could not be read (${backupFile.reason}); kept at ${keepDamagedFile(backupPath, folder, now)}`,
    );
  }
  const restore = backupFile.state === 'readable' ? backupFile.value : null;
  const mainFile = inspectSettingsFile(mainPath);
  if (mainFile.state === 'damaged') {
    const keptAt = keepDamagedFile(mainPath, folder, now);
    const usedInstead = restore ? 'backup' : 'defaults';
    log(`${mainPath} could not be read (${mainFile.reason}); kept at ${keptAt}, using the ${usedInstead}`);
    damagedFiles.push({ kind: 'settings', file: mainPath, keptAt, reason: mainFile.reason, usedInstead });
  }

  const main = open(SETTINGS_NAME);
  if (mainFile.state === 'damaged' && restore) main.store = restore;
  const backup = open(BACKUP_NAME);
  const writeBackup = () => {
    backup.store = main.store;
  };
  if (mainFile.state === 'readable' && backupFile.state !== 'readable') writeBackup();

  return {
    damagedFiles,
    get: (key) => main.get(key),
    set: (key, value) => {
      main.set(key, value);
      writeBackup();
    },
    delete: (key) => {
      main.delete(key);
      writeBackup();
    },
  };
}

/** The plain-Node store used by the browser host and tests: a settings.json under the data folder. */
export function createNodeStore(dataDir: string): SettingsStore {
  return openSettingsStore(
    dataDir,
    (configName) => new Conf({ cwd: dataDir, configName, projectName: 'storefront-studio' }),
  );
}

/**
 * The browser host has no safeStorage, so it keeps credentials in memory only: they are never written to
 * disk unencrypted, and are asked for again after a restart of the host.
 */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    getSecret: (name) => secrets.get(name) ?? null,
    persists: () => false,
    setSecret: (name, value) => {
      if (value === null) secrets.delete(name);
      else secrets.set(name, value);
    },
  };
}
