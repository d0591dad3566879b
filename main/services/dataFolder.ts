import { join } from 'node:path';
import { removeStrayTempFiles, STRAY_TEMP_FILE_AGE_MS, TEMP_FILE_PATTERN } from './atomicFile';
import { SETTINGS_TEMP_FILE_PATTERN } from './stores';

/**
 * Removes the temporary files writes interrupted by a crash left in the data folder: writeFileAtomic's in
 * drafts/ and content/ (at any depth), outbox/ and page-cache/, and conf's next to settings.json. Only the app's own name patterns,
 * and only files old enough that no write still in flight (another shell on the same folder) can own them.
 * Answers the files removed.
 */
export async function removeCrashLeftovers(dataDir: string, now: Date = new Date()): Promise<string[]> {
  const common = { minAgeMs: STRAY_TEMP_FILE_AGE_MS, now };
  const removed = [
    ...(await removeStrayTempFiles(join(dataDir, 'drafts'), {
      ...common,
      pattern: TEMP_FILE_PATTERN,
      recursive: true,
    })),
    ...(await removeStrayTempFiles(join(dataDir, 'content'), {
      ...common,
      pattern: TEMP_FILE_PATTERN,
      recursive: true,
    })),
    // Team mode's pending saves and its cache of opened pages (issue 13).
    ...(await removeStrayTempFiles(join(dataDir, 'outbox'), {
      ...common,
      pattern: TEMP_FILE_PATTERN,
      recursive: false,
    })),
    ...(await removeStrayTempFiles(join(dataDir, 'page-cache'), {
      ...common,
      pattern: TEMP_FILE_PATTERN,
      recursive: false,
    })),
    ...(await removeStrayTempFiles(dataDir, { ...common, pattern: SETTINGS_TEMP_FILE_PATTERN, recursive: false })),
  ];
  if (removed.length > 0)
    console.info(`data folder: removed ${removed.length} temporary file(s) left by interrupted writes`);
  return removed;
}
