import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes text so that the target holds either its old or its new content, never a part of either: the text
 * goes to a temporary file in the same folder (rename is only atomic within one file system), is flushed to
 * disk, and then renamed over the target. On failure the temporary file is removed and the target untouched.
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  // Leading dot and .tmp suffix: listings that look for their own file names never pick it up.
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
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    await handle.sync().finally(() => handle.close());
  } catch {
    // The write itself succeeded; only its durability across a power cut is less certain.
  }
}

/** Reads and parses a JSON file; null when it does not exist. Invalid JSON throws an error naming the file. */
export async function readJsonFile(path: string): Promise<unknown | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissingFileError(error)) return null;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${path} does not hold valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

export function isMissingFileError(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}
