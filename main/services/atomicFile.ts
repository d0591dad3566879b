import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { link, lstat, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { parseJsonWithLimits } from '../../core/rules/jsonLimits';
import { errorMessage } from '../../core/rules/errorMessage';

/** The temporary files writeFileAtomic makes: `.<target name>.<12 hex digits>.tmp`. */
export const TEMP_FILE_PATTERN = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes text so that the target holds either its old or its new content, never a part of either: the text
 * goes to a temporary file in the same folder (rename is only atomic within one file system), is flushed to
 * disk, and then renamed over the target. On failure the temporary file is removed and the target untouched.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  // Leading dot and .tmp suffix: listings that look for their own file names never pick it up.
  // TEMP_FILE_PATTERN matches these names, so a crash's leftovers can be told from anyone else's files.
  const tempPath = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tempPath, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, path);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/**
 * Flushes the folder entry so the rename itself survives a power cut. Best effort: Windows cannot open
 * folders, some file systems refuse to sync them, and the new content is in place either way.
 */
export async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // The write itself succeeded; only its durability across a power cut is less certain.
  }
}

/**
 * Reads and parses a JSON file; null when it does not exist. Text that is not JSON, or passes the depth or
 * size limit (core/rules/jsonLimits.ts), throws an error naming the file and the limit.
 */
export async function readJsonFile(path: string): Promise<unknown | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissingFileError(error)) return null;
    throw error;
  }
  try {
    return parseJsonWithLimits(text);
  } catch (error) {
    throw new Error(`${path} does not hold valid JSON: ${errorMessage(error)}`, { cause: error });
  }
}

/** A time for file names: ISO 8601 without the colons Windows forbids. */
function fileTimestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves a file the app could not read out of the way instead of ever writing over it: into `targetFolder`
 * as `<name>.damaged-<time><ext>`, never replacing a file already there. Returns where it now is.
 */
export function keepDamagedFile(path: string, targetFolder: string, now: Date): string {
  mkdirSync(targetFolder, { recursive: true });
  const extension = extname(path);
  const stem = `${basename(path, extension)}.damaged-${fileTimestamp(now)}`;
  for (let attempt = 1; ; attempt++) {
    const target = join(targetFolder, `${stem}${attempt === 1 ? '' : `-${attempt}`}${extension}`);
    if (existsSync(target)) continue;
    renameSync(path, target);
    return target;
  }
}

export interface StrayTempFileOptions {
  /** Which names are the app's own temporary files. */
  pattern: RegExp;
  /** Younger files may belong to a write still in flight (another window or shell on the same folder). */
  minAgeMs: number;
  now: Date;
  /** Also look in every folder below (the content folder nests pages several levels deep). */
  recursive: boolean;
}

/** Temporary files older than this are leftovers of a write a crash interrupted; no write takes this long. */
export const STRAY_TEMP_FILE_AGE_MS = 60 * 60 * 1000;

/**
 * Removes the app's own temporary files that a crash left behind, and answers which ones it removed. Only
 * regular files matching `pattern` and older than `minAgeMs`; a missing folder has none.
 */
export async function removeStrayTempFiles(folder: string, options: StrayTempFileOptions): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder, { recursive: options.recursive });
  } catch (error) {
    if (isMissingFileError(error)) return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!options.pattern.test(basename(name))) continue;
    const path = join(folder, name);
    const stats = await lstat(path).catch(() => null);
    if (!stats?.isFile() || options.now.getTime() - stats.mtimeMs < options.minAgeMs) continue;
    await rm(path, { force: true });
    removed.push(path);
  }
  return removed;
}

export function isMissingFileError(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Writes a new file whole and durably, never over an existing one: the text is written atomically to a
 * temporary name, then linked to its own name, which fails if that name exists. False when it existed.
 */
export async function createFileOnce(path: string, text: string): Promise<boolean> {
  // Named like every temporary file (.*.tmp), so a crash between the two steps leaves one the start-up cleans.
  const pending = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFileAtomic(pending, text);
  try {
    await link(pending, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!HARD_LINKS_UNSUPPORTED.has(code ?? '')) throw error;
    // A file system without hard links (FAT, some network shares): exclusive within this process only.
    if (await exists(path)) return false;
    await rename(pending, path);
    return true;
  } finally {
    await rm(pending, { force: true });
  }
}

const HARD_LINKS_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP']);

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if (isMissingFileError(error)) return false;
    throw error;
  }
}
